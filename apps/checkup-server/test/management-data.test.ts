import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobResource, noticeResource, type Reminder, type ReminderKind } from '@checkup/api-contract';
import { auditLog, companies, contracts, criticalValues, examItems, jobs, roles, userRoles } from '../src/db/schema.js';
import { addDays, todayCst } from '../src/db/demo/dates.js';
import { enqueueJob } from '../src/modules/jobs/job-queue.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import {
  LOG_CLEANUP_JOB,
  SESSION_CLEANUP_JOB,
  maintenanceJobs,
  scheduleMaintenanceJobs,
} from '../src/modules/jobs/maintenance-jobs.js';
import { BI_REFRESH_JOB } from '../src/modules/bi/refresh.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

const JOBS = jobResource.routes;
const NOTICES = noticeResource.routes;
const RUNS = '/manager/api/jobs/runs';
const RERUN = '/manager/api/jobs/rerun';
const CANCEL = '/manager/api/jobs/cancel';
const MINE = '/manager/api/reminders/mine';
const READ = '/manager/api/reminders/read';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: ReturnType<typeof callerFor>;
  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  describe('任务日志', () => {
    const failing = { run: () => Promise.reject(new Error('短信平台无应答')) };
    let failedId: number;

    it('lists a failed job with its last error, and its runs with duration and outcome', async () => {
      failedId = await enqueueJob(db(), { kind: 'md_failing', payload: {}, runAt: new Date(), maxAttempts: 2 });
      const runner = new JobRunner({ db: db(), handlers: { md_failing: failing } });
      await runner.runDue();
      // The second attempt waits its back-off: due it now.
      await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, failedId));
      await runner.runDue();

      const [row] = (await admin.get(JOBS.list.path, { kind: 'md_failing' })).json().data.list;
      expect(row).toMatchObject({ id: failedId, state: 'failed', attempts: 2, last_error: '短信平台无应答' });
      expect((await admin.get(JOBS.list.path, { kind: 'md_failing', state: 'pending' })).json().data.total).toBe(0);
      const runs = (await admin.get(RUNS, { id: failedId })).json().data;
      expect(runs.map((r: { attempt: number; outcome: string }) => [r.attempt, r.outcome])).toEqual([
        [1, 'failed'],
        [2, 'failed'],
      ]);
      expect(runs[0].duration_ms).toBeGreaterThanOrEqual(0);
      expect(runs[0].error).toBe('短信平台无应答');
    });

    it('重新执行 needs its permission, re-queues a failed job due now with its attempts reset, and is audited', async () => {
      const viewer = callerFor(server, await staffSession(db(), 'md_viewer', ['management_data/job_logging']));
      expect((await viewer.get(JOBS.list.path)).statusCode).toBe(200);
      expect((await viewer.post(RERUN, { id: failedId })).statusCode).toBe(403);
      const rerunner = callerFor(
        server,
        await staffSession(db(), 'md_rerunner', ['management_data/job_logging', 'management_data/job_logging:rerun']),
      );
      const before = Date.now();
      expect((await rerunner.post(RERUN, { id: failedId })).json().status).toBe(200);
      const [job] = await db().select().from(jobs).where(eq(jobs.id, failedId));
      expect(job).toMatchObject({ state: 'pending', attempts: 0 });
      expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const again = await rerunner.post(RERUN, { id: failedId });
      expect([again.statusCode, again.json().msg]).toEqual([409, '只能重新执行失败或已取消的任务']);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'job_rerun'), eq(auditLog.target, `job:${failedId}`)));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ userAccount: 'md_rerunner', detail: { kind: 'md_failing' } });
    });

    it('取消 a waiting job only, audited', async () => {
      const viewer = callerFor(server, await staffSession(db(), 'md_canceller', ['management_data/job_logging']));
      expect((await viewer.post(CANCEL, { id: failedId })).json().status).toBe(200);
      expect((await admin.get(JOBS.detail.path, { id: failedId })).json().data.state).toBe('cancelled');
      const again = await viewer.post(CANCEL, { id: failedId });
      expect([again.statusCode, again.json().msg]).toEqual([409, '只能取消待执行的任务']);
      expect((await viewer.post(CANCEL, { id: 99_999_999 })).statusCode).toBe(404);
      const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'job_cancel'));
      expect(audits.map((a) => a.target)).toEqual([`job:${failedId}`]);
    });

    it('the maintenance jobs are queued once, and each queues its next run when it ends', async () => {
      const now = new Date('2026-11-20T02:00:00Z');
      await scheduleMaintenanceJobs(db(), now);
      await scheduleMaintenanceJobs(db(), now);
      const kinds = [BI_REFRESH_JOB, LOG_CLEANUP_JOB, SESSION_CLEANUP_JOB];
      const waiting = () =>
        db()
          .select({ kind: jobs.kind, runAt: jobs.runAt, state: jobs.state })
          .from(jobs)
          .where(and(inArray(jobs.kind, kinds), eq(jobs.state, 'pending')))
          .orderBy(jobs.kind);
      expect((await waiting()).map((j) => j.kind)).toEqual(kinds);

      const runner = new JobRunner({ db: db(), handlers: maintenanceJobs(db(), 30), now: () => now });
      expect(await runner.runDue()).toBe(3);
      expect((await waiting()).map((j) => [j.kind, j.runAt.toISOString()])).toEqual([
        // 统计数据刷新 every 10 minutes (issue 24), 日志清理 daily, 过期会话清理 hourly.
        [BI_REFRESH_JOB, '2026-11-20T02:10:00.000Z'],
        [LOG_CLEANUP_JOB, '2026-11-21T02:00:00.000Z'],
        [SESSION_CLEANUP_JOB, '2026-11-20T03:00:00.000Z'],
      ]);
      const done = await db()
        .select({ kind: jobs.kind })
        .from(jobs)
        .where(and(inArray(jobs.kind, kinds), eq(jobs.state, 'succeeded')));
      expect(done).toHaveLength(3);
    });
  });

  describeResource(server, jobResource, {
    valid: () => ({}),
    insert: async (database, n) => {
      await enqueueJob(database, { kind: `md_kind_${n}`, payload: {}, runAt: new Date(Date.now() + 86_400_000) });
    },
    invalid: [],
    filterFor: (n) => ({ kind: `md_kind_${n}` }),
  });

  describe('提醒数据', () => {
    const mine = async (caller: ReturnType<typeof callerFor>) =>
      (await caller.get(MINE)).json().data as { list: Reminder[]; unread: number };
    /** The count a computed reminder states, 0 when there is none. */
    const countOf = async (caller: ReturnType<typeof callerFor>, kind: ReminderKind) =>
      Number((await mine(caller)).list.find((r) => r.kind === kind)?.title.match(/^\d+/)?.[0] ?? 0);

    it('reminds only accounts that may open the screen of overdue reports, unhandled critical values and expiring contracts', async () => {
      const everything = callerFor(
        server,
        await staffSession(db(), 'md_all', ['exam_mg/rev_apr', 'exam_mg/ser_dis_mg', 'crm/cntr_book']),
      );
      const critical = callerFor(server, await staffSession(db(), 'md_critical', ['exam_mg/ser_dis_mg']));
      const before = {
        overdue: await countOf(everything, 'overdue_report'),
        critical: await countOf(everything, 'critical_value'),
        contract: await countOf(everything, 'contract_expiry'),
      };
      const today = todayCst();
      // Ten days after the exam and not through 终审: overdue; a finished one is not.
      const late = await addOrder(db(), { status: 'main_trial', examDate: addDays(today, -10) });
      await addOrder(db(), { status: 'final_trial', examDate: addDays(today, -10) });
      await addOrder(db(), { status: 'main_trial', examDate: addDays(today, -2) });
      const [item] = await db().select({ id: examItems.id }).from(examItems).limit(1);
      await db()
        .insert(criticalValues)
        .values([
          { orderId: late, itemId: item!.id, resultValue: '7.9', status: '1' },
          { orderId: late, itemId: item!.id, resultValue: '8.1', status: '2' },
        ]);
      const [company] = await db().insert(companies).values({ companyName: '提醒测试单位' }).returning();
      await db()
        .insert(contracts)
        .values([
          {
            companyId: company!.id,
            contractNo: 'MD-1',
            validFrom: '2026-01-01',
            validTo: addDays(today, 20),
            amount: '1',
          },
          {
            companyId: company!.id,
            contractNo: 'MD-2',
            validFrom: '2026-01-01',
            validTo: addDays(today, 60),
            amount: '1',
          },
        ]);

      expect(await countOf(everything, 'overdue_report')).toBe(before.overdue + 1);
      expect(await countOf(everything, 'critical_value')).toBe(before.critical + 1);
      expect(await countOf(everything, 'contract_expiry')).toBe(before.contract + 1);
      const onlyCritical = await mine(critical);
      expect(onlyCritical.list.map((r) => [r.kind, r.screen])).toEqual([['critical_value', 'exam_mg/ser_dis_mg']]);
      expect(onlyCritical.list[0]!.title).toBe(`${before.critical + 1}条危急值未处理`);
    });

    it('shows a notice to everyone, or to the roles and accounts named, until its day or its withdrawal', async () => {
      const [nurseRole] = await db()
        .insert(roles)
        .values({ roleName: '提醒护士', roleKey: 'md_nurse', roleMenu: [] })
        .returning();
      const nurse = callerFor(server, await staffSession(db(), 'md_nurse', []));
      const [nurseLink] = await db()
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(roles.roleKey, 't_md_nurse'));
      await db().insert(userRoles).values({ userId: nurseLink!.userId, roleId: nurseRole!.id });
      const other = callerFor(server, await staffSession(db(), 'md_other', []));
      const save = (fields: Record<string, string>) => admin.post(NOTICES.save.path, { content: '内容', ...fields });

      const all = (await save({ title: '全员公告' })).json().data;
      await save({ title: '护士公告', role_ids: JSON.stringify([nurseRole!.id]) });
      await save({ title: '点名公告', user_ids: String(nurseLink!.userId) });
      await save({ title: '过期公告', valid_until: addDays(todayCst(), -1) });
      const withdrawn = (await save({ title: '撤回公告' })).json().data;
      await admin.post(NOTICES.enable.path, { id: withdrawn.id, enabled: '0' });

      const titles = async (caller: ReturnType<typeof callerFor>) =>
        (await mine(caller)).list.filter((r) => r.kind === 'notice').map((r) => r.title);
      expect(await titles(nurse)).toEqual(['点名公告', '护士公告', '全员公告']);
      expect(await titles(other)).toEqual(['全员公告']);
      expect((await mine(other)).list.find((r) => r.key === `notice:${all.id}`)).toMatchObject({ screen: null });
      // Written and withdrawn through the resource layer: audited as 公告.
      const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'config_enable'));
      expect(audits.some((a) => (a.detail as { resource?: string }).resource === 'notice')).toBe(true);
    });

    it('marks reminders read per account, one or all, and a changed count is unread again', async () => {
      const reader = callerFor(server, await staffSession(db(), 'md_reader', ['exam_mg/ser_dis_mg']));
      const first = await mine(reader);
      expect(first.unread).toBe(first.list.length);
      const notice = first.list.find((r) => r.kind === 'notice')!;
      expect((await reader.post(READ, { keys: notice.key })).json().data.unread).toBe(first.unread - 1);
      expect((await mine(reader)).list.find((r) => r.key === notice.key)!.read).toBe(true);
      // Another account's flags are its own.
      const peer = callerFor(server, await staffSession(db(), 'md_peer', []));
      expect((await mine(peer)).list.find((r) => r.key === notice.key)!.read).toBe(false);

      expect((await reader.post(READ, {})).json().data.unread).toBe(0);
      expect((await mine(reader)).unread).toBe(0);
      const [cv] = await db()
        .select({ orderId: criticalValues.orderId, itemId: criticalValues.itemId })
        .from(criticalValues)
        .limit(1);
      await db().insert(criticalValues).values({ orderId: cv!.orderId, itemId: cv!.itemId, resultValue: '9.9' });
      const after = await mine(reader);
      expect(after.unread).toBe(1);
      expect(after.list.find((r) => !r.read)!.kind).toBe('critical_value');
      expect(
        (await reader.get(MINE, { kind: 'notice' })).json().data.list.every((r: Reminder) => r.kind === 'notice'),
      ).toBe(true);
    });
  });

  describeResource(server, noticeResource, {
    valid: (n) => ({ title: `公告${n}号`, content: '请于周五前完成体检报告归档' }),
    invalid: [
      { form: { title: '', content: '内容' }, message: '请填写标题' },
      { form: { title: '标题', content: '' }, message: '请填写内容' },
      { form: { title: '标题', content: '内容', role_ids: 'x' }, message: '接收角色格式不正确' },
    ],
    filterFor: (n) => ({ key: `公告${n}号` }),
    unique: false,
  });
});
