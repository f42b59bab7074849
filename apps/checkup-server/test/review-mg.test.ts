import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MESSAGES, REVIEW_MG_MESSAGES, errorCatalogue } from '@checkup/api-contract';
import { auditLog, examItems, itemResults, orderUnions, orders, reviewPlans, unions, users } from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { sheetRows } from './support/resource-suite.js';

/**
 * Issue 20, 复查管理: 需复查 from 总检 (items from the visit, no duplicates, an interval or a day), the
 * list with its filters and masked phone, 登记复查 (the same person, exam type 复查, linked, items
 * edited, priced by 复查收费方式 and 复查折扣, once per re-exam), 取消 with a reason, 反登记 of the
 * re-exam releasing it, the export, the audit rows and the refusals by role.
 */
const DESK = ['exam_mg/order_quick_register', 'exam_mg/order_mg_detail', 'exam_mg/order_mg_detail:unregister'];
const MARK = '/manager/api/review_mg/mark';
const REGISTER = '/manager/api/review_mg/register';
const CANCEL = '/manager/api/review_mg/cancel';
const LIST = '/manager/api/review_mg/list';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  let chief: ReturnType<typeof callerFor>;
  let doctor: ReturnType<typeof callerFor>;
  let ids: { xcg: number; ncg: number; ggn: number };
  let examinee = 0;
  const today = todayCst();

  beforeAll(async () => {
    await addStaff(db(), 'rm_clerk', '登记员复', '0', { menu: [...DESK, 'exam_mg/review_mg'] });
    await db().update(users).set({ discountFloor: '90' }).where(eq(users.userAccount, 'rm_clerk'));
    await addStaff(db(), 'rm_chief', '总检医生复', '1', { menu: ['exam_mg/rev_apr_detail', 'exam_mg/review_mg'] });
    await addStaff(db(), 'rm_doctor', '科室医生复', '0', { menu: ['exam_mg/dept_diag', 'exam_mg/dept_diag_detail'] });
    clerk = callerFor(server, await tokenFor(server, 'rm_clerk'));
    chief = callerFor(server, await tokenFor(server, 'rm_chief'));
    doctor = callerFor(server, await tokenFor(server, 'rm_doctor'));
    const rows = await db()
      .select({ id: unions.id, code: unions.unionCode })
      .from(unions)
      .where(inArray(unions.unionCode, ['XCG', 'NCG', 'GGN']));
    const idOf = (code: string) => rows.find((r) => r.code === code)!.id;
    ids = { xcg: idOf('XCG'), ncg: idOf('NCG'), ggn: idOf('GGN') };
  });

  /** A visit registered at the desk (血常规, 尿常规) whose departments are done: 总检 may mark it. */
  async function firstVisit(name = `复查者${++examinee}`, confidential = false): Promise<string> {
    const saved = await clerk.post('/manager/api/order/save', {
      cust_name: name,
      sex: '1',
      birthday: '1980-03-04',
      phone: '13812345678',
      special_flag: confidential ? '1' : '0',
      exam_type: 'health',
      exam_date: today,
      union_ids: JSON.stringify([ids.xcg, ids.ncg]),
    });
    expect(saved.json().msg).toBe('操作成功');
    const orderId = saved.json().data.order_id as string;
    await db().update(orders).set({ status: 'depts_done' }).where(eq(orders.orderId, orderId));
    return orderId;
  }

  const mark = (orderId: string, fields: Record<string, string | number> = {}) =>
    chief.post(MARK, {
      order_id: orderId,
      union_ids: JSON.stringify([ids.xcg]),
      interval_months: 3,
      notes: '空腹复查',
      ...fields,
    });

  const listed = async (filter: Record<string, string>) => (await clerk.get(LIST, filter)).json().data;

  describe('需复查 in 总检', () => {
    it('marks a visit with its items and an interval (due day three months on), audited, and changes it while it waits', async () => {
      const orderId = await firstVisit();
      const [first] = await db()
        .select({ deptId: orderUnions.deptId })
        .from(orderUnions)
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, ids.xcg)));
      const res = await mark(orderId);
      expect(res.json().msg).toBe('操作成功');
      const plan = res.json().data;
      const [y, m, d] = today.split('-').map(Number);
      const due = new Date(Date.UTC(y!, m! - 1 + 3, 1));
      expect(plan.due_date.slice(0, 7)).toBe(due.toISOString().slice(0, 7));
      expect(plan.due_date.slice(8) <= String(d).padStart(2, '0')).toBe(true);
      expect(plan).toMatchObject({ status: 'pending', union_names: ['血常规'], interval_months: 3, notes: '空腹复查' });

      const changed = await mark(orderId, {
        union_ids: JSON.stringify([ids.xcg, ids.ncg]),
        interval_months: '',
        due_date: '2030-01-10',
      });
      expect(changed.json().data).toMatchObject({
        id: plan.id,
        union_names: ['血常规', '尿常规'],
        interval_months: null,
        due_date: '2030-01-10',
      });
      const audits = await db()
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review_mark'), eq(auditLog.target, orderId)));
      expect(audits).toHaveLength(2);
      expect(audits[1]!.detail).toMatchObject({ changed: true, due_date: '2030-01-10' });

      const [item] = await db().select({ id: examItems.id }).from(examItems).limit(1);
      await db().insert(itemResults).values({
        orderId,
        itemId: item!.id,
        unionId: ids.xcg,
        deptId: first!.deptId,
        resultValue: '12.5',
        abnormalFlag: 'H',
      });
      const read = (await chief.get('/manager/api/review_mg/visit_plan', { order_id: orderId })).json().data;
      expect(read.plan.id).toBe(plan.id);
      const offered = Object.fromEntries(
        read.unions.map((u: { union_name: string; abnormal: boolean }) => [u.union_name, u.abnormal]),
      );
      expect(offered).toEqual({ 血常规: true, 尿常规: false });
    }, 30_000);

    it('refuses duplicate items, items not in the visit, no interval or day, and a visit still in the departments', async () => {
      const orderId = await firstVisit();
      const dup = await mark(orderId, { union_ids: JSON.stringify([ids.xcg, ids.ncg, ids.xcg]) });
      expect(dup.json().msg).toBe(REVIEW_MG_MESSAGES.duplicate('血常规'));
      const foreign = await mark(orderId, { union_ids: JSON.stringify([ids.ggn]) });
      expect(foreign.json().msg).toBe(REVIEW_MG_MESSAGES.notPickable);
      const when = await mark(orderId, { interval_months: '' });
      expect(when.json().msg).toBe(REVIEW_MG_MESSAGES.when);
      const ends = await mark(orderId, { interval_months: '', due_date: '2030-02-01', due_end: '2030-01-01' });
      expect(ends.json().msg).toBe(REVIEW_MG_MESSAGES.endBeforeStart);
      await db().update(orders).set({ status: 'in_exam' }).where(eq(orders.orderId, orderId));
      expect((await mark(orderId)).json().msg).toBe(REVIEW_MG_MESSAGES.tooEarly);
      expect(await db().select().from(reviewPlans).where(eq(reviewPlans.orderId, orderId))).toHaveLength(0);
    }, 30_000);
  });

  describe('登记复查', () => {
    it('registers the re-exam for the same person, type 复查, items edited, linked to the first visit, once', async () => {
      const orderId = await firstVisit();
      const plan = (await mark(orderId)).json().data;
      const res = await clerk.post(REGISTER, {
        id: plan.id,
        union_ids: JSON.stringify([ids.xcg, ids.ggn]),
        exam_date: today,
      });
      expect(res.json().msg).toBe('操作成功');
      const reviewId = res.json().data.order_id as string;

      const [first] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      const [again] = await db().select().from(orders).where(eq(orders.orderId, reviewId));
      expect(again).toMatchObject({ examType: 'review', customerId: first!.customerId, status: 'registered' });
      const lines = await db()
        .select({ unionId: orderUnions.unionId, payMode: orderUnions.payMode })
        .from(orderUnions)
        .where(eq(orderUnions.orderId, reviewId));
      expect(lines.map((l) => l.unionId).sort()).toEqual([ids.xcg, ids.ggn].sort());

      const detail = (await clerk.get('/manager/api/order/detail', { order_id: reviewId })).json().data;
      expect(detail.review_of).toEqual({ order_id: orderId, exam_date: today });
      const firstDetail = (await clerk.get('/manager/api/order/detail', { order_id: orderId })).json().data;
      expect(firstDetail.review_of).toBeNull();

      const second = await clerk.post(REGISTER, {
        id: plan.id,
        union_ids: JSON.stringify([ids.xcg]),
        exam_date: today,
      });
      expect(second.json().msg).toBe(REVIEW_MG_MESSAGES.registered(reviewId));
      expect((await mark(orderId)).json().msg).toBe(REVIEW_MG_MESSAGES.registered(reviewId));
      const [audit] = await db()
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review_register'), eq(auditLog.target, reviewId)));
      expect(audit!.detail).toMatchObject({ plan_id: plan.id, first_order_id: orderId, pay_mode: 'self' });
    }, 30_000);

    it('refuses duplicate items and company pay for a personal visit; prices by 复查折扣 within the floor only', async () => {
      const orderId = await firstVisit();
      const plan = (await mark(orderId)).json().data;
      const base = { id: plan.id, exam_date: today, union_ids: JSON.stringify([ids.xcg]) };
      const dup = await clerk.post(REGISTER, { ...base, union_ids: JSON.stringify([ids.xcg, ids.xcg]) });
      expect(dup.json().msg).toBe(REVIEW_MG_MESSAGES.duplicate('血常规'));
      const company = await clerk.post(REGISTER, { ...base, pay_mode: 'company' });
      expect(company.json().msg).toBe(REVIEW_MG_MESSAGES.companyPay);
      const low = await clerk.post(REGISTER, { ...base, discount_rate: 50 });
      expect(low.json().msg).toBe(PRICING_MESSAGES.belowFloor(90));
      expect((await db().select().from(reviewPlans).where(eq(reviewPlans.id, plan.id)))[0]!.status).toBe('pending');

      const [xcg] = await db().select({ price: unions.price }).from(unions).where(eq(unions.id, ids.xcg));
      const ok = await clerk.post(REGISTER, { ...base, discount_rate: 90 });
      expect(ok.json().msg).toBe('操作成功');
      const expected = Math.round(Number(xcg!.price) * 90) / 100;
      expect(Math.abs(Number(ok.json().data.total_price) - expected)).toBeLessThanOrEqual(1);
    }, 30_000);

    it('反登记 of the re-exam visit lets it wait again; the first visit cannot be unregistered', async () => {
      const orderId = await firstVisit();
      const plan = (await mark(orderId)).json().data;
      const reviewId = (
        await clerk.post(REGISTER, { id: plan.id, union_ids: JSON.stringify([ids.ncg]), exam_date: today })
      ).json().data.order_id;
      const undone = await clerk.post('/manager/api/order/unregister', { order_id: reviewId });
      expect(undone.json().msg).toBe('操作成功');
      const [after] = await db().select().from(reviewPlans).where(eq(reviewPlans.id, plan.id));
      expect(after).toMatchObject({ status: 'pending', reviewOrderId: null });
      await db().update(orders).set({ status: 'checked_in' }).where(eq(orders.orderId, orderId));
      const first = await clerk.post('/manager/api/order/unregister', { order_id: orderId });
      expect(first.json().msg).toBe('该体检已安排复查，不能反登记');
    }, 30_000);
  });

  describe('取消 and the list', () => {
    it('cancels a waiting re-exam with a reason (audited), refuses a registered one, and allows a new one after', async () => {
      const orderId = await firstVisit();
      const plan = (await mark(orderId)).json().data;
      expect((await clerk.post(CANCEL, { id: plan.id, reason: ' ' })).json().msg).toBe('请填写取消原因');
      const res = await clerk.post(CANCEL, { id: plan.id, reason: '已在外院复查' });
      expect(res.json().data).toEqual({ id: plan.id, status: 'cancelled' });
      expect((await clerk.post(CANCEL, { id: plan.id, reason: '再次' })).json().msg).toBe(REVIEW_MG_MESSAGES.cancelled);
      const [audit] = await db()
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review_cancel'), eq(auditLog.target, orderId)));
      expect(audit!.detail).toEqual({ plan_id: plan.id, reason: '已在外院复查' });

      const next = (await mark(orderId)).json().data;
      expect(next.id).not.toBe(plan.id);
      await clerk.post(REGISTER, { id: next.id, union_ids: JSON.stringify([ids.xcg]), exam_date: today });
      const refused = await clerk.post(CANCEL, { id: next.id, reason: '不需要了' });
      expect(refused.json().msg).toBe(REVIEW_MG_MESSAGES.cancelRegistered);
    }, 30_000);

    it('lists by status, due days and 体检号 or name, with the phone masked and a confidential name hidden; 已完成 after 终审', async () => {
      const name = `列表复查${Date.now() % 100000}`;
      const orderId = await firstVisit(name);
      const plan = (await mark(orderId, { interval_months: '', due_date: '2031-05-06' })).json().data;
      const secret = await firstVisit(`保密复查${examinee}`, true);
      const secretPlan = (await mark(secret, { interval_months: '', due_date: '2031-05-06' })).json().data;
      // A clerk who may not see confidential persons may not register or cancel their re-exam either.
      const denied = await clerk.post(REGISTER, { id: secretPlan.id, union_ids: '[1]', exam_date: today });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().msg).toBe(errorCatalogue.CONFIDENTIAL_DENIED.msg);
      expect((await clerk.post(CANCEL, { id: secretPlan.id, reason: '无' })).statusCode).toBe(403);

      const byName = await listed({ key: name });
      expect(byName.total).toBe(1);
      expect(byName.list[0]).toMatchObject({
        id: plan.id,
        order_id: orderId,
        cust_name: name,
        phone: '138****5678',
        union_names: '血常规',
        due_date: '2031-05-06',
        status: 'pending',
        review_order_id: null,
      });
      const day = await listed({ date_from: '2031-05-06', date_to: '2031-05-06' });
      expect(day.list.map((r: { order_id: string }) => r.order_id).sort()).toEqual([orderId, secret].sort());
      const hidden = day.list.find((r: { order_id: string }) => r.order_id === secret);
      expect(hidden).toMatchObject({ cust_name: '***', phone: null });
      expect((await listed({ key: orderId, status: 'registered' })).total).toBe(0);

      const reviewId = (
        await clerk.post(REGISTER, { id: plan.id, union_ids: JSON.stringify([ids.xcg]), exam_date: today })
      ).json().data.order_id;
      expect((await listed({ key: reviewId })).list[0]).toMatchObject({
        status: 'registered',
        review_order_id: reviewId,
      });
      await db().update(orders).set({ status: 'final_trial' }).where(eq(orders.orderId, reviewId));
      const done = await listed({ key: orderId, status: 'done' });
      expect(done.list.map((r: { status: string }) => r.status)).toEqual(['done']);

      const file = await server.app.inject({
        method: 'GET',
        url: `/manager/api/review_mg/export?key=${orderId}`,
        headers: { 'x-checkup-token': clerk.token },
      });
      expect(file.statusCode).toBe(200);
      const rows = await sheetRows(file.rawPayload);
      expect(rows[0]).toEqual(expect.arrayContaining(['体检号', '手机号', '复查项目', '应复查日期', '状态']));
      expect(rows[1]).toEqual(expect.arrayContaining([orderId, '138****5678', '血常规', '已完成', reviewId]));
      expect(rows).toHaveLength(2);
    }, 30_000);
  });

  it('refuses the calls to a role without 复查管理 or 总检详情', async () => {
    const orderId = await firstVisit();
    expect((await doctor.get(LIST, {})).statusCode).toBe(403);
    expect((await doctor.post(MARK, { order_id: orderId, union_ids: '[1]', interval_months: 3 })).statusCode).toBe(403);
    expect((await doctor.post(REGISTER, { id: 1, union_ids: '[1]', exam_date: today })).statusCode).toBe(403);
    expect((await doctor.post(CANCEL, { id: 1, reason: '无' })).statusCode).toBe(403);
    // The desk opens 复查管理 but not 总检: it may not mark a visit.
    expect((await clerk.post(MARK, { order_id: orderId, union_ids: '[1]', interval_months: 3 })).statusCode).toBe(403);
  }, 30_000);
});
