import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  AppError,
  bannedMessage,
  EXEC_MOVES,
  EXEC_ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  checkExecMove,
  type ExecLine,
  type OrderStatus,
  type UserInfo,
  type execChangeRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, orderUnions, orders } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { storeFile } from '../files/file-store.js';
import type { UploadedFile } from '../../plugins/multipart-body.js';
import { queueChanged } from '../queue/queue-signal.js';
import { execLine } from './exec-repository.js';
import { syncDeptProgress } from './dept-progress.js';

type ChangeInput = z.output<(typeof execChangeRoute)['input']>;

/** A line change as the two calls make it: 签名弃检 adds the signature PNG (already type-checked). */
export interface ExecChange extends ChangeInput {
  signature?: UploadedFile;
}

export const SIGNATURE_PURPOSE = 'item_exec_signature';

/**
 * 弃检, 迟检, 补检, 拒检 or 撤销 on one line (breadth §1.3): checked by the contract's move table,
 * refused once anything was recorded for the line, stored with who, when and why, audited, and the
 * department's progress and queues brought in line — all in one transaction.
 */
export async function changeExec(
  db: Db,
  input: ExecChange,
  user: UserInfo,
  request: FastifyRequest,
): Promise<ExecLine> {
  const { label } = EXEC_MOVES[input.action];
  const line = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        examDate: orders.examDate,
        bannedAt: orders.bannedAt,
        banReason: orders.banReason,
      })
      .from(orders)
      .where(eq(orders.orderId, input.order_id))
      .for('update');
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    if (order.bannedAt) {
      throw new AppError('ILLEGAL_TRANSITION', bannedMessage(order.banReason, label));
    }
    const status = order.status as OrderStatus;
    if (!EXEC_ORDER_STATUSES.has(status)) {
      throw new AppError(
        'ILLEGAL_TRANSITION',
        `订单当前状态为「${ORDER_STATUS_LABELS[status] ?? status}」，不能${label}`,
      );
    }
    const [locked] = await tx
      .select({ deptId: orderUnions.deptId })
      .from(orderUnions)
      .where(and(eq(orderUnions.orderId, input.order_id), eq(orderUnions.unionId, input.union_id)))
      .for('update');
    const before = locked && (await execLine(tx, input.order_id, input.union_id));
    if (!before) throw new AppError('RECORD_NOT_FOUND', '该体检没有这个组合项目');
    if (before.recorded) throw new AppError('ILLEGAL_TRANSITION', `已检查，无法进行${label}操作`);
    const move = checkExecMove(before.state, input.action);
    if (!move.ok) throw new AppError('ILLEGAL_TRANSITION', move.msg);

    const today = todayCst();
    const datedMove = input.action === 'defer' || input.action === 'makeup';
    if (datedMove && input.exec_date && input.exec_date < today) {
      throw new AppError('VALIDATION', `${label}日期不能早于今天`);
    }
    const signatureFileId =
      input.action === 'waive' && input.signature
        ? await storeFile(tx, request, user, {
            purpose: SIGNATURE_PURPOSE,
            ownerRef: `${input.order_id}:${input.union_id}`,
            file: input.signature,
            contentType: 'image/png',
          })
        : null;
    const execDate = datedMove ? (input.exec_date ?? null) : null;
    await tx
      .update(orderUnions)
      .set({
        status: move.to,
        execBy: user.id,
        execAt: sql`now()`,
        execReason: input.reason ?? null,
        execDate,
        signatureFileId,
      })
      .where(and(eq(orderUnions.orderId, input.order_id), eq(orderUnions.unionId, input.union_id)));
    await tx.insert(auditLog).values({
      action: `item_exec_${input.action}`,
      userId: user.id,
      userAccount: user.user_account,
      target: input.order_id,
      detail: {
        union_id: input.union_id,
        from: before.state,
        to: move.to,
        reason: input.reason ?? null,
        exec_date: execDate,
        signature_file_id: signatureFileId,
      },
      ip: request.ip,
    });
    await syncDeptProgress(tx, {
      orderId: input.order_id,
      status,
      examDate: order.examDate,
      deptId: before.dept_id,
      makeupDate: input.action === 'makeup' ? (execDate ?? today) : undefined,
      user,
      ip: request.ip,
      why: `${label}：${before.union_name}`,
    });
    return (await execLine(tx, input.order_id, input.union_id))!;
  });
  queueChanged(db);
  return line;
}
