import { and, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import {
  AppError,
  SMS_BATCH_MAX,
  isValidMobile,
  maskName,
  maskPhone,
  renderMessage,
  type SmsRecipients,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, customers, msgTemplates, orders, smsMessages } from '../../db/schema.js';
import { cancelJob, enqueueJob } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { maskedDestination, recordInterfaceError, resolveInterfaceErrors } from '../interface-errors/recorder.js';
import type { PersonalData } from '../people/personal-data.js';
import type { Tx } from '../report-logistics/handover-visit.js';
import { centrePhone, messageValuesOf } from '../report-logistics/notice-service.js';
import type { ReportTransport } from '../report/report-transport.js';

/** The job kind that sends one 短信管理 message: one job per message, so each is cancelled or retried alone. */
export const CRM_SMS_JOB = 'crm_sms';

export interface SmsActor {
  user: UserInfo;
  ip?: string;
}

export interface SmsRequest {
  templateId: number;
  recipients: SmsRecipients;
  sendAt?: string;
}

interface Message {
  orderId: string | null;
  name: string | null;
  phone: string;
  content: string;
}

/** The template, active and going by SMS; refused in words otherwise. */
async function smsTemplate(tx: Tx, id: number) {
  const [template] = await tx.select().from(msgTemplates).where(eq(msgTemplates.id, id));
  if (!template || !template.isActive) throw new AppError('VALIDATION', '短信模板不存在或已停用');
  if (!template.channels.includes('sms'))
    throw new AppError('VALIDATION', `模板「${template.templateName}」不能用于短信`);
  if (template.content.trim() === '') throw new AppError('VALIDATION', `模板「${template.templateName}」内容为空`);
  return template;
}

/** The visits the recipients name, in the order given (体检号 list) or by exam date (filter). */
async function visitsOf(tx: Tx, personalData: PersonalData, r: SmsRecipients) {
  const where: (SQL | undefined)[] = [];
  if (r.mode === 'orders') where.push(inArray(orders.orderId, [...new Set(r.order_ids)]));
  else {
    if (r.date_from) where.push(gte(orders.examDate, r.date_from));
    if (r.date_to) where.push(lte(orders.examDate, r.date_to));
    if (r.company_id !== undefined) where.push(eq(orders.companyId, r.company_id));
    if (r.group_id !== undefined) where.push(eq(orders.groupId, r.group_id));
    if (r.status) where.push(eq(orders.status, r.status));
  }
  const rows = await tx
    .select({ orderId: orders.orderId, phoneEnc: customers.phoneEnc })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...where))
    .orderBy(orders.examDate, orders.orderId)
    .limit(SMS_BATCH_MAX + 1);
  if (r.mode === 'orders') {
    const found = new Set(rows.map((v) => v.orderId));
    const missing = r.order_ids.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new AppError(
        'VALIDATION',
        `体检号不存在：${missing.slice(0, 5).join('、')}${missing.length > 5 ? '等' : ''}`,
      );
    const position = new Map(r.order_ids.map((id, i) => [id, i]));
    rows.sort((a, b) => position.get(a.orderId)! - position.get(b.orderId)!);
  }
  return rows.map((v) => ({ orderId: v.orderId, phone: personalData.openOrNull('customers.phone', v.phoneEnc) }));
}

/** Every message the request gives, with its variables filled; visits without a mobile are skipped. */
async function messagesOf(tx: Tx, personalData: PersonalData, request: SmsRequest, content: string) {
  const r = request.recipients;
  const messages: Message[] = [];
  let skipped = 0;
  if (r.mode === 'phones') {
    const centre = await centrePhone(tx);
    for (const phone of new Set(r.phones))
      messages.push({ orderId: null, name: null, phone, content: renderMessage(content, { 中心电话: centre }) });
  } else {
    const visits = await visitsOf(tx, personalData, r);
    const values = await messageValuesOf(
      tx,
      visits.map((v) => v.orderId),
    );
    for (const visit of visits) {
      if (!visit.phone || !isValidMobile(visit.phone)) {
        skipped += 1;
        continue;
      }
      const filled = values.get(visit.orderId)!;
      messages.push({
        orderId: visit.orderId,
        name: filled.姓名 ?? null,
        phone: visit.phone,
        content: renderMessage(content, filled),
      });
    }
  }
  if (messages.length > SMS_BATCH_MAX)
    throw new AppError('VALIDATION', `一次最多发送${SMS_BATCH_MAX}条短信，请缩小范围`);
  if (messages.length === 0)
    throw new AppError(
      'VALIDATION',
      skipped > 0 ? '所选体检者都没有登记手机号，没有可发送的收信人' : '没有符合条件的收信人',
    );
  return { messages, skipped };
}

/** 预览: the count, and the first message (its number masked). */
export async function previewSms(db: Db, personalData: PersonalData, request: SmsRequest) {
  return db.transaction(async (tx) => {
    const template = await smsTemplate(tx, request.templateId);
    const { messages, skipped } = await messagesOf(tx, personalData, request, template.content);
    const first = messages[0]!;
    return {
      count: messages.length,
      skipped,
      first: { recipient: first.name ?? '', phone: maskPhone(first.phone), content: first.content },
    };
  });
}

/** 立即发送 / 定时发送: a row and a job per message, due now or at the set time; one audit row per batch. */
export async function sendSms(
  db: Db,
  personalData: PersonalData,
  request: SmsRequest,
  actor: SmsActor,
  now = new Date(),
) {
  const sendAt = request.sendAt ? new Date(request.sendAt) : now;
  if (sendAt.getTime() < now.getTime() - 60_000) throw new AppError('VALIDATION', '发送时间不能早于现在');
  return db.transaction(async (tx) => {
    const template = await smsTemplate(tx, request.templateId);
    const { messages, skipped } = await messagesOf(tx, personalData, request, template.content);
    const batchNo = `SMS${now.getTime()}${String(actor.user.id).padStart(4, '0')}`;
    for (const message of messages) {
      const [row] = await tx
        .insert(smsMessages)
        .values({
          batchNo,
          orderId: message.orderId,
          recipientName: message.name,
          phoneEnc: personalData.seal('sms_messages.phone', message.phone),
          templateId: template.id,
          templateName: template.templateName,
          content: message.content,
          state: 'waiting',
          scheduledAt: sendAt,
          operatorId: actor.user.id,
          operatorName: actor.user.user_name,
          createdAt: now,
        })
        .returning({ id: smsMessages.id });
      const jobId = await enqueueJob(tx, {
        kind: CRM_SMS_JOB,
        payload: { sms_id: row!.id },
        runAt: sendAt,
        maxAttempts: 3,
        backoffSeconds: 60,
        createdBy: actor.user.id,
      });
      await tx.update(smsMessages).set({ jobId }).where(eq(smsMessages.id, row!.id));
    }
    await tx.insert(auditLog).values({
      action: 'crm_sms_send',
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      target: batchNo,
      detail: {
        template: template.templateName,
        count: messages.length,
        skipped,
        mode: request.recipients.mode,
        scheduled_at: request.sendAt ? sendAt.toISOString() : null,
      },
      ip: actor.ip ?? null,
    });
    return { batch_no: batchNo, count: messages.length, skipped };
  });
}

/** 取消发送: a message still waiting for its time; one being sent or sent is refused. */
export async function cancelSms(db: Db, id: number, actor: SmsActor, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsMessages).where(eq(smsMessages.id, id)).for('update');
    if (!row) throw new AppError('RECORD_NOT_FOUND', '短信记录不存在');
    if (row.state !== 'waiting' || (row.jobId !== null && !(await cancelJob(tx, row.jobId, now))))
      throw new AppError('ILLEGAL_TRANSITION', '只有待发送的短信可以取消');
    await tx.update(smsMessages).set({ state: 'cancelled', finishedAt: now }).where(eq(smsMessages.id, id));
    await tx.insert(auditLog).values({
      action: 'crm_sms_cancel',
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      target: row.orderId ?? row.batchNo,
      detail: { sms_id: id, batch_no: row.batchNo, job_id: row.jobId },
      ip: actor.ip ?? null,
    });
    return { id, state: 'cancelled' as const };
  });
}

const smsIdOf = (payload: unknown) => Number((payload as { sms_id?: unknown }).sms_id);

async function finish(db: Db, id: number, state: 'sent' | 'failed', detail: string, at: Date) {
  await db
    .update(smsMessages)
    .set({ state, detail: detail.slice(0, 500), finishedAt: at })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.state, 'waiting')));
}

/**
 * The job that sends one waiting message through the report transport (logging only by default), as
 * the 领取通知 SMS does: a refused send is recorded in 接口错误日志 and fails the attempt, so the runner
 * tries again; after the last, the message is 发送失败. One no longer waiting is left alone.
 */
export function crmSmsJob(deps: { db: Db; personalData: PersonalData; transport: ReportTransport }): JobHandler {
  const { db, personalData, transport } = deps;
  return {
    async run(payload, ctx) {
      const id = smsIdOf(payload);
      const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
      if (!row || row.state !== 'waiting') return;
      const destination = personalData.open('sms_messages.phone', row.phoneEnc);
      const subject = `crm_sms:${id}`;
      let sent: { ok: boolean; detail: string };
      try {
        sent = await transport.send({
          orderId: row.orderId ?? '',
          method: 'sms',
          recipient: row.recipientName ?? '',
          destination,
          text: row.content,
        });
      } catch {
        sent = { ok: false, detail: '短信发送通道不可用' };
      }
      if (!sent.ok) {
        await recordInterfaceError(
          db,
          {
            system: 'sms',
            callName: '短信管理发送短信',
            subject,
            request: `${row.orderId ? `体检号${row.orderId}，` : ''}${maskedDestination(row.recipientName ?? '', destination)}，第${ctx.attempt}次`,
            response: sent.detail || '短信发送失败',
            retry: { job_id: ctx.jobId, job_kind: CRM_SMS_JOB, payload: { sms_id: id } },
          },
          ctx.now,
        );
        throw new Error(sent.detail || '短信发送失败');
      }
      await finish(db, id, 'sent', sent.detail, ctx.now);
      await resolveInterfaceErrors(db, subject, ctx.now);
    },
    async giveUp(payload, error, ctx) {
      await finish(db, smsIdOf(payload), 'failed', error, ctx.now);
    },
  };
}

/** 接口错误日志's 重试 of a message given up on: it waits again for its job. False for any other. */
export async function reopenSms(tx: Tx, id: number, jobId: number): Promise<boolean> {
  const reopened = await tx
    .update(smsMessages)
    .set({ state: 'waiting', jobId, finishedAt: null })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.state, 'failed')))
    .returning({ id: smsMessages.id });
  return reopened.length > 0;
}

/** A name as the log shows it: masked. */
export const maskedName = (name: string | null) => (name ? maskName(name) : null);
