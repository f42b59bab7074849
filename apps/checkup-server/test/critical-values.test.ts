import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, criticalValueNotices, criticalValues, examItems } from '../src/db/schema.js';
import { cstTime, todayCst } from '../src/db/demo/dates.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const LIST = '/manager/api/serdis/critical_list';
const NOTIFY = '/manager/api/serdis/critical_notify';
const HANDLE = '/manager/api/serdis/critical_handle';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  let chief: ReturnType<typeof callerFor>;
  let labId: number;
  let otherDeptId: number;
  const ids = { plain: 0, secret: 0, old: 0, other: 0 };
  const today = todayCst();

  beforeAll(async () => {
    const doctorId = await addStaff(db(), 'cv_doctor', '钱医生');
    await addStaff(db(), 'cv_clerk', '孙护士');
    await addStaff(db(), 'cv_chief', '李主任', '1');
    clerk = callerFor(server, await tokenFor(server, 'cv_clerk'));
    chief = callerFor(server, await tokenFor(server, 'cv_chief'));
    labId = (await addDept(db(), '危急检验科')).deptId;
    otherDeptId = (await addDept(db(), '危急影像科')).deptId;
    const [potassium] = await db()
      .insert(examItems)
      .values({
        itemCode: 'CV-K',
        itemName: '血钾',
        deptId: labId,
        resultType: 'number',
        unit: 'mmol/L',
        criticalLow: '2.8',
        criticalHigh: '6.2',
      })
      .returning({ id: examItems.id });
    const [other] = await db()
      .insert(examItems)
      .values({ itemCode: 'CV-X', itemName: '胸片所见', deptId: otherDeptId, resultType: 'number', criticalHigh: '1' })
      .returning({ id: examItems.id });
    const raise = async (orderId: string, itemId: number, value: string, direction: 'H' | 'L', createdAt: Date) =>
      (
        await db()
          .insert(criticalValues)
          .values({ orderId, itemId, resultValue: value, direction, raisedBy: doctorId, createdAt })
          .returning({ id: criticalValues.id })
      )[0]!.id;
    const plainOrder = await addOrder(db(), { status: 'in_exam', name: '张小三', examDate: today });
    const secretOrder = await addOrder(db(), {
      status: 'in_exam',
      name: '王保密',
      confidential: true,
      examDate: today,
    });
    const oldOrder = await addOrder(db(), { status: 'in_exam', name: '赵旧日', examDate: '2026-01-05' });
    ids.plain = await raise(plainOrder, potassium!.id, '7.1', 'H', cstTime(today, 9 * 60));
    ids.secret = await raise(secretOrder, potassium!.id, '2.1', 'L', cstTime(today, 10 * 60));
    ids.old = await raise(oldOrder, potassium!.id, '6.9', 'H', cstTime('2026-01-05', 9 * 60));
    ids.other = await raise(plainOrder, other!.id, '3', 'H', cstTime(today, 11 * 60));
  });

  describe('critical_list', () => {
    it('masks names for a user without special_flag and hides confidential persons', async () => {
      const res = await clerk.get(LIST, { date_from: today, date_to: today, exam_dept_id: labId });
      expect(res.statusCode).toBe(200);
      const { list, total } = res.json().data;
      expect(total).toBe(2);
      const byId = new Map(list.map((r: { id: number }) => [r.id, r]));
      expect(byId.get(ids.plain)).toMatchObject({
        cust_name: '张*三',
        item_name: '血钾',
        result_value: '7.1',
        direction: 'H',
        critical_low: '2.8000',
        critical_high: '6.2000',
        dept_name: '危急检验科',
        raised_by_name: '钱医生',
        status: '0',
      });
      expect(byId.get(ids.secret)).toMatchObject({ cust_name: '***', special_flag: '1', direction: 'L' });
    });

    it('shows full names to a user with special_flag 1', async () => {
      const { list } = (await chief.get(LIST, { exam_dept_id: labId, date_from: today })).json().data;
      expect(list.map((r: { cust_name: string }) => r.cust_name).sort()).toEqual(['张小三', '王保密'].sort());
    });

    it('filters by status, date range, department and search key, and counts every unhandled one', async () => {
      const all = (await chief.get(LIST, {})).json().data;
      expect(all.total).toBe(4);
      expect(all.unhandled_total).toBe(4);
      const older = (await chief.get(LIST, { date_to: '2026-01-31' })).json().data;
      expect(older.list.map((r: { id: number }) => r.id)).toEqual([ids.old]);
      const otherDept = (await chief.get(LIST, { exam_dept_id: otherDeptId })).json().data;
      expect(otherDept.list.map((r: { id: number }) => r.id)).toEqual([ids.other]);
      const byName = (await chief.get(LIST, { key: '张小' })).json().data;
      expect(byName.list.map((r: { id: number }) => r.id).sort()).toEqual([ids.plain, ids.other].sort());
      const paged = (await chief.get(LIST, { size: 1, page: 2 })).json().data;
      expect(paged).toMatchObject({ total: 4, page: 2, size: 1 });
      expect(paged.list).toHaveLength(1);
    });

    it('does not find a confidential person by name for a user without special_flag', async () => {
      expect((await clerk.get(LIST, { key: '王保密' })).json().data.total).toBe(0);
      expect((await chief.get(LIST, { key: '王保密' })).json().data.total).toBe(1);
    });

    it('refuses a date range that ends before it starts, in Chinese', async () => {
      const res = await chief.get(LIST, { date_from: '2026-03-02', date_to: '2026-03-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('开始日期不能晚于结束日期');
    });
  });

  describe('notify and handle', () => {
    it('records who was notified, how and by whom, and audits it without the name', async () => {
      const res = await clerk.post(NOTIFY, {
        id: ids.plain,
        notified_person: '张大山',
        notify_relation: 'relative',
        notify_method: 'phone',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        notified_person: '张大山（家属，电话）',
        notify_relation: 'relative',
        notify_method: 'phone',
        notified_by_name: '孙护士',
        // Issue 20: a notice moves the critical value to its second stage, 已通知.
        status: '1',
      });
      expect(res.json().data.notified_at).toBeTruthy();
      expect(await db().$count(criticalValueNotices, eq(criticalValueNotices.criticalValueId, ids.plain))).toBe(1);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'critical_notify'), eq(auditLog.userAccount, 'cv_clerk')));
      expect(audit?.detail).toEqual({ critical_value_id: ids.plain, relation: 'relative', method: 'phone' });
      expect(JSON.stringify(audit)).not.toContain('张大山');
    });

    it('asks for the notified person in Chinese', async () => {
      const res = await clerk.post(NOTIFY, {
        id: ids.plain,
        notified_person: ' ',
        notify_relation: 'self',
        notify_method: 'sms',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请填写被通知人');
    });

    it('handles an unhandled critical value once and refuses a second time', async () => {
      const first = await clerk.post(HANDLE, { id: ids.plain, note: '已电话告知家属，建议急诊就诊' });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({
        status: '2',
        handled_by_name: '孙护士',
        note: '已电话告知家属，建议急诊就诊',
      });
      const second = await chief.post(HANDLE, { id: ids.plain, note: '再次处理' });
      expect(second.statusCode).toBe(409);
      expect(second.json().msg).toBe('该危急值已处理，不能重复处理');
      const [row] = await db().select().from(criticalValues).where(eq(criticalValues.id, ids.plain));
      expect(row).toMatchObject({ status: '2', note: '已电话告知家属，建议急诊就诊' });
      expect(await db().$count(auditLog, eq(auditLog.action, 'critical_handle'))).toBe(1);
      const handled = (await chief.get(LIST, { status: '2' })).json().data;
      expect(handled.list.map((r: { id: number }) => r.id)).toEqual([ids.plain]);
      expect(handled.unhandled_total).toBe(3);
    });

    it('refuses a confidential person to a user without special_flag and audits the refusal', async () => {
      const res = await clerk.post(HANDLE, { id: ids.secret, note: '处理' });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('当前账号没有查看保密人员的权限！');
      const [row] = await db().select().from(criticalValues).where(eq(criticalValues.id, ids.secret));
      expect(row?.status).toBe('0');
      expect(
        await db().$count(
          auditLog,
          and(eq(auditLog.action, 'confidential_denied'), eq(auditLog.userAccount, 'cv_clerk')),
        ),
      ).toBe(1);
      // Issue 20: an expert handles only what was notified first.
      await chief.post(NOTIFY, {
        id: ids.secret,
        notified_person: '王保密',
        notify_relation: 'self',
        notify_method: 'face',
      });
      const allowed = await chief.post(HANDLE, { id: ids.secret, note: '已告知本人' });
      expect(allowed.json().data).toMatchObject({ status: '2', cust_name: '王保密' });
    });

    it('answers a clear message for a critical value that does not exist', async () => {
      const res = await chief.post(HANDLE, { id: 999999, note: '处理' });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('记录不存在或已被删除');
    });
  });
});
