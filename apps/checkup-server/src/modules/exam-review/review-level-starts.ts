import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { ReviewStep, UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { recordLocks, reviewLevelStarts, reviews } from '../../db/schema.js';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Someone took the review lock of a visit waiting for `step`, or saved a conclusion at it. */
export async function markLevelStarted(
  db: Executor,
  orderId: string,
  step: ReviewStep,
  user: Pick<UserInfo, 'id' | 'user_name'>,
  how: 'lock' | 'save',
) {
  await db
    .insert(reviewLevelStarts)
    .values({ orderId, step, userId: user.id, userName: user.user_name, how })
    .onConflictDoUpdate({
      target: [reviewLevelStarts.orderId, reviewLevelStarts.step, reviewLevelStarts.userId],
      set: { how, startedAt: sql`now()`, userName: user.user_name },
    });
}

/** The pass that brought the visit past `step` last: who and when. */
export async function latestPass(db: Executor, orderId: string, step: ReviewStep) {
  const [row] = await db
    .select({ reviewerId: reviews.reviewerId, reviewerName: reviews.reviewerName, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.step, step), eq(reviews.result, 'pass')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(1);
  return row;
}

/**
 * Whether someone other than `userId` started `step` of the visit after the latest pass of `passed`
 * (the level before it): holds its review lock now, or took it or saved a conclusion at it since
 * then. Answers the Chinese of who did what. Compared on the database, at its own precision.
 */
export async function levelStartedByOther(
  db: Executor,
  orderId: string,
  q: { step: ReviewStep; passed: ReviewStep; userId: number },
): Promise<string | null> {
  const { step, userId } = q;
  const since = sql`(select max(r.created_at) from ${reviews} r
    where r.order_id = ${orderId} and r.step = ${q.passed} and r.result = 'pass')`;
  const [lock] = await db
    .select({ ownerName: recordLocks.ownerName })
    .from(recordLocks)
    .where(
      and(
        eq(recordLocks.lockType, 'exam_review'),
        eq(recordLocks.lockKey, orderId),
        ne(recordLocks.ownerUserId, userId),
        sql`${recordLocks.expiresAt} > now()`,
      ),
    );
  if (lock) return `${lock.ownerName}正在审核`;
  const [started] = await db
    .select({ userName: reviewLevelStarts.userName, how: reviewLevelStarts.how })
    .from(reviewLevelStarts)
    .where(
      and(
        eq(reviewLevelStarts.orderId, orderId),
        eq(reviewLevelStarts.step, step),
        ne(reviewLevelStarts.userId, userId),
        gt(reviewLevelStarts.startedAt, since),
      ),
    )
    .orderBy(desc(reviewLevelStarts.startedAt))
    .limit(1);
  if (!started) return null;
  return started.how === 'save' ? `${started.userName}已保存结论` : `${started.userName}已打开审核`;
}
