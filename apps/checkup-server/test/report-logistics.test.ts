import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, jobs, orders, reportNotices } from '../src/db/schema.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { NOTICE_SMS_JOB, smsNoticeJob } from '../src/modules/report-logistics/notice-service.js';
import type { ReportDelivery, ReportTransport } from '../src/modules/report/report-transport.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const API = '/manager/api/report_logistics';
const MOBILE = '13812345678';
// A 1×1 PNG: what the signature canvas sends, as far as the upload rule looks.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

interface Outgoing {
  order_id: string;
  state: string;
  cabinet_no: string;
  urgent: boolean;
  phone: string | null;
  pickup_phone: string | null;
  pickup_method: string | null;
  pickup_receiver: string | null;
  has_signature: boolean;
  notice_state: string | null;
}

/** A transport that answers as the test says and keeps what it was given. */
function fakeTransport() {
  const sent: ReportDelivery[] = [];
  let failing = false;
  const transport: ReportTransport = {
    async send(delivery) {
      sent.push(delivery);
      return failing ? { ok: false, detail: '短信网关无应答' } : { ok: true, detail: '短信已提交' };
    },
  };
  return { transport, sent, fail: (on: boolean) => (failing = on) };
}

/** Issue 20, report logistics: 终审交接, 反交接, 加急 and cabinets, 领取 with a signature, 反领取, 领取通知. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let desk: ReturnType<typeof callerFor>;
  const ok = async (res: { statusCode: number; json(): { data: unknown; msg?: string } }) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    return res.json().data as Record<string, unknown>;
  };
  const refusal = (res: { statusCode: number; json(): { msg: string } }) => ({
    code: res.statusCode,
    msg: res.json().msg,
  });

  const visit = async (status = 'report_printed', phone: string | null = MOBILE) => {
    const orderId = await addOrder(db(), { status, name: '王小五' });
    const [row] = await db().select({ customerId: orders.customerId }).from(orders).where(eq(orders.orderId, orderId));
    await db()
      .update(customers)
      .set(server.personalData.sealIdentity({ phone }))
      .where(eq(customers.id, row!.customerId));
    return orderId;
  };
  const handOver = (orderIds: string[], fields: Record<string, string> = {}) =>
    desk.post(`${API}/handover`, { order_ids: JSON.stringify(orderIds), receiver: '报告室李', ...fields });
  const outgoing = async (orderId: string) =>
    ((await ok(await desk.get(`${API}/outgoing_list`, { key: orderId }))).list as Outgoing[])[0];

  beforeAll(async () => {
    await addStaff(db(), 'rl_desk', '报告室甲');
    desk = callerFor(server, await tokenFor(server, 'rl_desk'));
  });

  describe('终审交接', () => {
    it('takes final-reviewed reports into cabinet 1, refuses one before 终审 and a second handover', async () => {
      const printed = await visit();
      const reviewed = await visit('final_trial');
      const early = await visit('main_trial');
      const answer = await ok(await handOver([printed, reviewed, early]));
      expect(answer).toMatchObject({ total: 3, success: 2 });
      expect(answer.results).toEqual([
        { order_id: printed, ok: true, message: '已交接，柜子号1' },
        { order_id: reviewed, ok: true, message: '已交接，柜子号1' },
        { order_id: early, ok: false, message: '该体检尚未终审通过，不能交接' },
      ]);
      expect((await ok(await handOver([printed]))).results).toEqual([
        { order_id: printed, ok: false, message: '报告已交接，不能重复交接' },
      ]);

      const listed = (await ok(await desk.get(`${API}/warehousing_list`, { key: printed, handed: '1' }))).list;
      expect(listed).toEqual([
        expect.objectContaining({
          order_id: printed,
          handover_state: 'in',
          cabinet_no: '1',
          receiver: '报告室李',
          urgent: false,
        }),
      ]);
      expect((await ok(await desk.get(`${API}/warehousing_list`, { key: printed, handed: '0' }))).list).toEqual([]);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'report_handover'), eq(auditLog.target, printed)));
      expect(audit?.detail).toMatchObject({ receiver: '报告室李', cabinet_no: '1' });
    });

    it('takes the cabinet and 加急 marked on the visit, and refuses an unknown cabinet', async () => {
      const orderId = await visit();
      const marked = await ok(
        await desk.post(`${API}/report_mark`, { order_ids: JSON.stringify([orderId]), urgent: '1', cabinet_no: '2' }),
      );
      expect(marked.results).toEqual([{ order_id: orderId, ok: true, message: '已修改' }]);
      const unknown = await ok(
        await desk.post(`${API}/report_mark`, { order_ids: JSON.stringify([orderId]), cabinet_no: '99' }),
      );
      expect(unknown.results).toEqual([{ order_id: orderId, ok: false, message: '柜子号「99」不存在或已停用' }]);

      const urgentOnly = (await ok(await desk.get(`${API}/warehousing_list`, { key: orderId, urgent: '1' }))).list;
      expect(urgentOnly).toEqual([expect.objectContaining({ urgent: true, cabinet_no: '2', handover_id: null })]);
      expect((await ok(await handOver([orderId]))).results).toEqual([
        { order_id: orderId, ok: true, message: '已交接，柜子号2' },
      ]);
      expect(await outgoing(orderId)).toMatchObject({ urgent: true, cabinet_no: '2', state: 'in' });
      // A report waiting at the desk moves with its mark.
      await ok(
        await desk.post(`${API}/report_mark`, { order_ids: JSON.stringify([orderId]), cabinet_no: 'VIP', urgent: '0' }),
      );
      expect(await outgoing(orderId)).toMatchObject({ urgent: false, cabinet_no: 'VIP' });
    });
  });

  describe('领取 and 反领取', () => {
    it('needs the handover, the method and the receiver, and a courier company and number when shipped', async () => {
      const orderId = await visit();
      const pickup = (fields: Record<string, string>) => desk.post(`${API}/pickup`, { order_id: orderId, ...fields });
      expect(refusal(await pickup({ method: 'self', receiver: '王小五' }))).toEqual({
        code: 409,
        msg: '报告尚未交接到报告室，不能领取',
      });
      await ok(await handOver([orderId]));
      expect(refusal(await pickup({ receiver: '王小五' }))).toEqual({ code: 400, msg: '请选择发放方式' });
      expect(refusal(await pickup({ method: 'self' }))).toEqual({ code: 400, msg: '请填写领取人' });
      expect(refusal(await pickup({ method: 'courier', receiver: '王小五' }))).toEqual({
        code: 400,
        msg: '请填写快递公司',
      });
      expect(refusal(await pickup({ method: 'self', receiver: '王小五', phone: '12' }))).toMatchObject({ code: 400 });

      const done = await ok(
        await pickup({
          method: 'courier',
          receiver: '王小五',
          phone: MOBILE,
          courier_company: '顺丰',
          tracking_no: 'SF100',
        }),
      );
      expect(done).toEqual({ order_id: orderId, handover_id: expect.any(Number), has_signature: false });
      expect(await outgoing(orderId)).toMatchObject({
        state: 'out',
        pickup_method: 'courier',
        pickup_receiver: '王小五',
        pickup_phone: '138****5678',
        phone: '138****5678',
      });
      expect(refusal(await pickup({ method: 'self', receiver: '王小五' }))).toEqual({
        code: 409,
        msg: '报告已领取，不能领取',
      });
      // The phone is sealed at rest and stays out of the audit.
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'report_pickup'), eq(auditLog.target, orderId)));
      expect(JSON.stringify(audit?.detail)).not.toContain(MOBILE);
    });

    it('反交接 is refused after pick-up; 反领取 only on a collected report, then 反交接 and a new handover', async () => {
      const orderId = await visit();
      await ok(await handOver([orderId]));
      expect(refusal(await desk.post(`${API}/pickup_revoke`, { order_id: orderId, reason: '误点' }))).toEqual({
        code: 409,
        msg: '报告尚未领取，不能反领取',
      });
      await ok(await desk.post(`${API}/pickup`, { order_id: orderId, method: 'proxy', receiver: '王大五' }));
      expect(refusal(await desk.post(`${API}/handover_revoke`, { order_id: orderId, reason: '放错柜' }))).toEqual({
        code: 409,
        msg: '报告已领取，不能反交接，请先反领取',
      });
      expect(refusal(await desk.post(`${API}/pickup_revoke`, { order_id: orderId }))).toEqual({
        code: 400,
        msg: '请填写反领取原因',
      });
      await ok(await desk.post(`${API}/pickup_revoke`, { order_id: orderId, reason: '领错了' }));
      expect(await outgoing(orderId)).toMatchObject({ state: 'in', pickup_method: null, pickup_receiver: null });
      await ok(await desk.post(`${API}/handover_revoke`, { order_id: orderId, reason: '放错柜' }));
      expect(await outgoing(orderId)).toBeUndefined();
      expect(refusal(await desk.post(`${API}/handover_revoke`, { order_id: orderId, reason: '再来' }))).toEqual({
        code: 409,
        msg: '报告尚未交接，不能反交接',
      });
      expect((await ok(await handOver([orderId], { cabinet_no: '2' }))).results).toEqual([
        { order_id: orderId, ok: true, message: '已交接，柜子号2' },
      ]);
      const actions = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.target, orderId))
        .orderBy(auditLog.id);
      expect(actions.map((a) => a.action)).toEqual([
        'report_handover',
        'report_pickup',
        'report_pickup_revoke',
        'report_handover_revoke',
        'report_handover',
      ]);
    });

    it('keeps the signature drawn on screen and serves it back', async () => {
      const orderId = await visit();
      await ok(await handOver([orderId]));
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'signature.png');
      const request = new Request('http://localhost/', { method: 'POST', body: data });
      const query = new URLSearchParams({ order_id: orderId, method: 'self', receiver: '王小五' });
      const res = await server.app.inject({
        method: 'POST',
        url: `${API}/pickup_signed?${query}`,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, 'x-checkup-token': desk.token },
      });
      const done = await ok(res);
      expect(done).toMatchObject({ has_signature: true });
      expect(await outgoing(orderId)).toMatchObject({ has_signature: true, state: 'out' });
      const image = await desk.get(`${API}/pickup_signature`, { handover_id: done.handover_id as number });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
    });
  });

  describe('领取通知', () => {
    const smsTemplate = async () =>
      ((await ok(await desk.get(`${API}/notice_templates`))).list as { id: number; template_name: string }[]).find(
        (t) => t.template_name === '报告完成通知',
      )!.id;

    it('records a call; a failed call does not count, a successful one blocks another notice for 30 days', async () => {
      const orderId = await visit();
      const call = (result: string) => desk.post(`${API}/notice_phone`, { order_id: orderId, result });
      expect(refusal(await call('notified'))).toEqual({ code: 409, msg: '报告尚未交接到报告室，不能通知领取' });
      await ok(await handOver([orderId]));
      expect(await ok(await call('no_answer'))).toMatchObject({
        channel: 'phone',
        state: 'no_answer',
        phone: '138****5678',
      });
      expect(await ok(await call('notified'))).toMatchObject({ state: 'notified' });
      const again = refusal(
        await desk.post(`${API}/notice_sms`, { order_id: orderId, template_id: await smsTemplate() }),
      );
      expect(again.code).toBe(409);
      expect(again.msg).toMatch(/^该报告已于\d{4}-\d{2}-\d{2}通知过，30天内不能再次通知$/);
      expect((await outgoing(orderId))?.notice_state).toBe('notified');

      // 31 days later another notice is taken.
      await db()
        .update(reportNotices)
        .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
        .where(eq(reportNotices.orderId, orderId));
      expect(await ok(await call('notified'))).toMatchObject({ state: 'notified' });
    });

    it('sends an SMS from a template at the set time through the transport, and cancels one still waiting', async () => {
      const fake = fakeTransport();
      const orderId = await visit();
      await ok(await handOver([orderId]));
      const sendAt = new Date(Date.now() + 2 * 3600_000);
      const scheduled = await ok(
        await desk.post(`${API}/notice_sms`, {
          order_id: orderId,
          template_id: await smsTemplate(),
          send_at: sendAt.toISOString(),
        }),
      );
      expect(scheduled).toMatchObject({ channel: 'sms', state: 'waiting', scheduled_at: sendAt.toISOString() });
      expect(scheduled.content).toContain(`王小五您好`);
      expect(scheduled.content).toContain(`体检号${orderId}`);
      expect(refusal(await desk.post(`${API}/notice_phone`, { order_id: orderId, result: 'notified' }))).toEqual({
        code: 409,
        msg: '该报告已有待发送的领取通知，请先取消',
      });

      let clock = Date.now();
      const runner = new JobRunner({
        db: db(),
        now: () => new Date(clock),
        handlers: {
          [NOTICE_SMS_JOB]: smsNoticeJob({ db: db(), personalData: server.personalData, transport: fake.transport }),
        },
      });
      expect(await runner.runDue()).toBe(0);
      expect(await ok(await desk.post(`${API}/notice_cancel`, { notice_id: scheduled.id as number }))).toMatchObject({
        state: 'cancelled',
      });
      expect(refusal(await desk.post(`${API}/notice_cancel`, { notice_id: scheduled.id as number }))).toEqual({
        code: 409,
        msg: '只有待发送的短信通知可以取消',
      });
      clock += 3 * 3600_000;
      expect(await runner.runDue()).toBe(0);
      expect(fake.sent).toEqual([]);

      // Sent now: the runner's next poll sends it.
      const now = await ok(
        await desk.post(`${API}/notice_sms`, { order_id: orderId, template_id: await smsTemplate() }),
      );
      expect(await runner.runDue()).toBe(1);
      expect(fake.sent).toEqual([
        { orderId, method: 'sms', recipient: '王小五', destination: MOBILE, text: now.content },
      ]);
      const list = (await ok(await desk.get(`${API}/notice_list`, { order_id: orderId }))).list;
      expect(list).toEqual([
        expect.objectContaining({ id: now.id, state: 'sent', detail: '短信已提交', phone: '138****5678' }),
        expect.objectContaining({ id: scheduled.id, state: 'cancelled' }),
      ]);
      expect(refusal(await desk.post(`${API}/notice_cancel`, { notice_id: now.id as number })).code).toBe(409);
    });

    it('a refused send is tried again and, after the last attempt, the notice is 发送失败', async () => {
      const fake = fakeTransport();
      fake.fail(true);
      const orderId = await visit();
      await ok(await handOver([orderId]));
      const notice = await ok(
        await desk.post(`${API}/notice_sms`, { order_id: orderId, template_id: await smsTemplate() }),
      );
      let clock = Date.now();
      const runner = new JobRunner({
        db: db(),
        now: () => new Date(clock),
        handlers: {
          [NOTICE_SMS_JOB]: smsNoticeJob({ db: db(), personalData: server.personalData, transport: fake.transport }),
        },
      });
      expect(await runner.runDue()).toBe(1);
      expect((await outgoing(orderId))?.notice_state).toBe('waiting');
      for (const wait of [60, 120]) {
        clock += wait * 1000;
        expect(await runner.runDue()).toBe(1);
      }
      expect(fake.sent).toHaveLength(3);
      const [row] = await db()
        .select()
        .from(reportNotices)
        .where(eq(reportNotices.id, notice.id as number));
      expect(row).toMatchObject({ state: 'failed', detail: '短信网关无应答' });
      const [job] = await db().select().from(jobs).where(eq(jobs.id, row!.jobId!));
      expect(job).toMatchObject({ state: 'failed', attempts: 3 });
      // A failed SMS told nobody: another notice is taken.
      expect(await ok(await desk.post(`${API}/notice_phone`, { order_id: orderId, result: 'notified' }))).toMatchObject(
        {
          state: 'notified',
        },
      );
    });

    it('refuses an SMS to a landline and a time already past', async () => {
      const orderId = await visit('report_printed', '0571-88888888');
      await ok(await handOver([orderId]));
      const template = await smsTemplate();
      expect(refusal(await desk.post(`${API}/notice_sms`, { order_id: orderId, template_id: template }))).toEqual({
        code: 400,
        msg: '体检者登记的电话不是手机号，请填写手机号',
      });
      expect(
        refusal(
          await desk.post(`${API}/notice_sms`, {
            order_id: orderId,
            template_id: template,
            phone: MOBILE,
            send_at: new Date(Date.now() - 3600_000).toISOString(),
          }),
        ),
      ).toEqual({ code: 400, msg: '发送时间不能早于现在' });
    });
  });

  describe('柜子', () => {
    it('keeps the cabinets, and does not remove one that holds a report waiting to be collected', async () => {
      const saved = await ok(await desk.post(`${API}/cabinet/save`, { cabinet_no: 'B7', cabinet_name: 'B7柜' }));
      expect(refusal(await desk.post(`${API}/cabinet/save`, { cabinet_no: 'B7', cabinet_name: '又一个' }))).toEqual({
        code: 400,
        msg: '柜子号“B7”已存在',
      });
      expect(refusal(await desk.post(`${API}/cabinet/save`, { cabinet_no: 'B 7', cabinet_name: '坏柜' }))).toEqual({
        code: 400,
        msg: '柜子号只能包含字母、数字、-和_',
      });
      const orderId = await visit();
      await ok(await handOver([orderId], { cabinet_no: 'B7' }));
      expect(refusal(await desk.post(`${API}/cabinet/remove`, { id: saved.id as number }))).toEqual({
        code: 409,
        msg: '该柜子中还有待领取的报告，不能删除，可停用',
      });
      await ok(await desk.post(`${API}/cabinet/enable`, { id: saved.id as number, enabled: '0' }));
      const other = await visit();
      expect((await ok(await handOver([other], { cabinet_no: 'B7' }))).results).toEqual([
        { order_id: other, ok: false, message: '柜子号「B7」不存在或已停用' },
      ]);
    });
  });

  describe('access', () => {
    it('refuses the desk calls to a role without the two screens', async () => {
      const token = await staffSession(db(), 'rl_sender', ['exam_mg', 'exam_mg/send_rpt']);
      const other = callerFor(server, token);
      const orderId = await visit();
      expect(
        (await other.post(`${API}/handover`, { order_ids: JSON.stringify([orderId]), receiver: '某人' })).statusCode,
      ).toBe(403);
      expect((await other.get(`${API}/outgoing_list`)).statusCode).toBe(403);
      expect(
        (await other.post(`${API}/pickup`, { order_id: orderId, method: 'self', receiver: '某人' })).statusCode,
      ).toBe(403);
      // 出库 may read the cabinets; only 入库 keeps them.
      const outDesk = callerFor(server, await staffSession(db(), 'rl_out', ['finance_mg/report_outgoing']));
      expect((await outDesk.get(`${API}/cabinet/list`)).statusCode).toBe(200);
      expect((await outDesk.post(`${API}/cabinet/save`, { cabinet_no: '7', cabinet_name: '7号柜' })).statusCode).toBe(
        403,
      );
      expect(
        (await outDesk.post(`${API}/handover`, { order_ids: JSON.stringify([orderId]), receiver: '某人' })).statusCode,
      ).toBe(403);
    });
  });
});
