import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  MUST_BE_RECORDED,
  refRangeText,
  unionExecLabel,
  type DeptDiagnosisView,
  type ItemRule,
  type OrderStatus,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  customers,
  departments,
  diagnosisItemLinks,
  deptSummaries,
  examItems,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderUnions,
  orders,
  packages,
  reviews,
  unionItems,
  unions,
  users,
  workGroups,
} from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';

type Reader = Pick<Db, 'select'>;

/** Who set a line's execution state (弃检/迟检/拒检). */
const executor = alias(users, 'exec_user');
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
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该体检者没有本科室的检查项目');
  return row;
}

/**
 * The department's items in this order with the rule each is judged by (ranges of the examinee's sex)
 * and the execution state of their line (UNION_EXEC): 弃检/迟检/拒检 lines are listed too, read-only.
 */
export async function deptItems(db: Reader, orderId: string, deptId: number, sex: '1' | '2') {
  const rows = await db
    .select({
      unionId: unions.id,
      unionName: unions.unionName,
      execState: orderUnions.status,
      execByName: executor.userName,
      execAt: orderUnions.execAt,
      execReason: orderUnions.execReason,
      item: examItems,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .leftJoin(executor, eq(executor.id, orderUnions.execBy))
    .innerJoin(unionItems, eq(unionItems.unionId, unions.id))
    .innerJoin(examItems, eq(examItems.id, unionItems.itemId))
    .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.deptId, deptId)))
    .orderBy(asc(unions.sort), asc(unions.id), asc(unionItems.sort), asc(examItems.id));
  return rows.map(({ unionId, unionName, execState, execByName, execAt, execReason, item }) => {
    const male = sex === '1';
    const rule: ItemRule = {
      resultType: item.resultType === 'text' ? 'text' : 'number',
      refLow: num(male ? item.refLowMale : item.refLowFemale),
      refHigh: num(male ? item.refHighMale : item.refHighFemale),
      criticalLow: num(item.criticalLow),
      criticalHigh: num(item.criticalHigh),
      normalText: item.normalText,
    };
    const exec = { byName: execByName, at: execAt ? new Date(execAt).toISOString() : null, reason: execReason };
    return { unionId, unionName, execState, exec, item, rule, refRange: refRangeText(rule.refLow, rule.refHigh) };
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
  const signWords = await signWordsOf(db, itemIds);
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
  for (const { unionId, unionName, execState, exec, item, rule, refRange } of items) {
    const saved = resultOf.get(item.id);
    const union = byUnion.get(unionId) ?? {
      union_id: unionId,
      union_name: unionName,
      exec_state: execState,
      exec_label: unionExecLabel(execState),
      exec_by_name: exec.byName,
      exec_at: exec.at,
      exec_reason: exec.reason,
      items: [],
    };
    byUnion.set(unionId, union);
    // A number's configured normal result is what 全部正常 enters, not a word to pick.
    const normal = item.resultType === 'text' ? item.normalText?.trim() : undefined;
    union.items.push({
      item_id: item.id,
      item_code: item.itemCode,
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
      sign_words: [...new Set([...(normal ? [normal] : []), ...(signWords.get(item.id) ?? [])])],
    });
  }
  const unionsView = [...byUnion.values()];
  return {
    review_return: head.deptStatus === '2' ? null : await reviewReturnToDepts(db, orderId),
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

/** The visit's latest review row when it is a return to the departments (review-service.ts writes 退回科室：…). */
async function reviewReturnToDepts(db: Reader, orderId: string) {
  const [latest] = await db
    .select({ result: reviews.result, reason: reviews.reason, by: reviews.reviewerName, at: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.orderId, orderId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(1);
  const prefix = '退回科室：';
  if (latest?.result !== 'return' || !latest.reason?.startsWith(prefix)) return null;
  return { reason: latest.reason.slice(prefix.length), reviewer_name: latest.by, created_at: latest.at.toISOString() };
}

/** 体征词 by item: the active sign words 功能字典关联 links to each item, in the order they were added. */
async function signWordsOf(db: Reader, itemIds: number[]) {
  const words = new Map<number, string[]>();
  if (itemIds.length === 0) return words;
  const rows = await db
    .select({ itemId: diagnosisItemLinks.itemId, word: diagnosisItemLinks.signWord })
    .from(diagnosisItemLinks)
    .where(
      and(
        inArray(diagnosisItemLinks.itemId, itemIds),
        eq(diagnosisItemLinks.isActive, true),
        isNotNull(diagnosisItemLinks.signWord),
      ),
    )
    .orderBy(asc(diagnosisItemLinks.id));
  for (const { itemId, word } of rows) {
    const text = word?.trim();
    if (text) words.set(itemId, [...(words.get(itemId) ?? []), text]);
  }
  return words;
}

/**
 * Issue 19: the items a department must still fill before it signs — those of its lines that are to be
 * done today (MUST_BE_RECORDED: 未检, 已检, 补检) without a saved result, in the order entry shows them.
 * 弃检/迟检/拒检 lines are not blank: they are not done today.
 */
export async function blankItems(db: Reader, orderId: string, deptId: number): Promise<string[]> {
  const rows = await db
    .select({ itemId: examItems.id, itemName: examItems.itemName })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(unionItems, eq(unionItems.unionId, unions.id))
    .innerJoin(examItems, eq(examItems.id, unionItems.itemId))
    .leftJoin(itemResults, and(eq(itemResults.orderId, orderUnions.orderId), eq(itemResults.itemId, examItems.id)))
    .where(
      and(
        eq(orderUnions.orderId, orderId),
        eq(orderUnions.deptId, deptId),
        inArray(orderUnions.status, [...MUST_BE_RECORDED]),
        isNull(itemResults.itemId),
      ),
    )
    .orderBy(asc(unions.sort), asc(unions.id), asc(unionItems.sort), asc(examItems.id));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.itemId) && seen.add(r.itemId)).map((r) => r.itemName);
}
