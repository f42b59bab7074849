import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { recordColumns } from './catalogue.js';
import { jobs } from './jobs.js';
import { orders } from './orders.js';

/** 柜子 (chest_manage, breadth §3.4): the cabinets of the report room a handed-over report waits in. */
export const reportCabinets = pgTable('report_cabinets', {
  id: serial('id').primaryKey(),
  cabinetNo: varchar('cabinet_no', { length: 16 }).notNull().unique(),
  cabinetName: varchar('cabinet_name', { length: 64 }).notNull(),
  location: varchar('location', { length: 100 }),
  remark: varchar('remark', { length: 200 }),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

/**
 * What the desk marks on a visit's report before it is handed over: 加急 and the cabinet it should go
 * to. Beside the visit rather than on orders, which the registration and review flows write.
 */
export const reportMarks = pgTable('report_marks', {
  orderId: varchar('order_id', { length: 20 })
    .primaryKey()
    .references(() => orders.orderId),
  urgent: boolean('urgent').notNull().default(false),
  cabinetNo: varchar('cabinet_no', { length: 16 }),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 终审交接 and 领取 (report_warehousing, report_outgoing): a report handed to the report desk (in),
 * collected (out), or its handover taken back (revoked, kept as history). At most one handover of a
 * visit is not revoked: the partial unique index refuses a second even from two desks at once.
 */
export const reportHandovers = pgTable(
  'report_handovers',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** in 已入库, out 已领取, revoked 已反交接 (contract HANDOVER_STATES) */
    state: varchar('state', { length: 8 }).notNull(),
    cabinetNo: varchar('cabinet_no', { length: 16 }).notNull(),
    urgent: boolean('urgent').notNull().default(false),
    /** Who at the report desk took it. */
    receiver: varchar('receiver', { length: 64 }).notNull(),
    handedAt: timestamp('handed_at', { withTimezone: true }).notNull(),
    handedBy: integer('handed_by').notNull(),
    handedByName: varchar('handed_by_name', { length: 64 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
    revokeReason: varchar('revoke_reason', { length: 200 }),
    /** 领取: contract PICKUP_METHODS */
    pickupMethod: varchar('pickup_method', { length: 8 }),
    pickupReceiver: varchar('pickup_receiver', { length: 64 }),
    /** The collector's phone, sealed (personal-data.ts). */
    pickupPhoneEnc: text('pickup_phone_enc'),
    courierCompany: varchar('courier_company', { length: 64 }),
    trackingNo: varchar('tracking_no', { length: 64 }),
    /** The collector's signature drawn on screen (stored_files, purpose report_pickup_signature). */
    signatureFileId: bigint('signature_file_id', { mode: 'number' }),
    pickupRemark: varchar('pickup_remark', { length: 200 }),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    pickedBy: integer('picked_by'),
    pickedByName: varchar('picked_by_name', { length: 64 }),
  },
  (t) => [
    uniqueIndex('report_handovers_live_order_idx')
      .on(t.orderId)
      .where(sql`${t.state} <> 'revoked'`),
    index('report_handovers_handed_idx').on(t.state, t.handedAt),
  ],
);

/**
 * 领取通知: a phone call with its result, or an SMS from a template sent now or at a set time by a
 * background job (jobs, kind report_notice_sms).
 */
export const reportNotices = pgTable(
  'report_notices',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => reportHandovers.id),
    /** phone 电话, sms 短信 */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** contract NOTICE_STATES: notified, wrong_number, no_answer (phone); waiting, sent, failed, cancelled (SMS) */
    state: varchar('state', { length: 16 }).notNull(),
    /** The number called or texted, sealed. */
    phoneEnc: text('phone_enc'),
    templateId: integer('template_id'),
    /** The SMS text as sent (查看短信). */
    content: text('content'),
    /** When the SMS goes (now, or the set time). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    /** 通知备注, or the transport's answer. */
    remark: varchar('remark', { length: 200 }),
    detail: text('detail'),
    operatorId: integer('operator_id').notNull(),
    operatorName: varchar('operator_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_notices_order_idx').on(t.orderId, t.createdAt)],
);
