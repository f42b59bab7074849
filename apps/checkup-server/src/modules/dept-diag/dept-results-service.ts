import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  MUST_BE_RECORDED,
  ORDER_STATUS_LABELS,
  unionExecLabel,
  judgeResult,
  mergeSummaries,
  type OrderStatus,
  type UserInfo,
  type diagnosisUnionSaveRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { criticalValues, deptSummaries, itemResults, orderDepts, orderDiagnoses } from '../../db/schema.js';
import { assertNotLockedByOther, deptLockKey } from '../locks/record-locks.js';
import { changeOrderStatus } from '../orders/order-status-service.js';
import { assertNotBanned } from '../orders/order-ban.js';
import { deptItems, loadDeptView, orderInDept } from './dept-view-repository.js';

type SaveInput = z.output<(typeof diagnosisUnionSaveRoute)['input']>;

const EDITABLE: ReadonlySet<string> = new Set(['checked_in', 'in_exam']);

/**
 * diagnosis_union_save: a department's results, summary and diagnoses, judged and written in one
 * transaction. A result beyond a critical limit raises a critical value (ser_dis_mg) once.
 */
export async function saveDeptResults(db: Db, input: SaveInput, user: UserInfo, ip: string) {
  const { order_id: orderId, exam_dept_id: deptId } = input;
  await assertNotLockedByOther(db, { type: 'dept_diag', key: deptLockKey(orderId, deptId) }, user.id);
  const newCritical = await db.transaction(async (tx) => {
    await assertNotBanned(tx, orderId);
    const head = await orderInDept(tx, orderId, deptId);
    if (!EDITABLE.has(head.orderStatus)) {
      const label = ORDER_STATUS_LABELS[head.orderStatus as OrderStatus] ?? head.orderStatus;
      throw new AppError('ILLEGAL_TRANSITION', `订单当前状态为「${label}」，不能录入科室结果`);
    }
    if (head.deptStatus === '2') throw new AppError('ILLEGAL_TRANSITION', '本科室已签名，不能再修改结果');
    const items = new Map((await deptItems(tx, orderId, deptId, head.sex)).map((i) => [i.item.id, i]));
    const stranger = input.results.find((r) => !items.has(r.item_id));
    if (stranger) throw new AppError('VALIDATION', '提交的结果中有不属于本科室的项目');
    // A 弃检/迟检/拒检 line is read-only: the screen sends its items blank, and nothing else is taken.
    const offLine = input.results.find(
      (r) => r.result_value.trim() !== '' && !MUST_BE_RECORDED.has(items.get(r.item_id)!.execState),
    );
    if (offLine) {
      const entry = items.get(offLine.item_id)!;
      throw new AppError(
        'ILLEGAL_TRANSITION',
        `「${entry.unionName}」已${unionExecLabel(entry.execState)}，不能录入「${entry.item.itemName}」的结果`,
      );
    }

    const previous = new Map(
      (
        await tx
          .select({ itemId: itemResults.itemId, criticalFlag: itemResults.criticalFlag })
          .from(itemResults)
          .where(and(eq(itemResults.orderId, orderId), eq(itemResults.deptId, deptId)))
      ).map((r) => [r.itemId, r.criticalFlag]),
    );
    const raised: { item_name: string; result_value: string; direction: 'H' | 'L' }[] = [];
    const cleared: number[] = [];
    for (const { item_id: itemId, result_value: raw } of input.results) {
      const entry = items.get(itemId)!;
      const value = raw.trim();
      if (value === '') {
        cleared.push(itemId);
        continue;
      }
      const verdict = judgeResult(entry.rule, value);
      const row = {
        resultValue: value,
        unit: entry.item.unit,
        refRange: entry.refRange,
        abnormalFlag: verdict.flag,
        criticalFlag: verdict.critical ? '1' : '0',
        enteredBy: user.id,
        enteredAt: sql`now()`,
      };
      await tx
        .insert(itemResults)
        .values({ orderId, itemId, unionId: entry.unionId, deptId, ...row })
        .onConflictDoUpdate({ target: [itemResults.orderId, itemResults.itemId], set: row });
      if (verdict.critical && previous.get(itemId) !== '1') {
        await tx.insert(criticalValues).values({
          orderId,
          itemId,
          resultValue: value,
          direction: verdict.critical,
          // Issue 20: the level the item's limits carry (基础项目 危急程度).
          level: entry.item.criticalLevel,
          raisedBy: user.id,
        });
        raised.push({ item_name: entry.item.itemName, result_value: value, direction: verdict.critical });
      }
    }
    if (cleared.length) {
      await tx.delete(itemResults).where(and(eq(itemResults.orderId, orderId), inArray(itemResults.itemId, cleared)));
    }

    const where = (table: typeof deptSummaries | typeof orderDiagnoses) =>
      and(eq(table.orderId, orderId), eq(table.deptId, deptId));
    await tx.delete(deptSummaries).where(where(deptSummaries));
    const lines = mergeSummaries(input.summary, []);
    if (lines.length) {
      await tx.insert(deptSummaries).values(
        lines.map((l) => ({
          orderId,
          deptId,
          unionId: l.union_id,
          summaryContent: l.summary_content,
          source: l.source,
          doctorEdited: l.doctor_edited,
          summaryOrderBy: l.summary_order_by,
        })),
      );
    }
    const diagKey = (d: { diag_id: number | null; diag_name: string }) =>
      d.diag_id !== null ? `#${d.diag_id}` : d.diag_name;
    // What 总检 set on a diagnosis the department saves again (issue 20) stays with it.
    const kept = new Map(
      (await tx.select().from(orderDiagnoses).where(where(orderDiagnoses))).map((d) => [
        diagKey({ diag_id: d.diagId, diag_name: d.diagName }),
        d,
      ]),
    );
    await tx.delete(orderDiagnoses).where(where(orderDiagnoses));
    const seen = new Set<string>();
    const diags = input.diag_list.filter((d) => {
      const key = diagKey(d);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (diags.length) {
      await tx.insert(orderDiagnoses).values(
        diags.map((d, index) => {
          const before = kept.get(diagKey(d));
          return {
            orderId,
            deptId,
            diagId: d.diag_id,
            diagName: d.diag_name,
            advice: d.advice,
            sort: index + 1,
            doctorCreatedFlag: d.doctor_created_flag,
            groupAdvice: before?.groupAdvice ?? '',
            hidden: before?.hidden ?? false,
            reviewSort: before?.reviewSort ?? null,
            mergedInto: before?.mergedInto ?? null,
            addedBy: before?.addedBy ?? user.id,
            addedByName: before?.addedByName ?? user.user_name,
          };
        }),
      );
    }
    await tx
      .update(orderDepts)
      .set({ status: '1' })
      .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
    if (head.orderStatus === 'checked_in') {
      await changeOrderStatus(tx, {
        orderId,
        action: 'start_exam',
        userId: user.id,
        userAccount: user.user_account,
        ip,
      });
    }
    return raised;
  });
  return { ...(await loadDeptView(db, orderId, deptId)), new_critical: newCritical };
}
