import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { REVIEW_STEP_RULES, statusAfterPass, type ReviewStep } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, orders, reviewAssignments, users } from '../../db/schema.js';
import { openExceptionFlag } from '../orders/open-exceptions.js';
import { ageAt, keyCondition } from '../orders/order-repository.js';
import type { SearchKey } from '../people/search-key.js';

/** The statuses rev_apr lists: waiting for a step, or through the final review. */
const UNDER_REVIEW = ['depts_done', 'first_trial', 'main_trial', 'final_trial'];

/** The step a visit waits for, from its status (review-steps.ts), as SQL. */
export const stepOfStatus = sql<ReviewStep | null>`case ${orders.status}
  when 'depts_done' then 'first' when 'first_trial' then 'main' when 'main_trial' then 'final' end`;

const latestReview = (column: 'result' | 'reason') =>
  sql.raw(
    `(select r.${column} from reviews r where r.order_id = orders.order_id order by r.created_at desc, r.id desc limit 1)`,
  );

export interface WorklistFilter {
  step?: ReviewStep;
  dateFrom?: string;
  dateTo?: string;
  assigned?: 'mine' | 'assigned' | 'unassigned';
  returned?: '1';
  /** Issue 20: the visits I passed at `step`, not yet further than the next level (反审 candidates). */
  passed?: 'mine';
  keyword?: SearchKey;
  userId: number;
  page: number;
  size: number;
}

function conditions(f: WorklistFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.returned) where.push(sql`${latestReview('result')} = 'return'`);
  else if (f.step && f.passed === 'mine') {
    where.push(eq(orders.status, statusAfterPass(f.step)));
    where.push(sql`(select r.reviewer_id from reviews r
      where r.order_id = ${orders.orderId} and r.step = ${f.step} and r.result = 'pass'
      order by r.created_at desc, r.id desc limit 1) = ${f.userId}`);
  } else if (f.step) where.push(eq(orders.status, REVIEW_STEP_RULES[f.step].waiting));
  else where.push(inArray(orders.status, UNDER_REVIEW));
  if (f.dateFrom) where.push(gte(orders.examDate, f.dateFrom));
  if (f.dateTo) where.push(lte(orders.examDate, f.dateTo));
  if (f.keyword) where.push(keyCondition(f.keyword));
  if (f.assigned === 'mine') where.push(eq(reviewAssignments.reviewerId, f.userId));
  if (f.assigned === 'assigned') where.push(isNotNull(reviewAssignments.reviewerId));
  if (f.assigned === 'unassigned') where.push(isNull(reviewAssignments.reviewerId));
  return and(...where);
}

/**
 * The review worklists (first_trial / second_trial / last_trial, the allotment screens, rev_apr and
 * rejects_report): a visit with the reviewer assigned to its current step; the user's own first.
 */
export async function reviewWorklist(db: Db, f: WorklistFilter) {
  const where = conditions(f);
  const assignment = and(eq(reviewAssignments.orderId, orders.orderId), eq(reviewAssignments.step, stepOfStatus));
  const rows = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
      examType: orders.examType,
      examDate: orders.examDate,
      status: orders.status,
      step: stepOfStatus,
      reviewerId: reviewAssignments.reviewerId,
      reviewerName: users.userName,
      exceptionFlag: openExceptionFlag,
      latestResult: sql<string | null>`${latestReview('result')}`,
      latestReason: sql<string | null>`${latestReview('reason')}`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(reviewAssignments, assignment)
    .leftJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .where(where)
    .orderBy(
      asc(sql`case when ${reviewAssignments.reviewerId} = ${f.userId} then 0 else 1 end`),
      desc(orders.examDate),
      asc(orders.orderId),
    )
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const [counted] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(reviewAssignments, assignment)
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}
