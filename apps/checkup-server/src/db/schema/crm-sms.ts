import { bigint, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.js';
import { orders } from './orders.js';

/**
 * 短信管理 (crm/text_message): one row per message sent from a 消息通知 template, to a visit's examinee
 * or a typed number. The number is sealed (sms_messages.phone); each message has its own job
 * (CRM_SMS_JOB), so one can be cancelled or retried alone.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    /** The batch this message was sent in (one send screen submission). */
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    /** The visit whose examinee it goes to; null for a typed number. */
    orderId: varchar('order_id', { length: 20 }).references(() => orders.orderId),
    recipientName: varchar('recipient_name', { length: 64 }),
    phoneEnc: text('phone_enc').notNull(),
    templateId: integer('template_id'),
    templateName: varchar('template_name', { length: 64 }).notNull(),
    content: text('content').notNull(),
    /** contract SMS_STATES: waiting 待发送, sent 已发送, failed 发送失败, cancelled 已取消 */
    state: varchar('state', { length: 16 }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    detail: text('detail'),
    operatorId: integer('operator_id').notNull(),
    operatorName: varchar('operator_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sms_messages_created_idx').on(t.createdAt), index('sms_messages_order_idx').on(t.orderId)],
);
