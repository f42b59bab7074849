import { AppError, NORMAL_SUMMARY, type UserInfo } from '@checkup/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson, listNameFor } from '../people/confidential.js';
import { saveDeptResults } from './dept-results-service.js';
import { deptItems, orderInDept } from './dept-view-repository.js';

interface Skip {
  order_id: string;
  cust_name: string;
  reason: string;
}

/**
 * batch_normal_save (dept_diag_batch): every chosen order gets the department's normal results —
 * a text item its normal finding, a number left blank — and the one summary line 未见明显异常.
 * Each order is saved as diagnosis_union_save saves it (one transaction each); an order that cannot
 * be (signed, entered already, locked by someone else, not editable) is skipped with the reason.
 */
export async function saveNormalResults(
  db: Db,
  q: { deptId: number; orderIds: string[] },
  user: UserInfo,
  request: FastifyRequest,
) {
  const saved: string[] = [];
  const skipped: Skip[] = [];
  let resultCount = 0;
  for (const orderId of new Set(q.orderIds)) {
    let name = '';
    try {
      await assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'dept_batch');
      const head = await orderInDept(db, orderId, q.deptId);
      name = listNameFor(user, head.custName, head.specialFlag);
      if (head.deptStatus === '2') throw new AppError('ILLEGAL_TRANSITION', '本科室已签名');
      if (head.deptStatus === '1') throw new AppError('ILLEGAL_TRANSITION', '本科室已录入结果，请逐个核对');
      const results = (await deptItems(db, orderId, q.deptId, head.sex))
        .filter((i) => i.rule.resultType === 'text' && i.rule.normalText)
        .map((i) => ({ item_id: i.item.id, result_value: i.rule.normalText! }));
      await saveDeptResults(
        db,
        {
          order_id: orderId,
          exam_dept_id: q.deptId,
          results,
          summary: [{ summary_content: NORMAL_SUMMARY, source: '4', doctor_edited: '0', union_id: null }],
          diag_list: [],
        },
        user,
        request.ip,
      );
      saved.push(orderId);
      resultCount += results.length;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ order_id: orderId, cust_name: name, reason: err.message });
    }
  }
  return { saved, result_count: resultCount, skipped };
}
