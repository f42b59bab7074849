import { and, count, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, ORDER_STATUS_LABELS, UNION_EXEC, isOrderStatus, unionExecLabel } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  breakfasts,
  cardLedger,
  criticalValues,
  deptSummaries,
  feedbacks,
  groupPersons,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderExceptions,
  orderStatusLog,
  orderUnions,
  orders,
  payments,
  settlementLines,
  queueEntries,
  queueEvents,
  recordLocks,
  orderReminders,
  orderUnionAdditions,
  reportDeliveries,
  reportHandovers,
  reportMarks,
  reportNotices,
  reportPrints,
  reportReviews,
  reportShares,
  reviewAssignments,
  reviewLevelStarts,
  reviewPlans,
  reviews,
  smsMessages,
  unions,
} from '../../db/schema.js';
import { queueChanged } from '../queue/queue-signal.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Before anything is examined: 已预登记 (issue 22), 已登记 or 已报到 (spec order statuses). */
const UNDOABLE = new Set(['prepared', 'registered', 'checked_in']);

/**
 * Rows keyed by the order that mean work was done or money moved: any of them refuses 反登记 with
 * its message. With the tables 反登记 removes, these are every table with a foreign key to orders
 * (unregister.test.ts checks that against the database).
 */
const WORK_DONE: { table: PgTable; orderId: AnyPgColumn; msg: string }[] = [
  { table: payments, orderId: payments.orderId, msg: '该体检已有收费记录，不能反登记，请先到收费处办理退费' },
  { table: itemResults, orderId: itemResults.orderId, msg: '该体检已录入检查结果，不能反登记' },
  { table: deptSummaries, orderId: deptSummaries.orderId, msg: '该体检已有科室小结，不能反登记' },
  { table: orderDiagnoses, orderId: orderDiagnoses.orderId, msg: '该体检已有科室诊断，不能反登记' },
  { table: orderExceptions, orderId: orderExceptions.orderId, msg: '该体检已有异常记录，不能反登记' },
  { table: criticalValues, orderId: criticalValues.orderId, msg: '该体检已有危急值记录，不能反登记' },
  { table: reviews, orderId: reviews.orderId, msg: '该体检已有总检记录，不能反登记' },
  { table: reviewAssignments, orderId: reviewAssignments.orderId, msg: '该体检已分配审核，不能反登记' },
  { table: reportReviews, orderId: reportReviews.orderId, msg: '该体检已有报告审核记录，不能反登记' },
  { table: reportPrints, orderId: reportPrints.orderId, msg: '该体检报告已打印，不能反登记' },
  { table: reportDeliveries, orderId: reportDeliveries.orderId, msg: '该体检报告已发送，不能反登记' },
  // A department took the visit up: it added a union (科室加项) or left a note (我要提醒).
  { table: orderUnionAdditions, orderId: orderUnionAdditions.orderId, msg: '该体检已有科室加项，不能反登记' },
  { table: orderReminders, orderId: orderReminders.orderId, msg: '该体检已有科室提醒，不能反登记' },
  // The visit's conclusion asked for a re-exam (复查管理): cancel that first.
  { table: reviewPlans, orderId: reviewPlans.orderId, msg: '该体检已安排复查，不能反登记' },
  // Issue 20: a level of 总检 was taken up, or the report reached the report room or the examinee.
  { table: reviewLevelStarts, orderId: reviewLevelStarts.orderId, msg: '该体检已开始总检，不能反登记' },
  { table: reportMarks, orderId: reportMarks.orderId, msg: '该体检报告已设置加急或柜子号，不能反登记' },
  { table: reportHandovers, orderId: reportHandovers.orderId, msg: '该体检报告已交接，不能反登记' },
  { table: reportNotices, orderId: reportNotices.orderId, msg: '该体检已有领取通知记录，不能反登记' },
  { table: reportShares, orderId: reportShares.orderId, msg: '该体检报告已分享，不能反登记' },
  // Issue 22: the examinee was written to, gave feedback on the visit, or took the breakfast.
  { table: smsMessages, orderId: smsMessages.orderId, msg: '该体检已有短信记录，不能反登记' },
  { table: feedbacks, orderId: feedbacks.orderId, msg: '该体检已有意见反馈，不能反登记' },
  { table: breakfasts, orderId: breakfasts.orderId, msg: '该体检已领取早餐，不能反登记' },
  // A card paid for the visit (its money line refuses too): the card's ledger names the visit.
  { table: cardLedger, orderId: cardLedger.orderId, msg: '该体检已有体检卡消费记录，不能反登记，请先办理退款' },
  { table: settlementLines, orderId: settlementLines.orderId, msg: '该体检已列入团体结算单，不能反登记' },
];

/** The tables 反登记 empties of the order (besides orders itself). */
export const REMOVED_WITH_ORDER = ['order_unions', 'order_depts', 'order_status_log', 'queue_entries'] as const;
export const REFUSING_UNREGISTER = WORK_DONE.map((w) => w.table);

export interface UnregisterActor {
  userId: number;
  userAccount: string;
  ip?: string;
}

async function refuseWhenDone(tx: Tx, orderId: string, status: string): Promise<void> {
  if (!UNDOABLE.has(status)) {
    const label = isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
    throw new AppError(
      'ILLEGAL_TRANSITION',
      `订单当前状态为「${label}」，只有已预登记、已登记或已报到的体检可以反登记`,
    );
  }
  const [handled] = await tx
    .select({ name: unions.unionName, status: orderUnions.status })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .where(and(eq(orderUnions.orderId, orderId), ne(orderUnions.status, UNION_EXEC.todo)))
    .limit(1);
  if (handled) {
    throw new AppError(
      'ILLEGAL_TRANSITION',
      `项目「${handled.name}」已${unionExecLabel(handled.status).replace(/^已/, '')}，不能反登记`,
    );
  }
  const [signed] = await tx
    .select({ deptId: orderDepts.deptId })
    .from(orderDepts)
    .where(and(eq(orderDepts.orderId, orderId), ne(orderDepts.status, '0')))
    .limit(1);
  if (signed) throw new AppError('ILLEGAL_TRANSITION', '该体检已有科室录入或签名，不能反登记');
  for (const { table, orderId: column, msg } of WORK_DONE) {
    const [row] = await tx.select({ n: count() }).from(table).where(eq(column, orderId));
    if ((row?.n ?? 0) > 0) throw new AppError('ILLEGAL_TRANSITION', msg);
  }
}

/**
 * 反登记 (issue 19): removes a visit nothing was done for, in one transaction — its lines, departments,
 * status log, queue places and locks — and keeps what was removed in the audit row. The examinee's
 * archive (customers) stays.
 */
export async function unregisterOrder(db: Db, orderId: string, actor: UnregisterActor) {
  const removed = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).for('update');
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    await refuseWhenDone(tx, orderId, order.status);

    const lines = await tx.select().from(orderUnions).where(eq(orderUnions.orderId, orderId));
    const depts = await tx.select().from(orderDepts).where(eq(orderDepts.orderId, orderId));
    const entries = await tx
      .select({ id: queueEntries.id, deptId: queueEntries.deptId, queueNo: queueEntries.queueNo })
      .from(queueEntries)
      .where(eq(queueEntries.orderId, orderId));
    if (entries.length > 0) {
      await tx.delete(queueEvents).where(
        inArray(
          queueEvents.entryId,
          entries.map((e) => e.id),
        ),
      );
      await tx.delete(queueEntries).where(eq(queueEntries.orderId, orderId));
    }
    await tx.delete(orderStatusLog).where(eq(orderStatusLog.orderId, orderId));
    await tx.delete(orderUnions).where(eq(orderUnions.orderId, orderId));
    await tx.delete(orderDepts).where(eq(orderDepts.orderId, orderId));
    await tx.delete(recordLocks).where(or(eq(recordLocks.lockKey, orderId), like(recordLocks.lockKey, `${orderId}:%`)));
    // A re-exam visit undone: its 复查 waits to be registered again (复查管理).
    const released = await tx
      .update(reviewPlans)
      .set({ status: 'pending', reviewOrderId: null, registeredBy: null, registeredAt: null, updatedAt: sql`now()` })
      .where(eq(reviewPlans.reviewOrderId, orderId))
      .returning({ id: reviewPlans.id });
    // A group order's person (团检名单) loses the visit and waits for 预登记 again (issue 22).
    const unlinked = await tx
      .update(groupPersons)
      .set({ orderId: null, updatedAt: sql`now()` })
      .where(eq(groupPersons.orderId, orderId))
      .returning({ id: groupPersons.id });
    await tx.delete(orders).where(eq(orders.orderId, orderId));
    await tx.insert(auditLog).values({
      action: 'order_unregister',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      detail: {
        customer_id: order.customerId,
        status: order.status,
        exam_type: order.examType,
        exam_date: order.examDate,
        package_id: order.packageId,
        company_id: order.companyId,
        group_id: order.groupId,
        total_price: order.totalPrice,
        ban_reason: order.banReason,
        unions: lines.map((l) => ({
          union_id: l.unionId,
          dept_id: l.deptId,
          price: l.price,
          origin: l.origin,
          pay_mode: l.payMode,
        })),
        depts: depts.map((d) => d.deptId),
        queue: entries.map((e) => ({ dept_id: e.deptId, queue_no: e.queueNo })),
        ...(released.length > 0 ? { review_plan_id: released[0]!.id } : {}),
        ...(unlinked.length > 0 ? { group_person_id: unlinked[0]!.id } : {}),
      },
      ip: actor.ip ?? null,
    });
    return { order_id: orderId, customer_id: order.customerId, queued: entries.length > 0 };
  });
  if (removed.queued) queueChanged(db);
  return { order_id: removed.order_id, customer_id: removed.customer_id };
}
