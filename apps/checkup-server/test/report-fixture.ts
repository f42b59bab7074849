import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  deptSummaries,
  examItems,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orders,
  reviews,
  unionItems,
  unions,
} from '../src/db/schema.js';
import { addOrder, type OrderFixture } from './support/domain.js';

/**
 * A visit through its review, as the report reads it: results of several departments (the first
 * number of each union above its range), department summaries and diagnoses, the overall
 * conclusion and advice, and the three passing reviews.
 */
export async function addReviewedOrder(
  db: Db,
  fixture: Omit<OrderFixture, 'depts'> & { unionCodes?: string[] },
): Promise<string> {
  const orderId = await addOrder(db, fixture);
  const codes = fixture.unionCodes ?? ['NKJC', 'XCG', 'GGN', 'SGN', 'XZSX', 'FBCC'];
  const picked = await db.select().from(unions).where(inArray(unions.unionCode, codes));
  const deptIds = [...new Set(picked.map((u) => u.deptId))];
  for (const deptId of deptIds) {
    await db.insert(orderDepts).values({ orderId, deptId, examDate: fixture.examDate ?? '2026-11-21', status: '2' });
  }
  for (const union of picked) {
    const items = await db
      .select({ item: examItems })
      .from(unionItems)
      .innerJoin(examItems, eq(examItems.id, unionItems.itemId))
      .where(eq(unionItems.unionId, union.id));
    let first = true;
    for (const { item } of items) {
      const high = item.refHighMale === null ? null : Number(item.refHighMale);
      const low = item.refLowMale === null ? null : Number(item.refLowMale);
      const abnormal = first && high !== null;
      const value =
        item.resultType === 'number'
          ? String(abnormal ? high! * 1.5 : low !== null && high !== null ? (low + high) / 2 : (high ?? 1))
          : (item.normalText ?? '未见异常');
      first = false;
      await db
        .insert(itemResults)
        .values({
          orderId,
          itemId: item.id,
          unionId: union.id,
          deptId: union.deptId,
          resultValue: value,
          unit: item.unit,
          refRange: low !== null && high !== null ? `${low}-${high}` : null,
          abnormalFlag: abnormal ? 'H' : '',
        })
        .onConflictDoNothing();
    }
    await db.insert(deptSummaries).values({
      orderId,
      deptId: union.deptId,
      unionId: union.id,
      summaryContent: `${union.unionName}：所见如上`,
      source: '4',
    });
  }
  await db.insert(orderDiagnoses).values([
    { orderId, deptId: deptIds[0]!, diagName: '血脂偏高', advice: '低脂饮食，三个月后复查血脂' },
    { orderId, deptId: null, diagName: '高脂血症', advice: '控制饮食，适量运动', sort: 1 },
    { orderId, deptId: null, diagName: '脂肪肝', advice: '戒酒，复查腹部彩超', sort: 2 },
  ]);
  await db
    .update(orders)
    .set({ conclusion: '1. 高脂血症\n2. 脂肪肝', advice: '低脂饮食，规律作息，半年后复查。' })
    .where(eq(orders.orderId, orderId));
  await db.insert(reviews).values([
    { orderId, step: 'first', result: 'pass', reviewerId: 1, reviewerName: '周文博' },
    { orderId, step: 'main', result: 'pass', reviewerId: 1, reviewerName: '周文博' },
    { orderId, step: 'final', result: 'pass', reviewerId: 1, reviewerName: '吴静' },
  ]);
  return orderId;
}
