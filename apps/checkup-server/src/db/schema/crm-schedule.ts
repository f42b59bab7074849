import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ApprovalState, BookingKind, BookingState, SlotType } from '@checkup/api-contract';
import { packages, recordColumns } from './catalogue.js';
import { customers, groupOrders } from './people.js';

/**
 * 排期 (crm/shd_mg, breadth §2.6): the capacity of one day's time slot of one type. `is_active` is the
 * slot's 开放 flag: a closed slot takes no booking.
 */
export const scheduleSlots = pgTable(
  'schedule_slots',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'HH:MM' */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    slotType: varchar('slot_type', { length: 8 }).$type<SlotType>().notNull(),
    cap: integer('cap').notNull(),
    remark: varchar('remark', { length: 200 }),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schedule_slots_day_time_type_uq').on(t.day, t.startTime, t.slotType)],
);

/**
 * 体检预约 (crm/exam_schedule, breadth §2.6): one person's booking of a slot, or a group order's block
 * booking of a head-count over days. Personal data sealed as in customers. A slot's 已预约 counts the
 * person bookings 已预约 and 预约结束 on it; a request past the cap waits (待预约, approval pending).
 */
export const examBookings = pgTable(
  'exam_bookings',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).$type<BookingKind>().notNull(),
    state: varchar('state', { length: 12 }).$type<BookingState>().notNull(),
    slotType: varchar('slot_type', { length: 8 }).$type<SlotType>().notNull(),
    slotId: integer('slot_id').references(() => scheduleSlots.id),
    /** The slot's day, or a group booking's first day. */
    bookDate: date('book_date', { mode: 'string' }).notNull(),
    /** A group booking's last day. */
    dateTo: date('date_to', { mode: 'string' }),
    custName: varchar('cust_name', { length: 64 }),
    sex: varchar('sex', { length: 1 }).$type<'1' | '2'>(),
    custIdCardEnc: text('cust_id_card_enc'),
    custIdCardHash: varchar('cust_id_card_hash', { length: 64 }),
    phoneEnc: text('phone_enc'),
    phoneHash: varchar('phone_hash', { length: 64 }),
    companyName: varchar('company_name', { length: 128 }),
    packageId: integer('package_id').references(() => packages.id),
    groupOrderId: integer('group_order_id').references(() => groupOrders.id),
    headCount: integer('head_count').notNull().default(1),
    remark: varchar('remark', { length: 200 }),
    /** 超额审批: null when the slot had room. */
    approvalState: varchar('approval_state', { length: 8 }).$type<ApprovalState>(),
    approvalNote: varchar('approval_note', { length: 200 }),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The visit the booking became at the desk (预约结束), and its archive. */
    orderId: varchar('order_id', { length: 20 }),
    customerId: integer('customer_id').references(() => customers.id),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    index('exam_bookings_date_idx').on(t.bookDate),
    index('exam_bookings_slot_idx').on(t.slotId, t.state),
    index('exam_bookings_id_card_idx').on(t.custIdCardHash),
    index('exam_bookings_customer_idx').on(t.customerId),
  ],
);
