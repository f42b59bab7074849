import type { FastifyInstance } from 'fastify';
import {
  batchNormalSaveRoute,
  deptDiagnosisListRoute,
  deptLockRoute,
  diagnosisUnionSaveRoute,
  matchDiagByUnionRoute,
  myDeptsRoute,
  deptUnlockRoute,
  deptWorklistRoute,
  orderDeptSignRoute,
  orderImagingDeptSignRoute,
  searchDiagnosisRoute,
  setDeptExceptionRoute,
  type OrderStatus,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertWorksIn } from '../access/dept-scope.js';
import { deptLockKey, lockOrRefuse, releaseLock } from '../locks/record-locks.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson, listNameFor } from '../people/confidential.js';
import { saveNormalResults } from './batch-normal-service.js';
import { setDeptException } from './dept-exception-service.js';
import { deptsOfUser, deptWorklist } from './dept-repository.js';
import { searchDiagnoses } from './diag-dictionary-repository.js';
import { signDept, signImaging } from './dept-sign-service.js';
import { saveDeptResults } from './dept-results-service.js';
import { loadDeptView } from './dept-view-repository.js';
import { assertEnterable } from './dept-entry-guard.js';
import { matchDiagnoses } from './match-service.js';

/** Department diagnosis (科室诊断): the worklist, the record lock and the signatures (spec §7). */
export async function deptDiagRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, deptWorklistRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    const { rows, total } = await deptWorklist(db, {
      deptId: input.exam_dept_id,
      examDate: input.exam_date,
      deptStatus: input.dept_status,
      keyword: input.keyword,
      mayViewConfidential: user.special_flag === '1',
      page: input.page,
      size: input.size,
    });
    return {
      list: rows.map((r) => ({
        order_id: r.orderId,
        cust_name: listNameFor(user, r.custName, r.specialFlag),
        sex: r.sex,
        age: r.age,
        special_flag: r.specialFlag,
        exam_date: r.examDate,
        dept_status: r.deptStatus,
        order_status: r.orderStatus as OrderStatus,
        dept_exception_flag: r.deptExceptionFlag,
        ban_reason: r.bannedAt === null ? null : r.banReason?.trim() || '未填写原因',
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });

  defineRoute(app, deptLockRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    await assertEnterable(db, input.order_id, input.exam_dept_id, { lines: false });
    const until = await lockOrRefuse(
      db,
      { type: 'dept_diag', key: deptLockKey(input.order_id, input.exam_dept_id) },
      user,
    );
    return { order_id: input.order_id, locked_until: until.toISOString() };
  });

  defineRoute(app, deptUnlockRoute, async ({ input, user }) => ({
    released: await releaseLock(
      db,
      { type: 'dept_diag', key: deptLockKey(input.order_id, input.exam_dept_id) },
      user.id,
    ),
  }));

  defineRoute(app, orderDeptSignRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_sign');
    const status = await signDept(db, input.order_id, input.exam_dept_id, user, request.ip);
    return { order_id: input.order_id, exam_dept_id: input.exam_dept_id, order_status: status };
  });

  defineRoute(app, orderImagingDeptSignRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'imaging_sign');
    await signImaging(db, input.order_id, input.exam_dept_id, input.work_group_id, user);
    return { order_id: input.order_id, exam_dept_id: input.exam_dept_id, work_group_id: input.work_group_id };
  });

  defineRoute(app, deptDiagnosisListRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    await assertEnterable(db, input.order_id, input.exam_dept_id);
    return loadDeptView(db, input.order_id, input.exam_dept_id);
  });

  defineRoute(app, matchDiagByUnionRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    return matchDiagnoses(db, {
      orderId: input.order_id,
      deptId: input.exam_dept_id,
      unionId: input.union_id,
      results: input.results,
    });
  });

  defineRoute(app, diagnosisUnionSaveRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    return saveDeptResults(db, input, user, request.ip);
  });

  defineRoute(app, myDeptsRoute, async ({ user }) =>
    (await deptsOfUser(db, user.id, user.all_depts)).map((d) => ({
      exam_dept_id: d.examDeptId,
      dept_name: d.deptName,
      dept_type: d.deptType,
    })),
  );

  defineRoute(app, searchDiagnosisRoute, async ({ input }) => searchDiagnoses(db, input.exam_dept_id, input.keyword));

  defineRoute(app, setDeptExceptionRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_exception');
    return setDeptException(
      db,
      { orderId: input.order_id, deptId: input.exam_dept_id, flag: input.dept_exception_flag, reason: input.reason },
      user,
    );
  });

  defineRoute(app, batchNormalSaveRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    return saveNormalResults(db, { deptId: input.exam_dept_id, orderIds: input.order_ids }, user, request);
  });
}
