import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  NOTIFY_METHOD_LABELS,
  NOTIFY_RELATION_LABELS,
  type UserInfo,
  type criticalValueHandleRoute,
  type criticalValueNotifyRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, criticalValueNotices, criticalValues } from '../../db/schema.js';

type NotifyInput = z.output<(typeof criticalValueNotifyRoute)['input']>;
type HandleInput = z.output<(typeof criticalValueHandleRoute)['input']>;

async function lockCritical(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: number) {
  const [row] = await tx
    .select({ status: criticalValues.status, orderId: criticalValues.orderId })
    .from(criticalValues)
    .where(eq(criticalValues.id, id))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '危急值记录不存在');
  return row;
}

/**
 * 登记通知: who was told (the examinee or a relative), how and by whom; a notice is kept for each
 * call, and the critical value shows the latest. Audited in the same transaction.
 */
export async function notifyCritical(db: Db, input: NotifyInput, user: UserInfo, ip: string) {
  await db.transaction(async (tx) => {
    const row = await lockCritical(tx, input.id);
    const [notice] = await tx
      .insert(criticalValueNotices)
      .values({
        criticalValueId: input.id,
        notifiedPerson: input.notified_person,
        relation: input.notify_relation,
        method: input.notify_method,
        notifiedBy: user.id,
      })
      .returning({ notifiedAt: criticalValueNotices.notifiedAt });
    await tx
      .update(criticalValues)
      .set({
        notifiedPerson: `${input.notified_person}（${NOTIFY_RELATION_LABELS[input.notify_relation]}，${NOTIFY_METHOD_LABELS[input.notify_method]}）`,
        notifiedAt: notice!.notifiedAt,
      })
      .where(eq(criticalValues.id, input.id));
    await tx.insert(auditLog).values({
      action: 'critical_notify',
      userId: user.id,
      userAccount: user.user_account,
      target: row.orderId,
      // The person's name is not written to the audit: it may be the examinee's.
      detail: { critical_value_id: input.id, relation: input.notify_relation, method: input.notify_method },
      ip,
    });
  });
}

/** 处理: unhandled ('0') → handled ('2') with a note, once; a second attempt is refused. */
export async function handleCritical(db: Db, input: HandleInput, user: UserInfo, ip: string) {
  await db.transaction(async (tx) => {
    const row = await lockCritical(tx, input.id);
    if (row.status === '2') throw new AppError('ILLEGAL_TRANSITION', '该危急值已处理，不能重复处理');
    await tx
      .update(criticalValues)
      .set({ status: '2', note: input.note, handledBy: user.id, handledAt: sql`now()` })
      .where(eq(criticalValues.id, input.id));
    await tx.insert(auditLog).values({
      action: 'critical_handle',
      userId: user.id,
      userAccount: user.user_account,
      target: row.orderId,
      detail: { critical_value_id: input.id, from: row.status, to: '2' },
      ip,
    });
  });
}
