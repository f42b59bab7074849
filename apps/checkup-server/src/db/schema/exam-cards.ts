import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { packages, recordColumns } from './catalogue.js';
import { orders } from './orders.js';

/**
 * 体检卡类型 (crm/exam_card_mg, breadth §1.5 md_card_type): the prefix its numbers start with, the
 * face value a new card holds, whether it may be recharged, and how long a card is valid (days from
 * the making of its batch, or a fixed end date); a package it covers is optional.
 */
export const cardTypes = pgTable(
  'card_types',
  {
    id: serial('id').primaryKey(),
    typeName: varchar('type_name', { length: 32 }).notNull(),
    prefix: varchar('prefix', { length: 8 }).notNull(),
    faceValue: numeric('face_value', { precision: 12, scale: 2 }).notNull(),
    rechargeable: boolean('rechargeable').notNull().default(false),
    validityDays: integer('validity_days'),
    validUntil: date('valid_until', { mode: 'string' }),
    packageId: integer('package_id').references(() => packages.id),
    remark: text('remark'),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('card_types_name_uq').on(t.typeName),
    check('card_types_validity_ck', sql`${t.validityDays} is not null or ${t.validUntil} is not null`),
  ],
);

/** 制卡批次 (create_card_batch): a numbered range of one type, made at once by one operator. */
export const cardBatches = pgTable(
  'card_batches',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => cardTypes.id),
    startNo: varchar('start_no', { length: 32 }).notNull(),
    endNo: varchar('end_no', { length: 32 }).notNull(),
    cardCount: integer('card_count').notNull(),
    faceValue: numeric('face_value', { precision: 12, scale: 2 }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** 领取人: who took the made cards from the store. */
    receiver: varchar('receiver', { length: 32 }),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_batches_type_idx').on(t.typeId, t.createdAt)],
);

/**
 * One card (md_card): its number (unique), state, balance (numeric, fen-exact; always the sum of its
 * ledger), and when sold the price and the buyer, the buyer's phone sealed (exam_cards.buyer_phone)
 * with its look-up hash. An optional PIN is kept hashed. Expiry is a date: a card past it is refused
 * at use and shown as 已过期, whatever its stored state.
 */
export const examCards = pgTable(
  'exam_cards',
  {
    id: serial('id').primaryKey(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => cardTypes.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => cardBatches.id),
    /** 未售, 已售, 已冻结, 已作废 (card-states.ts); 已过期 is read from valid_until. */
    state: varchar('state', { length: 8 }).notNull().default('未售'),
    /** The state a frozen card returns to on 解冻. */
    stateBeforeFreeze: varchar('state_before_freeze', { length: 8 }),
    balance: numeric('balance', { precision: 12, scale: 2 }).notNull(),
    salePrice: numeric('sale_price', { precision: 12, scale: 2 }),
    buyerName: varchar('buyer_name', { length: 32 }),
    buyerPhoneEnc: text('buyer_phone_enc'),
    buyerPhoneHash: varchar('buyer_phone_hash', { length: 64 }),
    soldBy: integer('sold_by'),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    passwordHash: text('password_hash'),
    stateNote: text('state_note'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exam_cards_no_uq').on(t.cardNo),
    index('exam_cards_batch_idx').on(t.batchId, t.cardNo),
    index('exam_cards_buyer_phone_idx').on(t.buyerPhoneHash),
    check('exam_cards_balance_ck', sql`${t.balance} >= 0`),
  ],
);

/**
 * A card's ledger (md_card_recheck_record / card_recharge): every change of a card, with the signed
 * amount it moved the balance by and the balance after, so the balance is always the ledger's sum.
 * 售卡 moves nothing (the money taken is in payments); 消费 and 退款 name the visit.
 */
export const cardLedger = pgTable(
  'card_ledger',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => examCards.id),
    /** 制卡, 售卡, 充值, 消费, 退款, 冻结, 解冻, 作废 */
    kind: varchar('kind', { length: 8 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 12, scale: 2 }).notNull(),
    orderId: varchar('order_id', { length: 20 }).references(() => orders.orderId),
    /** The 消费 line a 退款 gives back. */
    refundOf: integer('refund_of'),
    note: text('note'),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('card_ledger_card_idx').on(t.cardId, t.id),
    index('card_ledger_order_idx').on(t.orderId),
    // A 消费 line is given back at most once.
    uniqueIndex('card_ledger_refund_uq')
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
  ],
);
