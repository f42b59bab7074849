import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  AppError,
  REVIEW_STEPS,
  refRangeText,
  reviewStepOf,
  type OrderStatus,
  type ReviewDept,
  type ReviewDetail,
  type ReviewStep,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  customers,
  departments,
  deptSummaries,
  examItems,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderExceptions,
  orderUnions,
  orders,
  packages,
  reviews,
  unionItems,
  unions,
  users,
} from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';

type Reader = Pick<Db, 'select'>;
const num = (v: string | null) => (v === null ? null : Number(v));

async function orderHead(db: Reader, orderId: string) {
  const [head] = await db
    .select({
      status: orders.status,
      examType: orders.examType,
      examDate: orders.examDate,
      harmFactors: orders.harmFactors,
      conclusion: orders.conclusion,
      advice: orders.advice,
      correctionStatus: orders.correctionStatus,
      packageName: packages.packageName,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.orderId, orderId));
  if (!head) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  return head;
}

/** Every department of the visit with its unions, results, summary and diagnoses, in department order. */
async function deptsOf(db: Reader, orderId: string, sex: '1' | '2'): Promise<ReviewDept[]> {
  const deptRows = await db
    .select({ dept: orderDepts, deptName: departments.deptName, signer: users.userName })
    .from(orderDepts)
    .innerJoin(departments, eq(departments.id, orderDepts.deptId))
    .leftJoin(users, eq(users.id, orderDepts.signUserId))
    .where(eq(orderDepts.orderId, orderId))
    .orderBy(asc(departments.sort), asc(departments.id));
  const itemRows = await db
    .select({ union: orderUnions, unionName: unions.unionName, item: examItems })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .leftJoin(unionItems, eq(unionItems.unionId, unions.id))
    .leftJoin(examItems, eq(examItems.id, unionItems.itemId))
    .where(eq(orderUnions.orderId, orderId))
    .orderBy(asc(unions.sort), asc(unions.id), asc(unionItems.sort), asc(examItems.id));
  const results = new Map(
    (await db.select().from(itemResults).where(eq(itemResults.orderId, orderId))).map((r) => [r.itemId, r]),
  );
  const summaries = await db
    .select()
    .from(deptSummaries)
    .where(eq(deptSummaries.orderId, orderId))
    .orderBy(asc(deptSummaries.summaryOrderBy), asc(deptSummaries.id));
  const diags = await db
    .select()
    .from(orderDiagnoses)
    .where(and(eq(orderDiagnoses.orderId, orderId), isNotNull(orderDiagnoses.deptId)))
    .orderBy(asc(orderDiagnoses.sort), asc(orderDiagnoses.id));

  const male = sex === '1';
  return deptRows.map(({ dept, deptName, signer }) => {
    const byUnion = new Map<number, ReviewDept['unions'][number]>();
    for (const { union, unionName, item } of itemRows.filter((r) => r.union.deptId === dept.deptId)) {
      const entry = byUnion.get(union.unionId) ?? {
        union_id: union.unionId,
        union_name: unionName,
        status: union.status,
        items: [],
      };
      byUnion.set(union.unionId, entry);
      if (!item) continue;
      const saved = results.get(item.id);
      entry.items.push({
        item_id: item.id,
        item_name: item.itemName,
        result_value: saved?.resultValue ?? null,
        unit: saved?.unit ?? item.unit,
        ref_range:
          saved?.refRange ??
          refRangeText(
            num(male ? item.refLowMale : item.refLowFemale),
            num(male ? item.refHighMale : item.refHighFemale),
          ),
        abnormal_flag: saved?.abnormalFlag ?? '',
        critical_flag: saved?.criticalFlag ?? '0',
      });
    }
    return {
      dept_id: dept.deptId,
      dept_name: deptName,
      dept_status: dept.status,
      sign_user_name: signer,
      signed_at: dept.signedAt?.toISOString() ?? null,
      dept_exception_flag: dept.deptExceptionFlag,
      unions: [...byUnion.values()],
      summary: summaries.filter((s) => s.deptId === dept.deptId).map((s) => s.summaryContent),
      diag_list: diags
        .filter((d) => d.deptId === dept.deptId)
        .map((d) => ({ diag_name: d.diagName, advice: d.advice })),
    };
  });
}

export async function hasOpenReviewException(db: Reader, orderId: string) {
  const [open] = await db
    .select({ id: orderExceptions.id })
    .from(orderExceptions)
    .where(
      and(
        eq(orderExceptions.orderId, orderId),
        eq(orderExceptions.exceptionType, 'review'),
        ne(orderExceptions.reviewExceptionFlag, '2'),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/** Everything rev_apr_detail shows of one visit (issue 8 review detail). */
export async function loadReviewDetail(db: Reader, orderId: string): Promise<ReviewDetail> {
  const head = await orderHead(db, orderId);
  const history = await db
    .select()
    .from(reviews)
    .where(eq(reviews.orderId, orderId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  return {
    order_id: orderId,
    order_status: head.status as OrderStatus,
    step: reviewStepOf(head.status),
    exam_type: head.examType,
    exam_date: head.examDate,
    harm_factors: head.harmFactors ?? [],
    customer: { cust_name: head.custName, sex: head.sex, age: head.age, special_flag: head.specialFlag },
    package_name: head.packageName,
    conclusion: head.conclusion ?? '',
    advice: head.advice ?? '',
    correction_status: head.correctionStatus,
    review_exception_flag: (await hasOpenReviewException(db, orderId)) ? '1' : '0',
    depts: await deptsOf(db, orderId, head.sex),
    reviews: history
      .filter((r) => (REVIEW_STEPS as readonly string[]).includes(r.step))
      .map((r) => ({
        step: r.step as ReviewStep,
        result: r.result === 'return' || r.result === 'unpass' ? r.result : ('pass' as const),
        reason: r.reason,
        reviewer_name: r.reviewerName,
        created_at: r.createdAt.toISOString(),
      })),
  };
}
