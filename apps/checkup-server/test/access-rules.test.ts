import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPT_DENIED_MSG } from '@checkup/api-contract';
import {
  auditLog,
  orderDepts,
  parameters,
  reviewAssignments,
  roles,
  userDepts,
  userRoles,
  users,
} from '../src/db/schema.js';
import { PARAM } from '../src/modules/parameters/codes.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, orderStatus } from './support/domain.js';

/** Issue 17 §1: the rules that look at the row, not only at the screen. */
const DEPT = '/manager/api/departmentdiagnosis';
const REVIEW = '/manager/api/examreview';
const REVIEW_DETAIL = ['exam_mg/rev_apr_detail'];

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let serial = 0;

  /** A caller whose role opens `menu`; `depts` narrows the departments (all by default). */
  async function staff(menu: string[], depts?: number[]) {
    serial += 1;
    const account = `rule_${serial}`;
    const token = await staffSession(db(), account, menu);
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, account));
    if (depts) {
      await db().update(users).set({ allDepts: false }).where(eq(users.id, user!.id));
      if (depts.length)
        await db()
          .insert(userDepts)
          .values(depts.map((deptId) => ({ userId: user!.id, deptId })));
    }
    return { ...callerFor(server, token), id: user!.id, account };
  }

  const lastRefusal = async (account: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.userAccount, account)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  describe('departments', () => {
    let own: number;
    let other: number;
    beforeAll(async () => {
      ({ deptId: own } = await addDept(db(), '规则内科'));
      ({ deptId: other } = await addDept(db(), '规则眼科'));
    });

    it("refuses another department's worklist, results, signature and exception, with the spec's message", async () => {
      const doctor = await staff(['exam_mg/dept_diag', 'exam_mg/dept_diag_detail'], [own]);
      const orderId = await addOrder(db(), {
        status: 'in_exam',
        depts: [
          { deptId: own, status: '0' },
          { deptId: other, status: '0' },
        ],
      });
      const calls = [
        doctor.get(`${DEPT}/dept_worklist`, { exam_dept_id: other, exam_date: '2026-11-21' }),
        doctor.post(`${DEPT}/diagnosis_union_save`, {
          ...{ order_id: orderId, exam_dept_id: other },
          ...{ results: '[]', summary: '[]', diag_list: '[]' },
        }),
        doctor.get(`${DEPT}/order_dept_sign`, { order_id: orderId, exam_dept_id: other }),
        doctor.post(`${DEPT}/set_dept_exception`, {
          order_id: orderId,
          exam_dept_id: other,
          dept_exception_flag: '1',
          reason: '标本溶血',
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe(DEPT_DENIED_MSG);
      }
      const [row] = await db()
        .select({ status: orderDepts.status, exception: orderDepts.deptExceptionFlag })
        .from(orderDepts)
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, other)));
      expect(row).toEqual({ status: '0', exception: '0' });
      expect(await lastRefusal(doctor.account)).toMatchObject({
        target: `dept:${other}`,
        detail: { rule: 'dept_scope' },
      });

      const mine = await doctor.get(`${DEPT}/dept_worklist`, { exam_dept_id: own, exam_date: '2026-11-21' });
      expect(mine.json()).toMatchObject({ status: 200, data: { total: 1 } });
    });

    it('lets an account of every department work in any', async () => {
      const cover = await staff(['exam_mg/dept_diag']);
      const res = await cover.get(`${DEPT}/dept_worklist`, { exam_dept_id: other, exam_date: '2026-11-21' });
      expect(res.json().status).toBe(200);
    });
  });

  describe('review levels', () => {
    const visit = () => addOrder(db(), { status: 'depts_done' });
    const pass = (caller: Awaited<ReturnType<typeof staff>>, orderId: string, step: string) =>
      caller.post(`${REVIEW}/review_pass`, { order_id: orderId, step, conclusion: '未见明显异常', advice: '定期复查' });

    it('refuses a level whose worklist the account does not open', async () => {
      const chief = await staff([...REVIEW_DETAIL, 'exam_mg/first_trial', 'exam_mg/second_trial']);
      const orderId = await addOrder(db(), { status: 'main_trial' });
      const res = await pass(chief, orderId, 'final');
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('没有终审的权限，请联系管理员');
      expect(await orderStatus(db(), orderId)).toBe('main_trial');
    });

    it("refuses a visit assigned to another reviewer with the assignee's name, unless the account allots the level", async () => {
      const chiefs = [...REVIEW_DETAIL, 'exam_mg/first_trial'];
      const assignee = await staff(chiefs);
      const other = await staff(chiefs);
      const allotter = await staff([...chiefs, 'exam_mg/review_allot/first_review_allot']);
      await db().update(users).set({ userName: '冯主任' }).where(eq(users.id, assignee.id));
      const orderId = await visit();
      const assigned = await allotter.post(`${REVIEW}/review_assign`, {
        step: 'first',
        order_ids: JSON.stringify([orderId]),
        reviewer_id: assignee.id,
      });
      expect(assigned.json()).toMatchObject({ status: 200, data: { assigned: 1 } });

      const refused = await other.post(`${REVIEW}/review_lock`, { order_id: orderId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe('该订单的初审已分配给冯主任，请由其审核或联系分配人员');
      expect((await pass(other, orderId, 'first')).statusCode).toBe(403);
      expect(await lastRefusal(other.account)).toMatchObject({ target: orderId, detail: { rule: 'review_assignee' } });

      expect((await pass(allotter, orderId, 'first')).json().status).toBe(200);
    });

    it('refuses one person two levels of a visit, unless parameter 0030 allows it', async () => {
      const menu = [...REVIEW_DETAIL, 'exam_mg/first_trial', 'exam_mg/second_trial'];
      const [a, b] = [await staff(menu), await staff(menu)];
      const orderId = await visit();
      expect((await pass(a, orderId, 'first')).json().status).toBe(200);

      const twice = await pass(a, orderId, 'main');
      expect(twice.statusCode).toBe(403);
      expect(twice.json().msg).toBe('您已完成该订单的初审，同一订单的各级审核须由不同的人完成');
      expect(await orderStatus(db(), orderId)).toBe('first_trial');
      expect((await pass(b, orderId, 'main')).json().status).toBe(200);

      const [stored] = await db().select().from(parameters).where(eq(parameters.paramCode, PARAM.AI_REVIEW));
      await db()
        .update(parameters)
        .set({ paramValue: { ...(stored!.paramValue as object), distinct_reviewers: false } })
        .where(eq(parameters.paramCode, PARAM.AI_REVIEW));
      try {
        const again = await visit();
        expect((await pass(a, again, 'first')).json().status).toBe(200);
        expect((await pass(a, again, 'main')).json().status).toBe(200);
      } finally {
        await db()
          .update(parameters)
          .set({ paramValue: stored!.paramValue })
          .where(eq(parameters.paramCode, PARAM.AI_REVIEW));
      }
    });

    it('allots a level only for whom its allotment screen is open', async () => {
      const firstAllotter = await staff(['exam_mg/review_allot/first_review_allot']);
      expect((await firstAllotter.get(`${REVIEW}/reviewer_list`, { step: 'first' })).json().status).toBe(200);
      const orderId = await addOrder(db(), { status: 'main_trial' });
      const res = await firstAllotter.post(`${REVIEW}/review_assign`, {
        step: 'final',
        order_ids: JSON.stringify([orderId]),
        reviewer_id: firstAllotter.id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('没有终审分配的权限，请联系管理员');
      expect(await db().select().from(reviewAssignments).where(eq(reviewAssignments.orderId, orderId))).toEqual([]);
    });
  });

  describe('permissions and roles', () => {
    it('grants a button-level permission only by itself, not through its screen', async () => {
      const orderId = await addOrder(db(), { status: 'registered' });
      const screenOnly = await staff(['exam_mg/order_mg', 'exam_mg/order_mg_detail']);
      const refused = await screenOnly.post('/manager/api/order/change_status', {
        order_id: orderId,
        action: 'check_in',
      });
      expect(refused.statusCode).toBe(403);
      expect(await orderStatus(db(), orderId)).toBe('registered');

      const supervisor = await staff(['exam_mg/order_mg_detail:change_status']);
      const moved = await supervisor.post('/manager/api/order/change_status', {
        order_id: orderId,
        action: 'check_in',
      });
      expect(moved.json()).toMatchObject({ status: 200, data: { status: 'checked_in' } });
    });

    it("applies a changed role at its holder's next call, in the same session", async () => {
      const keeper = await staff(['cfg/par_cfg']);
      expect((await keeper.get('/manager/api/Commonconfig/parameter_list')).json().status).toBe(200);
      const [held] = await db()
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, keeper.id));
      await db()
        .update(roles)
        .set({ roleMenu: ['cfg/log_front'] })
        .where(eq(roles.id, held!.roleId));
      expect((await keeper.get('/manager/api/Commonconfig/parameter_list')).statusCode).toBe(403);
      expect((await keeper.get('/manager/api/logfront/list')).json().status).toBe(200);
    });
  });
});
