import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { branches, orders, users } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

/** The first enabled branch by its order: where a visit goes when the account names none. */
export async function firstBranchId(db: Reader): Promise<number | null> {
  const [first] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.isActive, true))
    .orderBy(asc(branches.sort), asc(branches.id))
    .limit(1);
  return first?.id ?? null;
}

/**
 * The branch a desk registers at (issue 21): the account's 默认分中心 while that branch is enabled,
 * else the first enabled branch; null only while the centre has no branch at all.
 */
export async function deskBranchId(db: Reader, userId: number): Promise<number | null> {
  const [own] = await db
    .select({ id: branches.id })
    .from(users)
    .innerJoin(branches, and(eq(branches.id, users.defaultBranchId), eq(branches.isActive, true)))
    .where(eq(users.id, userId))
    .limit(1);
  return own?.id ?? (await firstBranchId(db));
}

/** The 检前须知 of the visit's branch, printed on its guide sheet; null when it has none. */
export async function preExamNoticeOf(db: Reader, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ notice: branches.preExamNotice })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(eq(orders.orderId, orderId))
    .limit(1);
  return row?.notice ?? null;
}
