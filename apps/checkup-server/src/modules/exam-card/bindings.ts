import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  maskName,
  maskPhone,
  moneyText,
  toFen,
  type cardBatchResource,
  type cardTypeResource,
  type CardState,
  type examCardResource,
} from '@checkup/api-contract';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { cardBatches, cardTypes, examCards, packages, users } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { assertChosen, recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';
import type { PersonalData } from '../people/personal-data.js';

const money = (value: unknown) => moneyText(toFen(value as string));
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** A card's state as it stands today: an unsold or sold card past its end date is 已过期. */
export const effectiveState = () =>
  sql<CardState>`case when ${examCards.state} in ('未售', '已售') and ${examCards.validUntil} < ${todayCst()} then '已过期' else ${examCards.state} end`;

/** 体检卡类型 on card_types, with the bound package's name. */
export const cardTypeBinding: ResourceBinding<typeof cardTypeResource> = {
  ...recordColumnsOf(cardTypes),
  fields: {
    type_name: cardTypes.typeName,
    prefix: cardTypes.prefix,
    face_value: cardTypes.faceValue,
    rechargeable: cardTypes.rechargeable,
    validity_days: cardTypes.validityDays,
    valid_until: cardTypes.validUntil,
    package_id: cardTypes.packageId,
    package_name: packages.packageName,
    remark: cardTypes.remark,
  },
  joins: [{ table: packages, on: eq(packages.id, cardTypes.packageId) }],
  values: (form) => ({
    typeName: form.type_name,
    prefix: form.prefix,
    faceValue: moneyText(form.face_value),
    rechargeable: form.rechargeable,
    validityDays: form.validity_days,
    validUntil: form.valid_until,
    packageId: form.package_id,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [cardTypes.typeName], [cardTypes.prefix]),
    filter.enabled ? eq(cardTypes.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(cardTypes.id)],
  unique: [{ column: cardTypes.typeName, field: 'type_name', label: '卡类型名称' }],
  references: [{ label: '制卡批次', column: cardBatches.typeId }],
  beforeSave: async (tx, form, id) => {
    await assertChosen(tx, packages.id, form.package_id, '绑定套餐');
    if (id === undefined) return;
    // The prefix is in every number already made: it cannot change once a batch exists.
    const [made] = await tx.select({ id: cardBatches.id }).from(cardBatches).where(eq(cardBatches.typeId, id)).limit(1);
    const [before] = await tx.select({ prefix: cardTypes.prefix }).from(cardTypes).where(eq(cardTypes.id, id));
    if (made && before && before.prefix !== form.prefix) {
      throw new AppError('CONFLICT', '该卡类型已制卡，不能修改卡号前缀');
    }
  },
  toRow: (row) => ({ ...row, face_value: money(row.face_value) }),
};

const maker = users;

/** 制卡批次 on card_batches (read only: a batch is made by 制卡). */
export const cardBatchBinding: ResourceBinding<typeof cardBatchResource> = {
  table: cardBatches,
  id: cardBatches.id,
  fields: {
    type_id: cardBatches.typeId,
    type_name: cardTypes.typeName,
    start_no: cardBatches.startNo,
    end_no: cardBatches.endNo,
    card_count: cardBatches.cardCount,
    face_value: cardBatches.faceValue,
    valid_until: cardBatches.validUntil,
    receiver: cardBatches.receiver,
    remark: cardBatches.remark,
    created_by_name: maker.userName,
    created_at: cardBatches.createdAt,
  },
  joins: [
    { table: cardTypes, on: eq(cardTypes.id, cardBatches.typeId) },
    { table: maker, on: eq(maker.id, cardBatches.createdBy) },
  ],
  values: () => ({}),
  where: (filter) => [
    filter.type_id ? eq(cardBatches.typeId, filter.type_id) : undefined,
    // A card number finds the batch whose range holds it.
    filter.key
      ? and(
          sql`length(${cardBatches.startNo}) = length(${filter.key})`,
          sql`${cardBatches.startNo} <= ${filter.key}`,
          sql`${cardBatches.endNo} >= ${filter.key}`,
        )
      : undefined,
    filter.date_from ? gte(cardBatches.createdAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(cardBatches.createdAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ],
  orderBy: [desc(cardBatches.createdAt), desc(cardBatches.id)],
  toRow: (row) => ({ ...row, face_value: money(row.face_value), created_at: iso(row.created_at) }),
};

/** 体检卡 on exam_cards: the buyer's name and phone masked; found by a buyer's name or whole phone. */
export function examCardBinding(personalData: PersonalData): ResourceBinding<typeof examCardResource> {
  const buyerMatch = (buyer: string): SQL =>
    /^[\d-]{7,}$/.test(buyer)
      ? eq(examCards.buyerPhoneHash, personalData.phoneLookup(buyer))
      : sql`${examCards.buyerName} ilike ${`%${buyer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  return {
    table: examCards,
    id: examCards.id,
    fields: {
      card_no: examCards.cardNo,
      type_id: examCards.typeId,
      type_name: cardTypes.typeName,
      batch_id: examCards.batchId,
      state: effectiveState(),
      balance: examCards.balance,
      face_value: cardBatches.faceValue,
      sale_price: examCards.salePrice,
      rechargeable: cardTypes.rechargeable,
      buyer_name: examCards.buyerName,
      buyer_phone: examCards.buyerPhoneEnc,
      sold_at: examCards.soldAt,
      valid_until: examCards.validUntil,
      has_password: sql<boolean>`${examCards.passwordHash} is not null`,
      state_note: examCards.stateNote,
      package_name: packages.packageName,
    },
    joins: [
      { table: cardTypes, on: eq(cardTypes.id, examCards.typeId) },
      { table: cardBatches, on: eq(cardBatches.id, examCards.batchId) },
      { table: packages, on: eq(packages.id, cardTypes.packageId) },
    ],
    values: () => ({}),
    where: (filter) => [
      filter.key ? sql`${examCards.cardNo} like ${`${filter.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
      filter.state ? eq(effectiveState(), filter.state) : undefined,
      filter.type_id ? eq(examCards.typeId, filter.type_id) : undefined,
      filter.batch_id ? eq(examCards.batchId, filter.batch_id) : undefined,
      filter.buyer ? buyerMatch(filter.buyer) : undefined,
    ],
    orderBy: [asc(examCards.cardNo)],
    toRow: (row) => ({
      ...row,
      balance: money(row.balance),
      face_value: money(row.face_value),
      sale_price: row.sale_price === null ? null : money(row.sale_price),
      buyer_name: typeof row.buyer_name === 'string' ? maskName(row.buyer_name) : null,
      buyer_phone:
        typeof row.buyer_phone === 'string'
          ? maskPhone(personalData.open('exam_cards.buyer_phone', row.buyer_phone))
          : null,
      sold_at: iso(row.sold_at),
      has_password: row.has_password === true,
    }),
  };
}
