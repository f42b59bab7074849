import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@checkup/api-contract';
import {
  auditLog,
  deptSummaries,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderExceptions,
  orderStatusLog,
  orderUnions,
  orders,
  reviewAssignments,
  reviews,
  unionItems,
  unions,
  userRoles,
  users,
} from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';

const API = '/manager/api/examreview';
const DAY = '2031-01-15';

/** Issue 8 chief-examiner review: allotment, the three steps' pass / return, conclusion, exceptions. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let chief: ReturnType<typeof callerFor>;
  let chief2: ReturnType<typeof callerFor>;
  let admin: ReturnType<typeof callerFor>;
  let reviewer: ReturnType<typeof callerFor>;
  let chiefId: number;
  let secondChiefId: number;
  let reviewerId: number;
  let deptA: number;
  let deptB: number;

  const idOf = async (account: string) =>
    (await db().select({ id: users.id }).from(users).where(eq(users.userAccount, account)))[0]!.id;

  /** A visit whose departments are signed, with a diagnosis each, waiting at `status`. */
  async function visit(status: string, fields: { confidential?: boolean; date?: string } = {}) {
    const orderId = await addOrder(db(), {
      status,
      confidential: fields.confidential,
      examDate: fields.date ?? DAY,
      depts: [
        { deptId: deptA, status: '2' },
        { deptId: deptB, status: '2' },
      ],
    });
    await db()
      .insert(orderDiagnoses)
      .values([
        { orderId, deptId: deptA, diagName: '血压偏高', advice: '低盐饮食' },
        { orderId, deptId: deptB, diagName: '脂肪肝', advice: '低脂饮食' },
      ]);
    await db().insert(deptSummaries).values({ orderId, deptId: deptA, summaryContent: '血压 150/95mmHg', source: '4' });
    return orderId;
  }

  beforeAll(async () => {
    chief = callerFor(server, await tokenFor(server, 'chief', DEMO_PASSWORD));
    chief2 = callerFor(server, await tokenFor(server, 'chief2', DEMO_PASSWORD));
    admin = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
    reviewer = callerFor(server, await tokenFor(server, 'reviewer', DEMO_PASSWORD));
    chiefId = await idOf('chief');
    reviewerId = await idOf('reviewer');
    // A second 初审/主审 doctor, in the chief's role, so an automatic allotment has two to share between.
    secondChiefId = await addStaff(db(), 'chief_two', '钱医生', '1');
    const [chiefRole] = await db()
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, chiefId));
    await db().delete(userRoles).where(eq(userRoles.userId, secondChiefId));
    await db().insert(userRoles).values({ userId: secondChiefId, roleId: chiefRole!.roleId });
    ({ deptId: deptA } = await addDept(db(), '审核内科'));
    ({ deptId: deptB } = await addDept(db(), '审核超声科'));
  });

  describe('allotment', () => {
    it('lists the reviewers of each step by their role', async () => {
      const first = (await chief.get(`${API}/reviewer_list`, { step: 'first' })).json().data;
      expect(first.map((u: { user_name: string }) => u.user_name)).toEqual(['周文博', '郑雅琴', '钱医生']);
      const final = (await chief.get(`${API}/reviewer_list`, { step: 'final' })).json().data;
      expect(final.map((u: { id: number }) => u.id)).toEqual([reviewerId]);
    });

    it('assigns, reassigns and unassigns visits waiting for the step, and filters by assignment', async () => {
      const a = await visit('depts_done', { date: '2031-02-01' });
      const b = await visit('depts_done', { date: '2031-02-01' });
      const assign = await chief.post(`${API}/review_assign`, {
        step: 'first',
        order_ids: JSON.stringify([a, b]),
        reviewer_id: chiefId,
      });
      expect(assign.json()).toMatchObject({ status: 200, data: { assigned: 2 } });
      await chief.post(`${API}/review_assign`, {
        step: 'first',
        order_ids: JSON.stringify([b]),
        reviewer_id: secondChiefId,
      });

      const filter = { step: 'first', date_from: '2031-02-01', date_to: '2031-02-01' };
      const mine = (await chief.get(`${API}/review_worklist`, { ...filter, assigned: 'mine' })).json().data;
      expect(mine.list.map((r: { order_id: string }) => r.order_id)).toEqual([a]);
      expect(mine.list[0]).toMatchObject({ reviewer_name: '周文博', step: 'first' });

      await chief.post(`${API}/review_unassign`, { step: 'first', order_ids: JSON.stringify([a]) });
      const open = (await chief.get(`${API}/review_worklist`, { ...filter, assigned: 'unassigned' })).json().data;
      expect(open.list.map((r: { order_id: string }) => r.order_id)).toEqual([a]);
    });

    it('refuses a reviewer without the step, and a visit not waiting for it', async () => {
      const a = await visit('depts_done');
      const wrongUser = await chief.post(`${API}/review_assign`, {
        step: 'first',
        order_ids: JSON.stringify([a]),
        reviewer_id: reviewerId,
      });
      expect(wrongUser.json()).toMatchObject({ status: 400, msg: '所选用户不能初审' });
      const wrongStep = await chief.post(`${API}/review_assign`, {
        step: 'main',
        order_ids: JSON.stringify([a]),
        reviewer_id: chiefId,
      });
      expect(wrongStep.statusCode).toBe(409);
      expect(await db().select().from(reviewAssignments).where(eq(reviewAssignments.orderId, a))).toEqual([]);
    });

    it('spreads the unassigned visits evenly, giving fewer to whoever holds more', async () => {
      const date = '2031-03-01';
      const held = await visit('first_trial', { date });
      await chief.post(`${API}/review_assign`, {
        step: 'main',
        order_ids: JSON.stringify([held]),
        reviewer_id: chiefId,
      });
      for (let i = 0; i < 5; i++) await visit('first_trial', { date });
      const res = await chief.post(`${API}/review_auto_assign`, {
        step: 'main',
        date_from: date,
        date_to: date,
        reviewer_ids: JSON.stringify([chiefId, secondChiefId]),
      });
      const counts = Object.fromEntries(
        res.json().data.assigned.map((a: { reviewer_id: number; count: number }) => [a.reviewer_id, a.count]),
      );
      expect(counts).toEqual({ [chiefId]: 2, [secondChiefId]: 3 });
      const left = (
        await chief.get(`${API}/review_worklist`, {
          step: 'main',
          date_from: date,
          date_to: date,
          assigned: 'unassigned',
        })
      ).json().data;
      expect(left.total).toBe(0);
    });
  });

  describe('the three steps', () => {
    it('shows every department with its summary, diagnoses and sign state', async () => {
      const orderId = await visit('depts_done');
      const detail = (await chief.get(`${API}/review_detail`, { order_id: orderId })).json().data;
      expect(detail).toMatchObject({
        step: 'first',
        order_status: 'depts_done',
        conclusion: '',
        review_exception_flag: '0',
      });
      expect(detail.depts.map((d: { dept_name: string }) => d.dept_name)).toEqual(['审核内科', '审核超声科']);
      expect(detail.depts[0]).toMatchObject({
        dept_status: '2',
        summary: ['血压 150/95mmHg'],
        diag_list: [{ diag_name: '血压偏高', advice: '低盐饮食' }],
      });
    });

    it('passes first, main and final review, each writing a reviews row, the last making it printable', async () => {
      const orderId = await visit('depts_done');
      const pass = (step: string, caller = chief) =>
        caller.post(`${API}/review_pass`, { order_id: orderId, step, conclusion: '1. 血压偏高', advice: '低盐饮食' });
      expect((await pass('first')).json().data.order_status).toBe('first_trial');
      // 主审 by another chief examiner: one person does not pass two levels (issue 17).
      expect((await pass('main', chief2)).json().data.order_status).toBe('main_trial');
      expect((await pass('final', reviewer)).json().data.order_status).toBe('final_trial');

      const rows = await db().select().from(reviews).where(eq(reviews.orderId, orderId)).orderBy(asc(reviews.id));
      expect(rows.map((r) => [r.step, r.result, r.reviewerName])).toEqual([
        ['first', 'pass', '周文博'],
        ['main', 'pass', '郑雅琴'],
        ['final', 'pass', '吴静'],
      ]);
      const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      expect(order).toMatchObject({ status: 'final_trial', conclusion: '1. 血压偏高', advice: '低盐饮食' });
      const log = await db().select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId));
      expect(log.map((l) => l.toStatus)).toEqual(['first_trial', 'main_trial', 'final_trial']);
    });

    it('refuses a pass at the wrong step, or without a conclusion, and changes nothing', async () => {
      const orderId = await visit('depts_done');
      const wrong = await chief.post(`${API}/review_pass`, { order_id: orderId, step: 'main', conclusion: '正常' });
      expect(wrong.json()).toMatchObject({ status: 409, msg: '该订单当前待初审，不能主审，请刷新后重试' });
      const empty = await chief.post(`${API}/review_pass`, { order_id: orderId, step: 'first', conclusion: '  ' });
      expect(empty.json()).toMatchObject({ status: 400, msg: '请先填写总检结论' });
      expect(await orderStatus(db(), orderId)).toBe('depts_done');
      expect(await db().select().from(reviews).where(eq(reviews.orderId, orderId))).toEqual([]);
    });

    it('returns 终审 to 主审 and 主审 to 初审 with the reason', async () => {
      const orderId = await visit('main_trial');
      const back = await reviewer.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'final',
        target: 'previous',
        reason: '结论与超声所见不符',
      });
      expect(back.json().data.order_status).toBe('first_trial');
      const again = await chief.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'main',
        target: 'previous',
        reason: '请补充建议',
      });
      expect(again.json().data.order_status).toBe('depts_done');
      const rows = await db().select().from(reviews).where(eq(reviews.orderId, orderId)).orderBy(asc(reviews.id));
      expect(rows.map((r) => [r.step, r.result, r.reason])).toEqual([
        ['final', 'return', '结论与超声所见不符'],
        ['main', 'return', '请补充建议'],
      ]);
      const returned = (await chief.get(`${API}/review_worklist`, { returned: '1', keyword: orderId })).json().data;
      expect(returned.list[0]).toMatchObject({ order_id: orderId, return_reason: '请补充建议', step: 'first' });
    });

    it('returns to the departments, reopening the chosen ones', async () => {
      const orderId = await visit('first_trial');
      const noDept = await chief.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'main',
        target: 'depts',
        reason: '超声报告缺失',
      });
      expect(noDept.json()).toMatchObject({ status: 400, msg: '请选择要退回的科室' });
      const res = await chief.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'main',
        target: 'depts',
        reason: '超声报告缺失',
        exam_dept_ids: JSON.stringify([deptB]),
      });
      expect(res.json().data.order_status).toBe('in_exam');
      const depts = await db().select().from(orderDepts).where(eq(orderDepts.orderId, orderId));
      expect(Object.fromEntries(depts.map((d) => [d.deptId, d.status]))).toEqual({ [deptA]: '2', [deptB]: '1' });
      const [row] = await db().select().from(reviews).where(eq(reviews.orderId, orderId));
      expect(row).toMatchObject({ result: 'return', reason: '退回科室：超声报告缺失' });
    });

    it('requires a reason to return', async () => {
      const orderId = await visit('depts_done');
      const res = await chief.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'first',
        target: 'previous',
        reason: '',
      });
      expect(res.json()).toMatchObject({ status: 400, msg: '请填写退回原因' });
    });

    it('refuses a save or pass while another reviewer holds the lock, naming them', async () => {
      const orderId = await visit('main_trial');
      expect((await admin.post(`${API}/review_lock`, { order_id: orderId })).json().status).toBe(200);
      const locked = await reviewer.post(`${API}/review_lock`, { order_id: orderId });
      expect(locked.json().msg).toContain('系统管理员');
      const pass = await reviewer.post(`${API}/review_pass`, { order_id: orderId, step: 'final', conclusion: '正常' });
      expect(pass.statusCode).toBe(423);
      const save = await reviewer.post(`${API}/review_save`, { order_id: orderId, conclusion: '改写' });
      expect(save.statusCode).toBe(423);
      expect(await orderStatus(db(), orderId)).toBe('main_trial');
      await admin.post(`${API}/review_unlock`, { order_id: orderId });
      expect((await reviewer.post(`${API}/review_lock`, { order_id: orderId })).json().status).toBe(200);
    });

    it('refuses a confidential examinee to a user without special_flag, and audits it', async () => {
      const orderId = await visit('main_trial', { confidential: true });
      const res = await reviewer.get(`${API}/review_detail`, { order_id: orderId });
      expect(res.json()).toMatchObject({ status: 403, msg: '当前账号没有查看保密人员的权限！' });
      const pass = await reviewer.post(`${API}/review_pass`, { order_id: orderId, step: 'final', conclusion: '正常' });
      expect(pass.statusCode).toBe(403);
      const denied = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'confidential_denied'), eq(auditLog.target, orderId)));
      expect(denied.length).toBe(2);
      const list = (await reviewer.get(`${API}/review_worklist`, { keyword: orderId })).json().data;
      expect(list.list[0].cust_name).toBe('***');
    });

    it('saves the conclusion and advice, and answers them back', async () => {
      const orderId = await visit('first_trial');
      const res = await chief.post(`${API}/review_save`, {
        order_id: orderId,
        conclusion: '1. 脂肪肝',
        advice: '1. 脂肪肝：低脂饮食',
      });
      expect(res.json().data).toMatchObject({ conclusion: '1. 脂肪肝', advice: '1. 脂肪肝：低脂饮食', step: 'main' });
      const done = await visit('final_trial');
      const refused = await chief.post(`${API}/review_save`, { order_id: done, conclusion: '改写' });
      expect(refused.json()).toMatchObject({ status: 409, msg: '订单当前状态为「已终审」，不在总检审核中' });
    });
  });

  describe('abnormal flags', () => {
    it('marks a chief-examination exception that blocks the pass until handled', async () => {
      const orderId = await visit('depts_done');
      await chief.post(`${API}/set_review_exception`, { order_id: orderId, reason: '心电图与病史不符，需复核' });
      const detail = (await chief.get(`${API}/review_detail`, { order_id: orderId })).json().data;
      expect(detail.review_exception_flag).toBe('1');
      const blocked = await chief.post(`${API}/review_pass`, { order_id: orderId, step: 'first', conclusion: '正常' });
      expect(blocked.json()).toMatchObject({ status: 409, msg: '该订单有未处理的总检异常，请先处理异常再审核通过' });

      const history = (await chief.get(`${API}/get_exception_history`, { order_id: orderId })).json().data;
      expect(history).toMatchObject([
        {
          exception_type: 'review',
          review_exception: '心电图与病史不符，需复核',
          review_exception_flag: '1',
          exception_user: '周文博',
        },
      ]);
      const handled = await chief.post(`${API}/handle_exception`, {
        order_id: orderId,
        id: history[0].id,
        advise: '已电话核实',
      });
      expect(handled.json().data).toEqual({ id: history[0].id, review_exception_flag: '2' });
      const twice = await chief.post(`${API}/handle_exception`, {
        order_id: orderId,
        id: history[0].id,
        advise: '再次',
      });
      expect(twice.json()).toMatchObject({ status: 409, msg: '该异常已处理' });
      const passed = await chief.post(`${API}/review_pass`, { order_id: orderId, step: 'first', conclusion: '正常' });
      expect(passed.json().data.order_status).toBe('first_trial');
    });

    it('recalls the abnormal-report status: every open exception handled, department flags cleared', async () => {
      const orderId = await visit('final_trial');
      await db().update(orderDepts).set({ deptExceptionFlag: '1' }).where(eq(orderDepts.orderId, orderId));
      await db()
        .insert(orderExceptions)
        .values([
          { orderId, exceptionType: 'dept', deptId: deptA, reviewException: '血压复测', exceptionUser: '王医生' },
          { orderId, exceptionType: 'review', reviewException: '结论待定', exceptionUser: '周文博' },
        ]);
      const res = await chief.post(`${API}/recall_abnormal`, { order_id: orderId, reason: '已复核，可打印' });
      expect(res.json().data).toEqual({ order_id: orderId, handled: 2 });
      const rows = await db().select().from(orderExceptions).where(eq(orderExceptions.orderId, orderId));
      expect(rows.every((r) => r.reviewExceptionFlag === '2' && r.exceptionHandlerName === '周文博')).toBe(true);
      const depts = await db().select().from(orderDepts).where(eq(orderDepts.orderId, orderId));
      expect(depts.every((d) => d.deptExceptionFlag === '0')).toBe(true);
      const again = await chief.post(`${API}/recall_abnormal`, { order_id: orderId, reason: '再次' });
      expect(again.json()).toMatchObject({ status: 409, msg: '该订单没有未处理的异常，无需撤回' });
    });
  });

  it('searches the whole diagnosis dictionary', async () => {
    const found = (await chief.get(`${API}/search_diagnosis`, {})).json().data;
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toEqual(
      expect.objectContaining({
        diag_id: expect.any(Number),
        diag_name: expect.any(String),
        advice: expect.any(String),
      }),
    );
  });

  it('lists the tally sheet of ordered, done, given-up and missing unions', async () => {
    const orderId = await visit('main_trial');
    const withItems = await db()
      .selectDistinct({ unionId: unionItems.unionId, unionName: unions.unionName, itemId: unionItems.itemId })
      .from(unionItems)
      .innerJoin(unions, eq(unions.id, unionItems.unionId))
      .orderBy(asc(unionItems.unionId))
      .limit(40);
    const [done, missing, givenUp] = [...new Map(withItems.map((u) => [u.unionId, u])).values()];
    await db()
      .insert(orderUnions)
      .values(
        [done!, missing!, givenUp!].map((u, i) => ({
          orderId,
          unionId: u.unionId,
          deptId: i === 2 ? deptB : deptA,
          price: '10.00',
          status: i === 2 ? '2' : '0',
          origin: 'package',
        })),
      );
    for (const item of withItems.filter((u) => u.unionId === done!.unionId)) {
      await db()
        .insert(itemResults)
        .values({ orderId, itemId: item.itemId, unionId: done!.unionId, deptId: deptA, resultValue: '5' })
        .onConflictDoNothing();
    }
    const sheet = (await chief.get(`${API}/tally_sheet`, { order_id: orderId })).json().data;
    expect(sheet).toMatchObject({ order_id: orderId, ordered: 3, done: 1, given_up: 1, missing: [missing!.unionName] });
    expect(sheet.depts[0].unions.map((u: { status: string }) => u.status)).toEqual(['1', '0']);
    expect(sheet.depts[1].unions[0]).toMatchObject({ union_name: givenUp!.unionName, status: '2' });
  });
});
