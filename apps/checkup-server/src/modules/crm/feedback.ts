import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  FEEDBACK_NEXT,
  feedbackHandleRoute,
  feedbackResource,
  maskName,
  maskPhone,
  type FeedbackState,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { customers, feedbacks, orders, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource, type ResourceBinding, type Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { wordsMatch } from '../exam-cfg/search.js';

const GONE = '该意见反馈不存在或已被删除';
const handler = alias(users, 'feedback_handler');
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

async function feedbackOf(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: feedbacks.id, state: feedbacks.state, contactPhone: feedbacks.contactPhone })
    .from(feedbacks)
    .where(eq(feedbacks.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', GONE);
  return { ...row, state: row.state as FeedbackState };
}

/** 意见反馈 on feedbacks: the examinee's name and the phone masked; edited only while 待处理. */
export const feedbackBinding: ResourceBinding<typeof feedbackResource> = {
  table: feedbacks,
  id: feedbacks.id,
  enabled: feedbacks.isActive,
  version: feedbacks.version,
  updatedAt: feedbacks.updatedAt,
  updatedBy: feedbacks.updatedBy,
  fields: {
    order_id: feedbacks.orderId,
    cust_name: customers.custName,
    channel: feedbacks.channel,
    category: feedbacks.category,
    content: feedbacks.content,
    contact_phone: feedbacks.contactPhone,
    state: feedbacks.state,
    handle_note: feedbacks.handleNote,
    handled_by_name: handler.userName,
    handled_at: feedbacks.handledAt,
    created_at: feedbacks.createdAt,
  },
  joins: [
    { table: orders, on: eq(orders.orderId, feedbacks.orderId) },
    { table: customers, on: eq(customers.id, orders.customerId) },
    { table: handler, on: eq(handler.id, feedbacks.handledBy) },
  ],
  values: (form) => ({
    orderId: form.order_id ?? null,
    channel: form.channel,
    category: form.category,
    content: form.content,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [feedbacks.content], [feedbacks.orderId]),
    filter.state ? eq(feedbacks.state, filter.state) : undefined,
    filter.category ? eq(feedbacks.category, filter.category) : undefined,
    filter.date_from ? gte(feedbacks.createdAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(feedbacks.createdAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ],
  orderBy: [desc(feedbacks.createdAt), desc(feedbacks.id)],
  // The phone is personal data: never in an audit row.
  secret: ['contact_phone'],
  beforeSave: async (tx, form, id) => {
    if (form.order_id) {
      const [order] = await tx.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, form.order_id));
      if (!order) throw new AppError('VALIDATION', '体检号不存在，请核对后重新输入');
    }
    if (id === undefined) return { contactPhone: form.contact_phone ?? null };
    const before = await feedbackOf(tx, id);
    if (before.state !== '待处理') throw new AppError('CONFLICT', `该意见反馈${before.state}，不能再修改`);
    // The form shows the phone masked: a blank phone keeps the one on record.
    return { contactPhone: form.contact_phone ?? before.contactPhone };
  },
  toRow: (row) => ({
    ...row,
    cust_name: typeof row.cust_name === 'string' ? maskName(row.cust_name) : null,
    contact_phone: typeof row.contact_phone === 'string' ? maskPhone(row.contact_phone) : null,
    handled_at: iso(row.handled_at),
    created_at: iso(row.created_at),
  }),
};

/** 意见反馈: the resource and its handling (待处理 → 处理中 → 已处理, or 不予处理 with a reason). */
export function feedbackRoutes(app: FastifyInstance, db: Db) {
  serveResource(app, db, feedbackResource, feedbackBinding);

  defineRoute(app, feedbackHandleRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const before = await feedbackOf(tx, input.id);
      if (!FEEDBACK_NEXT[before.state].includes(input.state)) {
        throw new AppError(
          'CONFLICT',
          FEEDBACK_NEXT[before.state].length === 0
            ? `该意见反馈已${before.state === '已处理' ? '处理' : '标记为不予处理'}，不能再次处理`
            : `该意见反馈${before.state}，不能改为${input.state}`,
        );
      }
      const changed = await tx
        .update(feedbacks)
        .set({
          state: input.state,
          handleNote: input.note ?? null,
          handledBy: user.id,
          handledAt: sql`now()`,
          version: sql`${feedbacks.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: user.id,
        })
        .where(and(eq(feedbacks.id, input.id), eq(feedbacks.state, before.state)))
        .returning({ id: feedbacks.id });
      if (changed.length === 0) throw new AppError('CONFLICT', '该意见反馈已被其他用户处理，请刷新后重试');
      await recordAudit(tx, request, 'feedback_handle', {
        userId: user.id,
        userAccount: user.user_account,
        target: `feedback:${input.id}`,
        detail: { from: before.state, to: input.state },
      });
      return { id: input.id, state: input.state };
    }),
  );
}
