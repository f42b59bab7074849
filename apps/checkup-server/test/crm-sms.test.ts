import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, companies, customers, interfaceErrors, orders, smsMessages } from '../src/db/schema.js';
import { CRM_SMS_JOB, crmSmsJob } from '../src/modules/crm-sms/sms-service.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import type { ReportDelivery, ReportTransport } from '../src/modules/report/report-transport.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const API = '/manager/api/crm/sms';

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

interface LogRow {
  id: number;
  order_id: string | null;
  recipient_name: string | null;
  phone: string;
  template_name: string;
  content: string;
  state: string;
  operator_name: string;
}

/** Issue 22, 短信管理: templates with the visit's variables, 立即/定时发送, 取消, the masked send log. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let sender: ReturnType<typeof callerFor>;
  let viewer: ReturnType<typeof callerFor>;
  let templateId: number;
  let companyId: number;
  const ok = async (res: { statusCode: number; json(): { data: unknown; msg?: string } }) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    return res.json().data as Record<string, unknown>;
  };
  const refusal = (res: { statusCode: number; json(): { msg: string } }) => ({
    code: res.statusCode,
    msg: res.json().msg,
  });

  /** A visit of 示范单位 on the date, its examinee with this phone. */
  const visit = async (name: string, phone: string | null, examDate = '2026-11-21') => {
    const orderId = await addOrder(db(), { status: 'registered', name, examDate });
    const [row] = await db()
      .update(orders)
      .set({ companyId })
      .where(eq(orders.orderId, orderId))
      .returning({ customerId: orders.customerId });
    await db()
      .update(customers)
      .set(server.personalData.sealIdentity({ phone }))
      .where(eq(customers.id, row!.customerId));
    return orderId;
  };
  const runnerOf = (fake: ReturnType<typeof fakeTransport>, clock: () => number) =>
    new JobRunner({
      db: db(),
      now: () => new Date(clock()),
      handlers: {
        [CRM_SMS_JOB]: crmSmsJob({ db: db(), personalData: server.personalData, transport: fake.transport }),
      },
    });
  const send = (recipients: Record<string, unknown>, extra: Record<string, string | number> = {}) =>
    sender.post(`${API}/send`, { template_id: templateId, recipients: JSON.stringify(recipients), ...extra });
  const log = async (query: Record<string, string> = {}) =>
    (await ok(await sender.get(`${API}/log/list`, { size: 200, ...query }))).list as LogRow[];

  beforeAll(async () => {
    await addStaff(db(), 'sms_sender', '短信发送员');
    sender = callerFor(server, await tokenFor(server, 'sms_sender'));
    await addStaff(db(), 'sms_viewer', '短信查看员', '0', { menu: ['crm/text_message'] });
    viewer = callerFor(server, await tokenFor(server, 'sms_viewer'));
    const [company] = await db()
      .insert(companies)
      .values({ companyName: '短信测试单位' })
      .returning({ id: companies.id });
    companyId = company!.id;
    const templates = (await ok(await sender.get(`${API}/templates`))).list as { id: number; template_name: string }[];
    templateId = templates.find((t) => t.template_name === '报告完成通知')!.id;
  });

  it('previews the first message with the visit filled in, and refuses no template or no recipient in Chinese', async () => {
    const first = await visit('赵一', '13800000001');
    const second = await visit('钱二', '13800000002');
    const noPhone = await visit('孙三', null);
    const preview = await ok(
      await sender.post(`${API}/preview`, {
        template_id: templateId,
        recipients: JSON.stringify({ mode: 'orders', order_ids: `${second}\n${first}，${noPhone}` }),
      }),
    );
    expect(preview).toEqual({
      count: 2,
      skipped: 1,
      first: {
        recipient: '钱二',
        phone: '138****0002',
        content: expect.stringMatching(new RegExp(`^钱二您好，您2026-11-21的体检报告（体检号${second}）已完成`)),
      },
    });
    expect(
      refusal(
        await sender.post(`${API}/preview`, {
          template_id: '',
          recipients: '{"mode":"phones","phones":"13800000009"}',
        }),
      ),
    ).toEqual({
      code: 400,
      msg: '请选择短信模板',
    });
    expect(refusal(await send({ mode: 'orders', order_ids: '  ' }))).toEqual({
      code: 400,
      msg: '请填写收信人的体检号',
    });
    expect(refusal(await send({ mode: 'phones', phones: '13800000009\n0571-88888888' }))).toEqual({
      code: 400,
      msg: '第2个号码不是手机号',
    });
    expect(refusal(await send({ mode: 'orders', order_ids: noPhone }))).toEqual({
      code: 400,
      msg: '所选体检者都没有登记手机号，没有可发送的收信人',
    });
    expect(refusal(await send({ mode: 'filter', date_from: '2020-01-01', date_to: '2020-01-02' }))).toEqual({
      code: 400,
      msg: '没有符合条件的收信人',
    });
    expect(refusal(await send({ mode: 'orders', order_ids: '20991231999999' }))).toEqual({
      code: 400,
      msg: '体检号不存在：20991231999999',
    });
    // Viewing is not sending: the button permission send.
    expect((await viewer.get(`${API}/log/list`)).statusCode).toBe(200);
    expect(
      (
        await viewer.post(`${API}/preview`, {
          template_id: templateId,
          recipients: JSON.stringify({ mode: 'orders', order_ids: first }),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await viewer.post(`${API}/send`, {
          template_id: templateId,
          recipients: JSON.stringify({ mode: 'orders', order_ids: first }),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('sends now to the visits of a filter through the transport, one job each, logged masked', async () => {
    const fake = fakeTransport();
    const a = await visit('周四', '13900000004', '2026-10-08');
    const b = await visit('吴五', '13900000005', '2026-10-09');
    const sent = await ok(
      await send({ mode: 'filter', date_from: '2026-10-08', date_to: '2026-10-09', company_id: companyId }),
    );
    expect(sent).toMatchObject({ count: 2, skipped: 0 });
    const clock = Date.now() + 1000;
    expect(await runnerOf(fake, () => clock).runDue()).toBe(2);
    expect(fake.sent.map((d) => [d.orderId, d.destination, d.recipient])).toEqual([
      [a, '13900000004', '周四'],
      [b, '13900000005', '吴五'],
    ]);
    expect(fake.sent[1]!.text).toContain(`吴五您好，您2026-10-09的体检报告（体检号${b}）`);
    const rows = (await log({ key: b })).filter((r) => r.order_id === b);
    expect(rows).toEqual([
      expect.objectContaining({
        recipient_name: '吴*',
        phone: '139****0005',
        template_name: '报告完成通知',
        state: 'sent',
        operator_name: '短信发送员',
      }),
    ]);
    const stored = await db().select().from(smsMessages).where(eq(smsMessages.orderId, b));
    expect(stored[0]!.phoneEnc).not.toContain('13900000005');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, sent.batch_no as string));
    expect(audit).toEqual([expect.objectContaining({ action: 'crm_sms_send' })]);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain('13900000005');
  });

  it('sends a scheduled message at its time, and cancels one not yet sent', async () => {
    const fake = fakeTransport();
    const sendAt = new Date(Date.now() + 2 * 3600_000);
    const batch = await ok(
      await send({ mode: 'phones', phones: '13700000007,13700000008' }, { send_at: sendAt.toISOString() }),
    );
    expect(batch).toMatchObject({ count: 2 });
    const rows = (await log({ state: 'waiting' })).filter((r) => r.phone.startsWith('137'));
    expect(rows.map((r) => r.phone).sort()).toEqual(['137****0007', '137****0008']);
    let clock = Date.now();
    const runner = runnerOf(fake, () => clock);
    expect(await runner.runDue()).toBe(0);
    const cancelled = rows.find((r) => r.phone === '137****0008')!;
    expect(await ok(await sender.post(`${API}/cancel`, { id: cancelled.id }))).toEqual({
      id: cancelled.id,
      state: 'cancelled',
    });
    expect(refusal(await sender.post(`${API}/cancel`, { id: cancelled.id }))).toEqual({
      code: 409,
      msg: '只有待发送的短信可以取消',
    });
    clock += 3 * 3600_000;
    expect(await runner.runDue()).toBe(1);
    expect(fake.sent.map((d) => d.destination)).toEqual(['13700000007']);
    const after = await log({ key: '报告完成' });
    expect(after.find((r) => r.id === cancelled.id)?.state).toBe('cancelled');
    expect(after.find((r) => r.phone === '137****0007')?.state).toBe('sent');
    const sentRow = after.find((r) => r.phone === '137****0007')!;
    expect(refusal(await sender.post(`${API}/cancel`, { id: sentRow.id })).code).toBe(409);
    const [cancelAudit] = await db().select().from(auditLog).where(eq(auditLog.action, 'crm_sms_cancel'));
    expect(cancelAudit).toBeDefined();
    expect(refusal(await send({ mode: 'phones', phones: '13700000007' }, { send_at: '2020-01-01T00:00:00Z' }))).toEqual(
      {
        code: 400,
        msg: '发送时间不能早于现在',
      },
    );
  });

  it('a refused send is retried, then 发送失败, recorded in 接口错误日志 without the number', async () => {
    const fake = fakeTransport();
    fake.fail(true);
    await ok(await send({ mode: 'phones', phones: '13600000006' }));
    let clock = Date.now() + 1000;
    const runner = runnerOf(fake, () => clock);
    expect(await runner.runDue()).toBe(1);
    for (const wait of [60, 120]) {
      clock += wait * 1000;
      expect(await runner.runDue()).toBe(1);
    }
    expect(fake.sent).toHaveLength(3);
    const row = (await log({ state: 'failed' })).find((r) => r.phone === '136****0006');
    expect(row).toMatchObject({ state: 'failed', phone: '136****0006' });
    const errors = await db()
      .select()
      .from(interfaceErrors)
      .where(eq(interfaceErrors.subject, `crm_sms:${row!.id}`));
    expect(errors).toEqual([expect.objectContaining({ callName: '短信管理发送短信', responseText: '短信网关无应答' })]);
    expect(errors[0]!.requestText).not.toContain('13600000006');
  });
});
