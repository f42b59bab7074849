import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  breakfastCountsRoute,
  breakfastListRoute,
  breakfastTakeRoute,
  breakfastUndoRoute,
  feedbackHandleRoute,
  feedbackResource,
  PHONE_ERROR,
} from '@checkup/api-contract';
import { auditLog, breakfasts } from '../src/db/schema.js';
import { addDays, todayCst } from '../src/db/demo/dates.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

const FEEDBACK = feedbackResource.routes;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: ReturnType<typeof callerFor>;
  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  describeResource(server, feedbackResource, {
    valid: (n) => ({ channel: '电话', category: '服务', content: `反馈第${n}号：前台等候时间较长` }),
    invalid: [
      { form: { channel: '电话', category: '服务', content: '' }, message: '请填写反馈内容' },
      { form: { channel: '邮件', category: '服务', content: '内容' }, message: '请选择反馈渠道' },
      { form: { channel: '电话', category: '服务', content: '内容', contact_phone: '123' }, message: PHONE_ERROR },
      { form: { channel: '电话', category: '服务', content: '内容', order_id: '12' }, message: '体检号格式不正确' },
    ],
    filterFor: (n) => ({ key: `反馈第${n}号` }),
    unique: false,
  });

  describe('意见反馈', () => {
    const save = (form: Record<string, string>) => admin.post(FEEDBACK.save.path, form);
    const handle = (body: Record<string, string | number>) => admin.post(feedbackHandleRoute.path, body);

    it('a 体检号 must exist; the name and the phone are shown masked', async () => {
      const refused = await save({ channel: '现场', category: '环境', content: '候诊区太冷', order_id: 'NOPE000001' });
      expect([refused.statusCode, refused.json().msg]).toEqual([400, '体检号不存在，请核对后重新输入']);
      const orderId = await addOrder(db(), { status: 'checked_in', name: '张三丰' });
      const saved = await save({
        channel: '现场',
        category: '环境',
        content: '候诊区太冷',
        order_id: orderId,
        contact_phone: '13812345678',
      });
      expect(saved.json().status).toBe(200);
      const [row] = (await admin.get(FEEDBACK.list.path, { key: orderId })).json().data.list;
      expect(row).toMatchObject({ order_id: orderId, state: '待处理', channel: '现场', category: '环境' });
      expect(row.cust_name).not.toContain('三丰');
      expect(row.cust_name.startsWith('张')).toBe(true);
      expect(row.contact_phone).not.toBe('13812345678');
      expect(row.contact_phone).toMatch(/^138\*+5678$/);
      // The audit row of the save does not carry the phone.
      const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'config_save'));
      expect(JSON.stringify(audits.map((a) => a.detail))).not.toContain('13812345678');
    });

    it('待处理 → 处理中 → 已处理, audited; a handled one is refused again and no longer edited', async () => {
      const { id, version } = (await save({ channel: '问卷', category: '报告', content: '报告领取流程不清楚' })).json()
        .data;
      expect((await handle({ id, state: '处理中', note: '已联系报告组' })).json().data.state).toBe('处理中');
      const done = await handle({ id, state: '已处理', note: '已电话告知领取方式' });
      expect(done.json().data.state).toBe('已处理');
      const row = (await admin.get(FEEDBACK.detail.path, { id })).json().data;
      expect(row).toMatchObject({
        state: '已处理',
        handle_note: '已电话告知领取方式',
        handled_by_name: expect.any(String),
      });
      expect(row.handled_at).not.toBeNull();

      const again = await handle({ id, state: '已处理' });
      expect([again.statusCode, again.json().msg]).toEqual([409, '该意见反馈已处理，不能再次处理']);
      const back = await handle({ id, state: '处理中' });
      expect(back.statusCode).toBe(409);
      const edit = await admin.post(FEEDBACK.save.path, {
        id,
        version: row.version,
        channel: '问卷',
        category: '报告',
        content: '改内容',
      });
      expect([edit.statusCode, edit.json().msg]).toEqual([409, '该意见反馈已处理，不能再修改']);
      expect(version).toBeGreaterThan(0);

      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'feedback_handle'), eq(auditLog.target, `feedback:${id}`)));
      expect(audits.map((a) => (a.detail as { to: string }).to)).toEqual(['处理中', '已处理']);
    });

    it('不予处理 needs its reason; the filters find by state and category', async () => {
      const { id } = (await save({ channel: '网络', category: '其他', content: '希望增加停车位' })).json().data;
      const noReason = await handle({ id, state: '不予处理' });
      expect([noReason.statusCode, noReason.json().msg]).toEqual([400, '请填写不予处理的原因']);
      expect((await handle({ id, state: '不予处理', note: '不属于体检中心管理范围' })).json().data.state).toBe(
        '不予处理',
      );
      const found = (await admin.get(FEEDBACK.list.path, { state: '不予处理', category: '其他' })).json().data.list;
      expect(found.map((r: { id: number }) => r.id)).toContain(id);
      const none = (await admin.get(FEEDBACK.list.path, { state: '待处理', key: '希望增加停车位' })).json().data;
      expect(none.total).toBe(0);
      const later = (await admin.get(FEEDBACK.list.path, { date_from: addDays(todayCst(), 1) })).json().data;
      expect(later.total).toBe(0);
      const again = await handle({ id, state: '已处理' });
      expect([again.statusCode, again.json().msg]).toEqual([409, '该意见反馈已标记为不予处理，不能再次处理']);
    });

    it('refuses an account without the screen', async () => {
      const other = callerFor(server, await staffSession(db(), 'crm_other', ['crm/breakfast_mg']));
      expect((await other.post(feedbackHandleRoute.path, { id: 1, state: '处理中' })).statusCode).toBe(403);
    });
  });

  describe('早餐管理', () => {
    const take = (orderId: string) => admin.post(breakfastTakeRoute.path, { order_id: orderId });

    it('refuses an unknown visit, another day, a visit not checked in, and a second breakfast (saying when)', async () => {
      const unknown = await take('NOPE000002');
      expect([unknown.statusCode, unknown.json().msg]).toEqual([400, '体检号不存在，请核对后重新输入']);
      const yesterday = addDays(todayCst(), -1);
      const old = await addOrder(db(), { status: 'checked_in', examDate: yesterday });
      expect((await take(old)).json().msg).toBe(`该体检号不是今天的体检（体检日期 ${yesterday}），不能领取早餐`);
      const waiting = await addOrder(db(), { status: 'registered', examDate: todayCst() });
      expect((await take(waiting)).json().msg).toBe('该体检者尚未报到，请先报到再领取早餐');

      const visit = await addOrder(db(), { status: 'in_exam', examDate: todayCst(), name: '李四' });
      const taken = (await take(visit)).json().data;
      expect(taken).toMatchObject({ order_id: visit, taken_by_name: expect.any(String) });
      expect(taken.cust_name).not.toBe('李四');
      const twice = await take(visit);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().msg).toMatch(/^该体检者已于 \d{2}:\d{2} 领取过早餐，不能重复领取$/);
    });

    it("lists today's breakfasts, counts taken / checked in, and an undo with its reason is audited", async () => {
      const today = todayCst();
      const before = (await admin.get(breakfastCountsRoute.path, { date_from: today, date_to: today })).json().data;
      const visit = await addOrder(db(), { status: 'checked_in', examDate: today });
      await addOrder(db(), { status: 'checked_in', examDate: today });
      const { id } = (await take(visit)).json().data;
      const list = (await admin.get(breakfastListRoute.path)).json().data;
      expect(list.day).toBe(today);
      expect(list.list.map((r: { order_id: string }) => r.order_id)).toContain(visit);
      const counts = (await admin.get(breakfastCountsRoute.path, { date_from: today, date_to: today })).json().data;
      expect(counts).toEqual([{ day: today, taken: before[0].taken + 1, checked_in: before[0].checked_in + 2 }]);

      const noReason = await admin.post(breakfastUndoRoute.path, { id, reason: '' });
      expect([noReason.statusCode, noReason.json().msg]).toEqual([400, '请填写撤销原因']);
      expect((await admin.post(breakfastUndoRoute.path, { id, reason: '扫错了体检号' })).json().status).toBe(200);
      const again = await admin.post(breakfastUndoRoute.path, { id, reason: '再撤一次' });
      expect([again.statusCode, again.json().msg]).toEqual([409, '该早餐记录已撤销，不能再次撤销']);
      const [kept] = await db().select().from(breakfasts).where(eq(breakfasts.id, id));
      expect(kept).toMatchObject({ undone: true, undoReason: '扫错了体检号' });
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'breakfast_undo'), eq(auditLog.target, visit)));
      expect(audits).toHaveLength(1);
      const after = (await admin.get(breakfastListRoute.path, { day: today })).json().data.list;
      expect(after.map((r: { order_id: string }) => r.order_id)).not.toContain(visit);
      // Undone, the visit may take its breakfast again.
      expect((await take(visit)).json().status).toBe(200);
    });

    it('a range longer than 62 days is refused', async () => {
      const refused = await admin.get(breakfastCountsRoute.path, { date_from: '2026-01-01', date_to: '2026-12-31' });
      expect([refused.statusCode, refused.json().msg]).toEqual([400, '统计的日期范围不能超过62天']);
    });
  });
});
