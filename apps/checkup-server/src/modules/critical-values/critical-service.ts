import { and, eq, sql } from 'drizzle-orm';
import {
  AppError,
  NOTIFY_METHOD_LABELS,
  NOTIFY_RELATION_LABELS,
  type UserInfo,
  type criticalValueDeleteRoute,
  type criticalValueHandleRoute,
  type criticalValueNotifyRoute,
  type criticalValueReportRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, criticalValueNotices, criticalValues } from '../../db/schema.js';
import { CST_OFFSET_MS } from '../../lib/hospital-day.js';
import { deptItems, orderInDept } from '../dept-diag/dept-view-repository.js';
import { unhandled } from './critical-repository.js';

type NotifyInput = z.output<(typeof criticalValueNotifyRoute)['input']>;
type HandleInput = z.output<(typeof criticalValueHandleRoute)['input']>;
type DeleteInput = z.output<(typeof criticalValueDeleteRoute)['input']>;
type ReportInput = z.output<(typeof criticalValueReportRoute)['input']>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockCritical(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      status: criticalValues.status,
      orderId: criticalValues.orderId,
      raisedBy: criticalValues.raisedBy,
      createdAt: criticalValues.createdAt,
    })
    .from(criticalValues)
    .where(eq(criticalValues.id, id))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '危急值记录不存在');
  return row;
}

function audit(tx: Tx, action: string, user: UserInfo, orderId: string, detail: Record<string, unknown>, ip: string) {
  return tx
    .insert(auditLog)
    .values({ action, userId: user.id, userAccount: user.user_account, target: orderId, detail, ip });
}

/** 'YYYY-MM-DD HH:mm' in the centre's time as an instant; a time that does not exist is refused. */
function centreTime(text: string): Date {
  const at = new Date(Date.parse(`${text.replace(' ', 'T')}:00Z`) - CST_OFFSET_MS);
  const back = new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
  if (Number.isNaN(at.getTime()) || back !== text) throw new AppError('VALIDATION', '通知时间不存在');
  return at;
}

/**
 * 危急值提报 from department entry: the doctor names the item of their department on this visit, the
 * value, the level they judge and what they saw. One open report per item and visit.
 */
export async function reportCritical(db: Db, input: ReportInput, user: UserInfo, ip: string) {
  return db.transaction(async (tx) => {
    const head = await orderInDept(tx, input.order_id, input.exam_dept_id);
    const entry = (await deptItems(tx, input.order_id, input.exam_dept_id, head.sex)).find(
      (i) => i.item.id === input.item_id,
    );
    if (!entry) throw new AppError('VALIDATION', '该项目不属于本科室本次体检的项目');
    const [open] = await tx
      .select({ id: criticalValues.id })
      .from(criticalValues)
      .where(and(eq(criticalValues.orderId, input.order_id), eq(criticalValues.itemId, input.item_id), unhandled()));
    if (open) throw new AppError('ILLEGAL_TRANSITION', `「${entry.item.itemName}」已有未处理的危急值，请勿重复提报`);
    const [row] = await tx
      .insert(criticalValues)
      .values({
        orderId: input.order_id,
        itemId: input.item_id,
        resultValue: input.result_value,
        direction: null,
        level: input.level,
        source: 'manual',
        description: input.description,
        raisedBy: user.id,
      })
      .returning({ id: criticalValues.id });
    // The description may name the examinee's findings: the audit keeps the level and the item only.
    await audit(tx, 'critical_report', user, input.order_id, { critical_value_id: row!.id, level: input.level }, ip);
    return row!.id;
  });
}

/**
 * 登记通知 (stage 2): who was told (the examinee or a relative), how, when and by whom; a notice is kept
 * for each call and the critical value shows the latest. Once an expert handled it, no more notices.
 */
export async function notifyCritical(db: Db, input: NotifyInput, user: UserInfo, ip: string) {
  await db.transaction(async (tx) => {
    const row = await lockCritical(tx, input.id);
    if (row.status === '2') throw new AppError('ILLEGAL_TRANSITION', '该危急值已处理，不能再登记通知');
    const at = input.notified_time ? centreTime(input.notified_time) : undefined;
    if (at && at.getTime() > Date.now() + 60_000) throw new AppError('VALIDATION', '通知时间不能晚于现在');
    if (at && at.getTime() < row.createdAt.getTime() - 60_000) {
      throw new AppError('VALIDATION', '通知时间不能早于提报时间');
    }
    const [notice] = await tx
      .insert(criticalValueNotices)
      .values({
        criticalValueId: input.id,
        notifiedPerson: input.notified_person,
        relation: input.notify_relation,
        method: input.notify_method,
        notifiedBy: user.id,
        ...(at ? { notifiedAt: at } : {}),
      })
      .returning({ notifiedAt: criticalValueNotices.notifiedAt });
    await tx
      .update(criticalValues)
      .set({
        status: '1',
        notifiedPerson: `${input.notified_person}（${NOTIFY_RELATION_LABELS[input.notify_relation]}，${NOTIFY_METHOD_LABELS[input.notify_method]}）`,
        notifiedAt: notice!.notifiedAt,
      })
      .where(eq(criticalValues.id, input.id));
    // The person's name is not written to the audit: it may be the examinee's.
    await audit(
      tx,
      'critical_notify',
      user,
      row.orderId,
      { critical_value_id: input.id, relation: input.notify_relation, method: input.notify_method },
      ip,
    );
  });
}

/**
 * 专家处理 (stage 3): notified ('1') → handled ('2') with the expert's opinion, once. Not before the
 * examinee was told, and never by the one who reported it (issue 20: a second person closes it).
 */
export async function handleCritical(db: Db, input: HandleInput, user: UserInfo, ip: string) {
  await db.transaction(async (tx) => {
    const row = await lockCritical(tx, input.id);
    if (row.status === '2') throw new AppError('ILLEGAL_TRANSITION', '该危急值已处理，不能重复处理');
    if (row.status === '0') throw new AppError('ILLEGAL_TRANSITION', '该危急值尚未通知体检者，请先登记通知');
    if (row.raisedBy === user.id) throw new AppError('FORBIDDEN', '提报人不能处理自己提报的危急值，请由其他专家处理');
    await tx
      .update(criticalValues)
      .set({ status: '2', note: input.note, handledBy: user.id, handledAt: sql`now()` })
      .where(eq(criticalValues.id, input.id));
    await audit(
      tx,
      'critical_handle',
      user,
      row.orderId,
      { critical_value_id: input.id, from: row.status, to: '2' },
      ip,
    );
  });
}

/**
 * 删除 a critical value raised in error (a mistyped result, a wrong item), with the reason in the audit.
 * Only while nobody was told: once notified it is part of the examinee's record and must be handled.
 */
export async function deleteCritical(db: Db, input: DeleteInput, user: UserInfo, ip: string) {
  await db.transaction(async (tx) => {
    const row = await lockCritical(tx, input.id);
    if (row.status !== '0') {
      throw new AppError('ILLEGAL_TRANSITION', '该危急值已通知体检者，不能删除，请由专家处理');
    }
    await tx.delete(criticalValueNotices).where(eq(criticalValueNotices.criticalValueId, input.id));
    await tx.delete(criticalValues).where(eq(criticalValues.id, input.id));
    await audit(tx, 'critical_delete', user, row.orderId, { critical_value_id: input.id, reason: input.reason }, ip);
  });
}
