import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import {
  AppError,
  NOTICE_COUNTED_STATES,
  NOTICE_REPEAT_DAYS,
  isValidMobile,
  renderMessage,
  type NoticeState,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, companies, customers, msgTemplates, orders, packages, reportNotices } from '../../db/schema.js';
import { cancelJob, enqueueJob } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { PARAM, companyParamSchema } from '../parameters/codes.js';
import { getParameterValue } from '../parameters/repository.js';
import type { PersonalData } from '../people/personal-data.js';
import type { ReportTransport } from '../report/report-transport.js';
import type { Actor } from './handover-service.js';
import { maskedDestination, recordInterfaceError, resolveInterfaceErrors } from '../interface-errors/recorder.js';
import { handoverAtDesk, lockVisit, type Tx } from './handover-visit.js';

/** The job kind that sends a waiting SMS notice. */
export const NOTICE_SMS_JOB = 'report_notice_sms';
const DAY_MS = 86_400_000;

type Notice = typeof reportNotices.$inferSelect;

/** No second notice within NOTICE_REPEAT_DAYS of one that told (or will tell) the examinee. */
async function assertNotRecentlyNoticed(tx: Tx, orderId: string, now: Date) {
  const [recent] = await tx
    .select({ createdAt: reportNotices.createdAt, state: reportNotices.state })
    .from(reportNotices)
    .where(
      and(
        eq(reportNotices.orderId, orderId),
        inArray(reportNotices.state, [...NOTICE_COUNTED_STATES]),
        gte(reportNotices.createdAt, new Date(now.getTime() - NOTICE_REPEAT_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(reportNotices.createdAt))
    .limit(1);
  if (!recent) return;
  const day = recent.createdAt.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  throw new AppError(
    'ILLEGAL_TRANSITION',
    recent.state === 'waiting'
      ? '该报告已有待发送的领取通知，请先取消'
      : `该报告已于${day}通知过，${NOTICE_REPEAT_DAYS}天内不能再次通知`,
  );
}

async function insertNotice(
  tx: Tx,
  actor: Actor,
  values: Omit<typeof reportNotices.$inferInsert, 'operatorId' | 'operatorName'>,
) {
  const [notice] = await tx
    .insert(reportNotices)
    .values({ ...values, operatorId: actor.user.id, operatorName: actor.user.user_name })
    .returning();
  await tx.insert(auditLog).values({
    action: `report_notice_${values.channel}`,
    userId: actor.user.id,
    userAccount: actor.user.user_account,
    target: values.orderId,
    detail: {
      notice_id: notice!.id,
      state: values.state,
      template_id: values.templateId ?? null,
      scheduled_at: values.scheduledAt?.toISOString() ?? null,
    },
    ip: actor.ip ?? null,
  });
  return notice!;
}

export interface PhoneNoticeRequest {
  orderId: string;
  result: 'notified' | 'wrong_number' | 'no_answer';
  phone?: string;
  remark: string | null;
}

/** 电话通知: the call and its result, to the number given or the examinee's own. */
export async function recordPhoneNotice(
  db: Db,
  personalData: PersonalData,
  request: PhoneNoticeRequest,
  actor: Actor,
  now = new Date(),
): Promise<Notice> {
  return db.transaction(async (tx) => {
    const visit = await lockVisit(tx, request.orderId);
    const handover = await handoverAtDesk(tx, request.orderId, '通知领取');
    await assertNotRecentlyNoticed(tx, request.orderId, now);
    const phone = request.phone ?? personalData.openOrNull('customers.phone', visit.phoneEnc);
    if (!phone) throw new AppError('VALIDATION', '体检者没有登记电话，请填写电话');
    return insertNotice(tx, actor, {
      orderId: request.orderId,
      handoverId: handover.id,
      channel: 'phone',
      state: request.result,
      phoneEnc: personalData.seal('report_notices.phone', phone),
      remark: request.remark,
      createdAt: now,
      finishedAt: now,
    });
  });
}

export interface SmsNoticeRequest {
  orderId: string;
  templateId: number;
  phone?: string;
  sendAt?: string;
  remark: string | null;
}

const SEX_LABELS: Record<string, string> = { '1': '男', '2': '女' };

/** The template's variables for each of these visits (contract MSG_VARIABLES), by 体检号; 短信管理 uses it too. */
export async function messageValuesOf(tx: Tx, orderIds: string[]): Promise<Map<string, Record<string, string>>> {
  const values = new Map<string, Record<string, string>>();
  if (orderIds.length === 0) return values;
  const rows = await tx
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      examDate: orders.examDate,
      companyName: companies.companyName,
      packageName: packages.packageName,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(inArray(orders.orderId, orderIds));
  const centre = await centrePhone(tx);
  for (const row of rows)
    values.set(row.orderId, {
      姓名: row.custName,
      性别: SEX_LABELS[row.sex] ?? '',
      体检号: row.orderId,
      体检日期: row.examDate,
      单位名称: row.companyName ?? '',
      套餐名称: row.packageName ?? '',
      中心电话: centre,
    });
  return values;
}

/** 中心电话 of the centre's parameters, blank when not set. */
export async function centrePhone(tx: Tx): Promise<string> {
  const centre = companyParamSchema.safeParse(await getParameterValue(tx as unknown as Db, PARAM.COMPANY));
  return centre.success ? (centre.data.companyCfg.phone ?? '') : '';
}

async function messageValues(tx: Tx, orderId: string): Promise<Record<string, string>> {
  return (await messageValuesOf(tx, [orderId])).get(orderId)!;
}

/**
 * 短信通知: the template's text for this visit, to the number given or the examinee's mobile, sent
 * now or at the set time by the background job (NOTICE_SMS_JOB) through the report transport.
 */
export async function scheduleSmsNotice(
  db: Db,
  personalData: PersonalData,
  request: SmsNoticeRequest,
  actor: Actor,
  now = new Date(),
): Promise<Notice> {
  const sendAt = request.sendAt ? new Date(request.sendAt) : now;
  if (sendAt.getTime() < now.getTime() - 60_000) throw new AppError('VALIDATION', '发送时间不能早于现在');
  return db.transaction(async (tx) => {
    const visit = await lockVisit(tx, request.orderId);
    const handover = await handoverAtDesk(tx, request.orderId, '通知领取');
    await assertNotRecentlyNoticed(tx, request.orderId, now);
    const [template] = await tx.select().from(msgTemplates).where(eq(msgTemplates.id, request.templateId));
    if (!template || !template.isActive) throw new AppError('VALIDATION', '短信模板不存在或已停用');
    if (!template.channels.includes('sms'))
      throw new AppError('VALIDATION', `模板「${template.templateName}」不能用于短信`);
    const phone = request.phone ?? personalData.openOrNull('customers.phone', visit.phoneEnc);
    if (!phone) throw new AppError('VALIDATION', '体检者没有登记手机号，请填写手机号');
    if (!isValidMobile(phone)) throw new AppError('VALIDATION', '体检者登记的电话不是手机号，请填写手机号');
    const notice = await insertNotice(tx, actor, {
      orderId: request.orderId,
      handoverId: handover.id,
      channel: 'sms',
      state: 'waiting',
      phoneEnc: personalData.seal('report_notices.phone', phone),
      templateId: template.id,
      content: renderMessage(template.content, await messageValues(tx, request.orderId)),
      scheduledAt: sendAt,
      remark: request.remark,
      createdAt: now,
    });
    const jobId = await enqueueJob(tx, {
      kind: NOTICE_SMS_JOB,
      payload: { notice_id: notice.id },
      runAt: sendAt,
      maxAttempts: 3,
      backoffSeconds: 60,
      createdBy: actor.user.id,
    });
    const [scheduled] = await tx
      .update(reportNotices)
      .set({ jobId })
      .where(eq(reportNotices.id, notice.id))
      .returning();
    return scheduled!;
  });
}

/** 取消发送: an SMS notice still waiting for its time; one being sent or sent is refused. */
export async function cancelSmsNotice(db: Db, noticeId: number, actor: Actor, now = new Date()): Promise<Notice> {
  return db.transaction(async (tx) => {
    const [notice] = await tx.select().from(reportNotices).where(eq(reportNotices.id, noticeId)).for('update');
    if (!notice) throw new AppError('RECORD_NOT_FOUND', '通知记录不存在');
    if (
      notice.channel !== 'sms' ||
      notice.state !== 'waiting' ||
      (notice.jobId !== null && !(await cancelJob(tx, notice.jobId, now)))
    )
      throw new AppError('ILLEGAL_TRANSITION', '只有待发送的短信通知可以取消');
    const [cancelled] = await tx
      .update(reportNotices)
      .set({ state: 'cancelled', finishedAt: now })
      .where(eq(reportNotices.id, noticeId))
      .returning();
    await tx.insert(auditLog).values({
      action: 'report_notice_cancel',
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      target: notice.orderId,
      detail: { notice_id: noticeId, job_id: notice.jobId },
      ip: actor.ip ?? null,
    });
    return cancelled!;
  });
}

const noticeIdOf = (payload: unknown) => Number((payload as { notice_id?: unknown }).notice_id);

async function finish(db: Db, noticeId: number, state: NoticeState, detail: string, at: Date) {
  await db
    .update(reportNotices)
    .set({ state, detail: detail.slice(0, 500), finishedAt: at })
    .where(and(eq(reportNotices.id, noticeId), eq(reportNotices.state, 'waiting')));
}

/**
 * The job that sends a waiting SMS notice through the report transport (logging only by default): a
 * refused or failed send fails the attempt, so the runner tries again; after the last, the notice
 * is 发送失败. A notice no longer waiting (cancelled with its report's handover) is left alone.
 */
export function smsNoticeJob(deps: { db: Db; personalData: PersonalData; transport: ReportTransport }): JobHandler {
  const { db, personalData, transport } = deps;
  return {
    async run(payload, ctx) {
      const noticeId = noticeIdOf(payload);
      const [notice] = await db
        .select({ notice: reportNotices, custName: customers.custName })
        .from(reportNotices)
        .innerJoin(orders, eq(orders.orderId, reportNotices.orderId))
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(reportNotices.id, noticeId));
      if (!notice || notice.notice.state !== 'waiting') return;
      const destination = personalData.open('report_notices.phone', notice.notice.phoneEnc!);
      const subject = `report_notice:${noticeId}`;
      let sent: { ok: boolean; detail: string };
      try {
        sent = await transport.send({
          orderId: notice.notice.orderId,
          method: 'sms',
          recipient: notice.custName,
          destination,
          text: notice.notice.content ?? '',
        });
      } catch {
        sent = { ok: false, detail: '短信发送通道不可用' };
      }
      if (!sent.ok) {
        // 接口错误日志 (issue 21): 重试 queues this job once more.
        await recordInterfaceError(
          db,
          {
            system: 'sms',
            callName: '报告领取短信通知',
            subject,
            request: `体检号${notice.notice.orderId}，${maskedDestination(notice.custName, destination)}，第${ctx.attempt}次`,
            response: sent.detail || '短信发送失败',
            retry: { job_id: ctx.jobId, job_kind: NOTICE_SMS_JOB, payload: { notice_id: noticeId } },
          },
          ctx.now,
        );
        throw new Error(sent.detail || '短信发送失败');
      }
      await finish(db, noticeId, 'sent', sent.detail, ctx.now);
      await resolveInterfaceErrors(db, subject, ctx.now);
    },
    async giveUp(payload, error, ctx) {
      await finish(db, noticeIdOf(payload), 'failed', error, ctx.now);
    },
  };
}

/**
 * 接口错误日志's 重试 of a notice the runner gave up on (发送失败): it waits again, for its job queued
 * once more. False for any other: sent, or cancelled.
 */
export async function reopenSmsNotice(tx: Tx, noticeId: number, jobId: number): Promise<boolean> {
  const reopened = await tx
    .update(reportNotices)
    .set({ state: 'waiting', jobId, finishedAt: null })
    .where(and(eq(reportNotices.id, noticeId), eq(reportNotices.state, 'failed')))
    .returning({ id: reportNotices.id });
  return reopened.length > 0;
}

/** A visit's notices, newest first (查看短信). */
export function noticesOf(db: Db, orderId: string) {
  return db
    .select()
    .from(reportNotices)
    .where(eq(reportNotices.orderId, orderId))
    .orderBy(desc(reportNotices.createdAt), desc(reportNotices.id));
}
