import {
  AppError,
  BATCH_SKIP_REASONS,
  MUST_BE_RECORDED,
  NORMAL_SUMMARY,
  normalValueOf,
  type BatchSkipReason,
  type UserInfo,
} from '@checkup/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson, listNameFor } from '../people/confidential.js';
import { entryRefusal } from './dept-entry-guard.js';
import { saveDeptResults } from './dept-results-service.js';
import { deptItems, orderInDept } from './dept-view-repository.js';

interface Skip {
  order_id: string;
  cust_name: string;
  reason_code: BatchSkipReason;
  reason: string;
}

/** A visit 批量诊断 leaves alone, with why (issue 19: 跳过 1 位 said nothing). */
class Skipped extends Error {
  constructor(
    readonly code: BatchSkipReason,
    readonly detail?: string,
  ) {
    super(BATCH_SKIP_REASONS[code]);
  }
}

/** Details that only say the label again in other words. */
const NOT_NEWS: ReadonlySet<string> = new Set(['该体检者没有本科室的检查项目']);

/** The code of a refusal raised while saving (the lock, the visit's status). */
const codeOf = (err: AppError): BatchSkipReason =>
  err.code === 'RECORD_LOCKED'
    ? 'locked'
    : err.code === 'CONFIDENTIAL_DENIED'
      ? 'not_visible'
      : err.code === 'RECORD_NOT_FOUND'
        ? 'no_items'
        : 'not_editable';

/**
 * batch_normal_save (dept_diag_batch): every chosen order gets the department's normal results —
 * a text item its normal finding, a number its configured normal result or else left blank
 * (normalValueOf) — and the one summary line 未见明显异常. Each order is saved as diagnosis_union_save
 * saves it (one transaction each); an order that cannot be is skipped with its reason: 未报到, 已禁检,
 * 已签名, 本科室无项目, 已有录入结果, locked by someone else, or not editable in its status.
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
      const refusal = await entryRefusal(db, orderId, q.deptId);
      if (refusal)
        throw new Skipped(refusal.code, refusal.code === 'banned' ? refusal.msg.replace(/^.*：/, '') : undefined);
      if (head.deptStatus === '2') throw new Skipped('signed');
      if (head.deptStatus === '1') throw new Skipped('entered', '请逐个核对');
      const results = (await deptItems(db, orderId, q.deptId, head.sex))
        .filter((i) => MUST_BE_RECORDED.has(i.execState))
        .flatMap((i) => {
          const value = normalValueOf({ result_type: i.rule.resultType, normal_text: i.rule.normalText });
          return value === null ? [] : [{ item_id: i.item.id, result_value: value }];
        });
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
      const skip =
        err instanceof Skipped ? err : err instanceof AppError ? new Skipped(codeOf(err), err.message) : null;
      if (!skip) throw err;
      const label = BATCH_SKIP_REASONS[skip.code];
      skipped.push({
        order_id: orderId,
        cust_name: name,
        reason_code: skip.code,
        reason:
          skip.detail && skip.detail !== label && !NOT_NEWS.has(skip.detail) ? `${label}（${skip.detail}）` : label,
      });
    }
  }
  return { saved, result_count: resultCount, skipped };
}
