import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { AppError, CRITICAL_PENDING_MESSAGE, bannedMessage, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, customers, orders, users } from '../../db/schema.js';
import { CST_OFFSET_MS } from '../../lib/hospital-day.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { execVisit } from './exec-repository.js';

const formatCst = (at: Date) => new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/**
 * 导检单回收 (guidance_recycle, breadth §9): the guide sheet is taken back at the exit only when
 * every line is done, waived, deferred or refused and no critical value of the visit waits; once.
 * Who took it and when are kept on the visit and audited.
 */
export async function recycleSheet(db: Db, orderId: string, user: UserInfo, ip: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ returnedBy: orders.sheetReturnedBy, returnedAt: orders.sheetReturnedAt, bannedAt: orders.bannedAt })
      .from(orders)
      .where(eq(orders.orderId, orderId))
      .for('update');
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    const visit = (await execVisit(tx, orderId))!;
    if (order.returnedAt) {
      throw new AppError(
        'ILLEGAL_TRANSITION',
        `已回收，回收人：${visit.sheet_returned_by_name ?? '未知'}，时间：${formatCst(order.returnedAt)}`,
      );
    }
    if (order.bannedAt) throw new AppError('ILLEGAL_TRANSITION', bannedMessage(visit.ban_reason, '回收导检单'));
    if (visit.unhandled_critical > 0) throw new AppError('ILLEGAL_TRANSITION', CRITICAL_PENDING_MESSAGE);
    const open = visit.lines.filter((line) => line.open);
    if (open.length > 0) {
      const names = open.map((line) => `${line.union_name}（${line.state_label}）`).join('、');
      throw new AppError('ILLEGAL_TRANSITION', `还有未完成的项目，不能回收：${names}`);
    }
    const [saved] = await tx
      .update(orders)
      .set({ sheetReturnedBy: user.id, sheetReturnedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.orderId, orderId))
      .returning({ at: orders.sheetReturnedAt });
    await tx.insert(auditLog).values({
      action: 'guide_sheet_recycle',
      userId: user.id,
      userAccount: user.user_account,
      target: orderId,
      detail: { lines: visit.lines.map((line) => ({ union_id: line.union_id, state: line.state })) },
      ip,
    });
    const [me] = await tx.select({ name: users.userName }).from(users).where(eq(users.id, user.id));
    return {
      order_id: orderId,
      sheet_returned_by_name: me?.name ?? user.user_account,
      sheet_returned_at: new Date(saved!.at!).toISOString(),
    };
  });
}

const returner = alias(users, 'sheet_user');

/** The sheets taken back on one day (the centre's day), the latest first. */
export async function recycledOn(db: Db, day: string, page: number, size: number) {
  const where = and(
    gte(orders.sheetReturnedAt, cstTime(day, 0)),
    lt(orders.sheetReturnedAt, cstTime(addDays(day, 1), 0)),
  );
  const rows = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      examDate: orders.examDate,
      returnedByName: returner.userName,
      returnedAt: orders.sheetReturnedAt,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(returner, eq(returner.id, orders.sheetReturnedBy))
    .where(where)
    .orderBy(desc(orders.sheetReturnedAt))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return {
    list: rows.map((r) => ({
      order_id: r.orderId,
      cust_name: r.custName,
      sex: r.sex,
      exam_date: r.examDate,
      sheet_returned_by_name: r.returnedByName,
      sheet_returned_at: new Date(r.returnedAt!).toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
