import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appVersionResource,
  branchResource,
  interfaceErrorResource,
  rerunJobRoute,
  versionEntryResource,
} from '@checkup/api-contract';
import {
  auditLog,
  branches,
  customers,
  interfaceErrors,
  jobs,
  orders,
  reportNotices,
  unions,
  users,
} from '../src/db/schema.js';
import { recordInterfaceError } from '../src/modules/interface-errors/recorder.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { NOTICE_SMS_JOB, smsNoticeJob } from '../src/modules/report-logistics/notice-service.js';
import type { ReportTransport } from '../src/modules/report/report-transport.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';
import { describeResource } from './support/resource-suite.js';

type Caller = ReturnType<typeof callerFor>;

/** Issue 21: 系统注册 (branches, licence), 版本日志 and 接口错误日志. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const ok = async (res: { statusCode: number; json(): { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    return res.json().data as Record<string, unknown>;
  };
  const audits = async (action: string) => db().$count(auditLog, eq(auditLog.action, action));

  describeResource(server, branchResource, {
    valid: (n) => ({
      branch_name: `分中心${n}号`,
      short_code: `FZ${n}`,
      pinyin_code: 'fzx',
      issue_period: 'am',
      booking_days: '30',
      booking_enabled: '1',
      pre_exam_notice: '请空腹',
      sort: '5',
    }),
    invalid: [
      {
        form: { branch_name: '分院', short_code: 'FY', pinyin_code: '', issue_period: 'am' },
        message: '请填写拼音简码',
      },
      {
        form: { branch_name: '分院', short_code: '分院', pinyin_code: 'FY', issue_period: 'am' },
        message: '简码只能包含字母、数字、-和_',
      },
      {
        form: { branch_name: '分院', short_code: 'FY', pinyin_code: 'FY', issue_period: 'night' },
        message: '请选择出号时间段',
      },
      {
        form: { branch_name: '分院', short_code: 'FY', pinyin_code: 'FY', issue_period: 'am', booking_days: '400' },
        message: '预约周期（天）应在0到365之间',
      },
    ],
    filterFor: (n) => ({ key: `分中心${n}号` }),
    reference: async (database, id) => {
      const orderId = await addOrder(database, { status: 'registered' });
      await database.update(orders).set({ branchId: id }).where(eq(orders.orderId, orderId));
    },
  });

  describeResource(server, appVersionResource, {
    valid: (n) => ({ version_name: `体检管理系统${n}`, version_no: `9.${n}.0`, released_on: '2026-11-28' }),
    invalid: [
      { form: { version_name: '版本', version_no: '' }, message: '请填写版本号' },
      { form: { version_name: '版本', version_no: '1 0' }, message: '版本号只能包含字母、数字、点、-和_' },
      { form: { version_name: '', version_no: '1.0' }, message: '请填写版本名称' },
    ],
    filterFor: (n) => ({ key: `9.${n}.0` }),
  });

  describeResource(server, versionEntryResource, {
    valid: (n) => ({
      version_no: '0.1.0',
      module: '系统设置',
      change_type: 'fix',
      finished_on: '2026-11-28',
      content: `修复第${n}项`,
    }),
    invalid: [
      {
        form: { version_no: '0.1.0', module: '登记', change_type: 'other', content: '内容' },
        message: '请选择修改类型',
      },
      { form: { version_no: '0.1.0', module: '登记', change_type: 'add', content: '' }, message: '请填写内容' },
      {
        form: { version_no: '7.7.7', module: '登记', change_type: 'add', content: '内容' },
        message: '版本号“7.7.7”不存在，请先新增该版本',
      },
    ],
    filterFor: (n) => ({ key: `修复第${n}项` }),
    unique: false,
  });

  describeResource(server, interfaceErrorResource, {
    insert: (database, n) =>
      recordInterfaceError(database, { system: 'sms', callName: `测试调用${n}号`, response: '网关无应答' }),
    valid: () => ({}),
    invalid: [],
    filterFor: (n) => ({ key: `测试调用${n}号` }),
  });

  describe('分中心 on visits', () => {
    let clerk: Caller;
    let clerkId: number;
    let unionId: number;
    let mainBranch: number;
    const register = async (name: string) => {
      const saved = await ok(
        await clerk.post('/manager/api/order/save', {
          cust_name: name,
          sex: '1',
          birthday: '1990-01-01',
          exam_type: 'health',
          exam_date: '2026-12-03',
          union_ids: JSON.stringify([unionId]),
        }),
      );
      const [row] = await db()
        .select({ branchId: orders.branchId })
        .from(orders)
        .where(eq(orders.orderId, saved.order_id as string));
      return { orderId: saved.order_id as string, branchId: row!.branchId };
    };

    beforeAll(async () => {
      clerkId = await addStaff(db(), 'sr_clerk', '登记员分');
      clerk = callerFor(server, await tokenFor(server, 'sr_clerk'));
      unionId = (await db().select({ id: unions.id }).from(unions).where(eq(unions.unionCode, 'XCG')))[0]!.id;
      mainBranch = (await db().select({ id: branches.id }).from(branches).where(eq(branches.shortCode, 'BB')))[0]!.id;
    });

    it('registers at the account’s own branch while enabled, else at the first enabled one, and lists by branch', async () => {
      const first = await register('甲分中心');
      expect(first.branchId).toBe(mainBranch);

      const [east] = await db()
        .insert(branches)
        .values({ branchName: '东院', shortCode: 'DY', pinyinCode: 'DY', sort: 9, preExamNotice: '东院请走二号门' })
        .returning({ id: branches.id });
      await db().update(users).set({ defaultBranchId: east!.id }).where(eq(users.id, clerkId));
      const second = await register('乙分中心');
      expect(second.branchId).toBe(east!.id);

      const listed = await ok(await clerk.get('/manager/api/order/list', { branch_id: east!.id, size: 50 }));
      expect((listed.list as { order_id: string }[]).map((r) => r.order_id)).toEqual([second.orderId]);
      expect((await clerk.get('/manager/api/order/list', { branch_id: 'x' })).json().msg).toBe('分中心格式不正确');

      // The guide sheet prints the 检前须知 of the visit's branch.
      const sheet = await clerk.get('/manager/api/order/guide_sheet', { order_id: second.orderId });
      expect((await readPdf(sheet.rawPayload)).text).toContain('检前须知：东院请走二号门');

      await db().update(branches).set({ isActive: false }).where(eq(branches.id, east!.id));
      expect((await register('丙分中心')).branchId).toBe(mainBranch);
    }, 30_000);
  });

  describe('授权信息', () => {
    it('shows product, version, holder and licence to anyone signed in; the screen’s holders change it, audited', async () => {
      const anyone = callerFor(server, await staffSession(db(), 'sr_anyone', ['exam_mg/home_page']));
      const keeper = callerFor(server, await staffSession(db(), 'sr_keeper', ['cfg/system_register']));
      const about = await ok(await anyone.get('/manager/api/cfg/about'));
      expect(about).toMatchObject({
        product_name: '体检管理系统',
        version: '0.1.0',
        licence_holder: '示范医院体检中心',
        licence_type: 'trial',
        valid_from: null,
        valid_to: null,
        expired: false,
      });

      const licence = { licence_type: 'formal', licence_code: 'PEIS-2026-ABCD1234', valid_from: '2025-01-01' };
      expect((await anyone.post('/manager/api/cfg/licence/save', licence)).statusCode).toBe(403);
      const refused = await keeper.post('/manager/api/cfg/licence/save', { ...licence, valid_to: '2024-12-31' });
      expect(refused.json().msg).toBe('到期日期不能早于开始日期');

      const before = await audits('licence_save');
      const expired = await ok(
        await keeper.post('/manager/api/cfg/licence/save', { ...licence, valid_to: '2025-12-31' }),
      );
      expect(expired).toMatchObject({ licence_type: 'formal', licence_code: '**************1234', expired: true });
      expect((expired.days_left as number) < 0).toBe(true);
      expect(await audits('licence_save')).toBe(before + 1);
      const [row] = await db()
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.action, 'licence_save'))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      expect(JSON.stringify(row!.detail)).not.toContain('ABCD1234');

      const lasting = await ok(await keeper.post('/manager/api/cfg/licence/save', { ...licence, valid_to: '' }));
      expect(lasting).toMatchObject({ valid_to: null, expired: false, days_left: null });
      expect(await ok(await anyone.get('/manager/api/cfg/about'))).toMatchObject({ licence_type: 'formal' });
    });
  });

  describe('接口错误日志', () => {
    const MOBILE = '13812345678';
    let logKeeper: Caller;
    let desk: Caller;
    let failing = true;
    const transport: ReportTransport = {
      async send() {
        return failing ? { ok: false, detail: '短信网关无应答' } : { ok: true, detail: '短信已提交' };
      },
    };
    const runner = () =>
      new JobRunner({
        db: db(),
        handlers: { [NOTICE_SMS_JOB]: smsNoticeJob({ db: db(), personalData: server.personalData, transport }) },
      });

    beforeAll(async () => {
      logKeeper = callerFor(server, await staffSession(db(), 'sr_logs', ['cfg/interface_error_log']));
      await addStaff(db(), 'sr_desk', '报告室乙');
      desk = callerFor(server, await tokenFor(server, 'sr_desk'));
    });

    /** A waiting SMS notice of a handed-over report, sent now by the job runner (the report desk's flow). */
    async function waitingNotice() {
      const API = '/manager/api/report_logistics';
      const orderId = await addOrder(db(), { status: 'report_printed', name: '赵短信' });
      const [visit] = await db()
        .select({ customerId: orders.customerId })
        .from(orders)
        .where(eq(orders.orderId, orderId));
      await db()
        .update(customers)
        .set(server.personalData.sealIdentity({ phone: MOBILE }))
        .where(eq(customers.id, visit!.customerId));
      await ok(await desk.post(`${API}/handover`, { order_ids: JSON.stringify([orderId]), receiver: '报告室李' }));
      const templates = (await ok(await desk.get(`${API}/notice_templates`))).list as {
        id: number;
        template_name: string;
      }[];
      const template = templates.find((t) => t.template_name === '报告完成通知')!.id;
      const notice = await ok(await desk.post(`${API}/notice_sms`, { order_id: orderId, template_id: template }));
      // One attempt, so the runner gives the notice up at once.
      const [row] = await db()
        .select({ jobId: reportNotices.jobId })
        .from(reportNotices)
        .where(eq(reportNotices.id, notice.id as number));
      await db().update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, row!.jobId!));
      return { orderId, noticeId: notice.id as number };
    }
    const rowOf = async (noticeId: number) =>
      (
        await db()
          .select()
          .from(interfaceErrors)
          .where(eq(interfaceErrors.subject, `report_notice:${noticeId}`))
      )[0]!;

    it('writes down a failed SMS masked, re-queues it by 重试, and closes it once the send goes through', async () => {
      failing = true;
      const { orderId, noticeId } = await waitingNotice();
      expect(await runner().runDue()).toBe(1);
      const failed = await rowOf(noticeId);
      expect(failed).toMatchObject({ system: 'sms', callName: '报告领取短信通知', state: 'pending', retryCount: 0 });
      expect(failed.requestText).toContain(orderId);
      expect(failed.requestText).toContain('138****5678');
      expect(failed.requestText).not.toContain(MOBILE);
      expect(failed.requestText).not.toContain('赵短信');
      const [notice] = await db().select().from(reportNotices).where(eq(reportNotices.id, noticeId));
      expect(notice!.state).toBe('failed');

      const listed = await ok(
        await logKeeper.get(interfaceErrorResource.routes.list.path, { state: 'pending', system: 'sms' }),
      );
      expect(listed.list).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: failed.id, retryable: true, state: 'pending' })]),
      );

      // 重试 once more, failing again: the same row counts the try.
      const before = await audits('interface_error_retry');
      const retried = await ok(await logKeeper.post('/manager/api/cfg/interface_error/retry', { id: failed.id }));
      expect(retried.message).toMatch(/^已重新排入后台任务（任务号\d+），稍后刷新查看结果$/);
      expect(await audits('interface_error_retry')).toBe(before + 1);
      expect(await runner().runDue()).toBe(1);
      expect(await rowOf(noticeId)).toMatchObject({ state: 'pending', retryCount: 1 });

      failing = false;
      await ok(await logKeeper.post('/manager/api/cfg/interface_error/retry', { id: failed.id }));
      expect(await runner().runDue()).toBe(1);
      expect(await rowOf(noticeId)).toMatchObject({ state: 'retried', retryCount: 2 });
      const [sent] = await db().select().from(reportNotices).where(eq(reportNotices.id, noticeId));
      expect(sent!.state).toBe('sent');

      const again = await logKeeper.post('/manager/api/cfg/interface_error/retry', { id: failed.id });
      expect([again.statusCode, again.json().msg]).toEqual([409, '该调用已重试成功，不能再重试']);
    }, 30_000);

    it('sends a given-up SMS when 任务日志 runs its job again (the notice waits again for it)', async () => {
      failing = true;
      const { noticeId } = await waitingNotice();
      expect(await runner().runDue()).toBe(1);
      const [given] = await db().select().from(reportNotices).where(eq(reportNotices.id, noticeId));
      expect(given!.state).toBe('failed');
      failing = false;
      const jobKeeper = callerFor(
        server,
        await staffSession(db(), `sr_jobs_${noticeId}`, ['management_data/job_logging:rerun']),
      );
      await ok(await jobKeeper.post(rerunJobRoute.path, { id: given!.jobId! }));
      expect(await runner().runDue()).toBe(1);
      const [sent] = await db().select().from(reportNotices).where(eq(reportNotices.id, noticeId));
      expect(sent!.state).toBe('sent');
      expect(await rowOf(noticeId)).toMatchObject({ state: 'retried' });
    }, 30_000);

    it('refuses 重试 while the runner still retries the notice itself (two jobs could send it twice)', async () => {
      failing = true;
      const { noticeId } = await waitingNotice();
      const [notice] = await db().select().from(reportNotices).where(eq(reportNotices.id, noticeId));
      await db().update(jobs).set({ maxAttempts: 3 }).where(eq(jobs.id, notice!.jobId!));
      expect(await runner().runDue()).toBe(1);
      const open = await rowOf(noticeId);
      expect(open).toMatchObject({ state: 'pending', retryCount: 0 });
      const refused = await logKeeper.post('/manager/api/cfg/interface_error/retry', { id: open.id });
      expect([refused.statusCode, refused.json().msg]).toEqual([409, '该调用仍在自动重试中，请稍后刷新再看']);
      const [job] = await db().select().from(jobs).where(eq(jobs.id, notice!.jobId!));
      expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    });

    it('gives up a call by 放弃, refuses 重试 of one it cannot run, and cleans old rows but not open ones', async () => {
      await recordInterfaceError(db(), {
        system: 'email',
        callName: '报告电子邮件发送',
        subject: 'report_delivery:x:email',
        response: '无应答',
      });
      const [open] = await db()
        .select()
        .from(interfaceErrors)
        .where(eq(interfaceErrors.subject, 'report_delivery:x:email'));
      const refused = await logKeeper.post('/manager/api/cfg/interface_error/retry', { id: open!.id });
      expect(refused.json().msg).toBe('该调用不能在此重试，请在原功能中重新操作（例如报告发送）');
      await ok(await logKeeper.post('/manager/api/cfg/interface_error/abandon', { id: open!.id }));
      const [abandoned] = await db().select().from(interfaceErrors).where(eq(interfaceErrors.id, open!.id));
      expect(abandoned!.state).toBe('abandoned');

      const old = new Date(Date.now() - 40 * 86_400_000);
      await recordInterfaceError(
        db(),
        { system: 'his', callName: '旧的待重试', subject: 'old:pending', response: '错' },
        old,
      );
      await db().update(interfaceErrors).set({ occurredAt: old }).where(eq(interfaceErrors.id, open!.id));
      const cleaned = await ok(await logKeeper.post('/manager/api/cfg/interface_error/clean', { days: '30' }));
      expect(cleaned.removed).toBeGreaterThanOrEqual(1);
      expect(await db().$count(interfaceErrors, eq(interfaceErrors.id, open!.id))).toBe(0);
      expect(
        await db().$count(
          interfaceErrors,
          and(eq(interfaceErrors.subject, 'old:pending'), eq(interfaceErrors.state, 'pending')),
        ),
      ).toBe(1);
      expect((await logKeeper.post('/manager/api/cfg/interface_error/clean', { days: '0' })).json().msg).toBe(
        '保留天数应在1到3650之间',
      );
    });
  });
});
