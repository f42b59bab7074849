import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { AppError, refRangeText, type DeptDiagnosisView, type ItemRule, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  customers,
  departments,
  deptSummaries,
  examItems,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderUnions,
  orders,
  packages,
  unionItems,
  unions,
  workGroups,
} from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';

type Reader = Pick<Db, 'select'>;
const num = (v: string | null) => (v === null ? null : Number(v));

/** The order, its examinee and its row for the department; refuses a department the order does not visit. */
export async function orderInDept(db: Reader, orderId: string, deptId: number) {
  const [row] = await db
    .select({
      orderStatus: orders.status,
      deptStatus: orderDepts.status,
      deptExceptionFlag: orderDepts.deptExceptionFlag,
      correctionStatus: orders.correctionStatus,
      packageName: packages.packageName,
      deptName: departments.deptName,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
    })
    .from(orderDepts)
    .innerJoin(orders, eq(orders.orderId, orderDepts.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(departments, eq(departments.id, orderDepts.deptId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该订单没有本科室的检查项目');
  return row;
}

/** The department's items in this order with the rule each is judged by (ranges of the examinee's sex). */
export async function deptItems(db: Reader, orderId: string, deptId: number, sex: '1' | '2') {
  const rows = await db
    .select({
      unionId: unions.id,
      unionName: unions.unionName,
      item: examItems,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(unionItems, eq(unionItems.unionId, unions.id))
    .innerJoin(examItems, eq(examItems.id, unionItems.itemId))
    .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.deptId, deptId), ne(orderUnions.status, '2')))
    .orderBy(asc(unions.sort), asc(unions.id), asc(unionItems.sort), asc(examItems.id));
  return rows.map(({ unionId, unionName, item }) => {
    const male = sex === '1';
    const rule: ItemRule = {
      resultType: item.resultType === 'text' ? 'text' : 'number',
      refLow: num(male ? item.refLowMale : item.refLowFemale),
      refHigh: num(male ? item.refHighMale : item.refHighFemale),
      criticalLow: num(item.criticalLow),
      criticalHigh: num(item.criticalHigh),
      normalText: item.normalText,
    };
    return { unionId, unionName, item, rule, refRange: refRangeText(rule.refLow, rule.refHigh) };
  });
}

export type DeptItem = Awaited<ReturnType<typeof deptItems>>[number];

/** Everything dept_diag_detail shows for one department of one order (spec §3 department diagnosis). */
export async function loadDeptView(db: Reader, orderId: string, deptId: number): Promise<DeptDiagnosisView> {
  const head = await orderInDept(db, orderId, deptId);
  const items = await deptItems(db, orderId, deptId, head.sex);
  const itemIds = items.map((i) => i.item.id);
  const results = itemIds.length
    ? await db
        .select()
        .from(itemResults)
        .where(and(eq(itemResults.orderId, orderId), inArray(itemResults.itemId, itemIds)))
    : [];
  const resultOf = new Map(results.map((r) => [r.itemId, r]));
  const summaries = await db
    .select()
    .from(deptSummaries)
    .where(and(eq(deptSummaries.orderId, orderId), eq(deptSummaries.deptId, deptId)))
    .orderBy(asc(deptSummaries.summaryOrderBy), asc(deptSummaries.id));
  const diags = await db
    .select()
    .from(orderDiagnoses)
    .where(and(eq(orderDiagnoses.orderId, orderId), eq(orderDiagnoses.deptId, deptId)))
    .orderBy(asc(orderDiagnoses.sort), asc(orderDiagnoses.id));

  const imagingGroups = await db
    .select({ work_group_id: workGroups.id, group_name: workGroups.groupName })
    .from(workGroups)
    .where(and(eq(workGroups.deptId, deptId), eq(workGroups.isImaging, true)))
    .orderBy(asc(workGroups.id));

  const byUnion = new Map<number, DeptDiagnosisView['unions'][number]>();
  for (const { unionId, unionName, item, rule, refRange } of items) {
    const saved = resultOf.get(item.id);
    const union = byUnion.get(unionId) ?? { union_id: unionId, union_name: unionName, items: [] };
    byUnion.set(unionId, union);
    union.items.push({
      item_id: item.id,
      item_name: item.itemName,
      result_type: item.resultType === 'text' ? 'text' : 'number',
      unit: item.unit,
      ref_range: refRange,
      normal_text: item.normalText,
      result_value: saved?.resultValue ?? null,
      abnormal_flag: saved?.abnormalFlag ?? '',
      critical_flag: saved?.criticalFlag ?? '0',
      ref_low: rule.refLow,
      ref_high: rule.refHigh,
      critical_low: rule.criticalLow,
      critical_high: rule.criticalHigh,
    });
  }
  const unionsView = [...byUnion.values()];
  return {
    order_id: orderId,
    exam_dept_id: deptId,
    dept_name: head.deptName,
    dept_status: head.deptStatus,
    order_status: head.orderStatus as OrderStatus,
    customer: { cust_name: head.custName, sex: head.sex, age: head.age, special_flag: head.specialFlag },
    package_name: head.packageName,
    dept_exception_flag: head.deptExceptionFlag,
    correction_status: head.correctionStatus,
    imaging_groups: imagingGroups,
    unions: unionsView,
    summary: summaries.map((s) => ({
      summary_content: s.summaryContent,
      source: s.source as '0' | '2' | '4',
      doctor_edited: s.doctorEdited === '1' ? '1' : '0',
      union_id: s.unionId,
      summary_order_by: s.summaryOrderBy,
    })),
    diag_list: diags.map((d) => ({
      diag_id: d.diagId,
      diag_name: d.diagName,
      advice: d.advice,
      doctor_created_flag: d.doctorCreatedFlag === '1' ? '1' : '0',
      sort: d.sort,
    })),
    see_detail: unionsView.map((u) => ({
      union_id: u.union_id,
      union_name: u.union_name,
      see_content: u.items
        .filter((i) => i.result_value !== null)
        .map((i) => `${i.item_name}：${i.result_value}${i.unit ? ` ${i.unit}` : ''}`)
        .join('；'),
      serious_type: u.items.some((i) => i.critical_flag === '1') ? '2' : '0',
    })),
  };
}
