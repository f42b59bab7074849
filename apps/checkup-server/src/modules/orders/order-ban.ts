import { eq, sql } from 'drizzle-orm';
import { AppError, bannedMessage, type BanState } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, orders, users } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;

export interface BanActor {
  userId: number;
  userAccount: string;
  ip?: string;
}

/** The reason a visit is banned (禁检), or null when it is not. */
export async function banReasonOf(db: Reader, orderId: string): Promise<string | null> {
  const [row] = await db.select({ reason: orders.banReason }).from(orders).where(eq(orders.orderId, orderId));
  return row?.reason ?? null;
}

/**
 * The one guard of a banned visit (issue 19 禁检): department entry, review and report writes call it
 * in their own transaction and are refused with the reason.
 */
export async function assertNotBanned(db: Reader, orderId: string): Promise<void> {
  const reason = await banReasonOf(db, orderId);
  if (reason !== null) throw new AppError('ILLEGAL_TRANSITION', bannedMessage(reason));
}

export async function readBanState(db: Reader, orderId: string): Promise<BanState> {
  const [row] = await db
    .select({ reason: orders.banReason, by: users.userName, at: orders.bannedAt })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.bannedBy))
    .where(eq(orders.orderId, orderId));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  return {
    order_id: orderId,
    banned: row.reason !== null,
    reason: row.reason,
    banned_by: row.reason !== null ? (row.by ?? null) : null,
    banned_at: row.at?.toISOString() ?? null,
  };
}

async function lockedBan(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ reason: orders.banReason })
    .from(orders)
    .where(eq(orders.orderId, orderId))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  return row.reason;
}

/** 禁检 with a reason: one transaction, audited. A banned visit is not banned twice. */
export async function banOrder(db: Db, orderId: string, reason: string, actor: BanActor): Promise<BanState> {
  await db.transaction(async (tx) => {
    const current = await lockedBan(tx, orderId);
    if (current !== null) throw new AppError('ILLEGAL_TRANSITION', `该体检者已禁检（原因：${current}），请勿重复操作`);
    await tx
      .update(orders)
      .set({ banReason: reason, bannedBy: actor.userId, bannedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.orderId, orderId));
    await tx.insert(auditLog).values({
      action: 'order_ban',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      detail: { reason },
      ip: actor.ip ?? null,
    });
  });
  return readBanState(db, orderId);
}

/** 解除禁检: the audit row keeps the reason that was lifted. */
export async function liftOrderBan(db: Db, orderId: string, actor: BanActor): Promise<BanState> {
  await db.transaction(async (tx) => {
    const current = await lockedBan(tx, orderId);
    if (current === null) throw new AppError('ILLEGAL_TRANSITION', '该体检者未被禁检，无需解除');
    await tx
      .update(orders)
      .set({ banReason: null, bannedBy: null, bannedAt: null, updatedAt: sql`now()` })
      .where(eq(orders.orderId, orderId));
    await tx.insert(auditLog).values({
      action: 'order_lift_ban',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      detail: { lifted_reason: current },
      ip: actor.ip ?? null,
    });
  });
  return readBanState(db, orderId);
}
