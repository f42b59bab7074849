import type { FastifyRequest } from 'fastify';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import {
  AppError,
  moneyText,
  RECON_CHANNEL_METHOD,
  RECON_LINE_NOTES,
  toFen,
  type ReconChannel,
  type reconResolveRoute,
  type RouteOutput,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { orders, payments, reconBatches, reconRows } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { selectReconRows } from './recon-rows.js';

type Input = z.output<typeof reconResolveRoute.input>;
type Row = typeof reconRows.$inferSelect;

/** 补单 (长款): the channel took money PEIS did not record; a money line for the visit, the channel's method. */
async function addMissingLine(tx: Tx, row: Row, channel: ReconChannel, orderId: string, user: UserInfo) {
  if (row.result !== '长款') throw new AppError('ILLEGAL_TRANSITION', '只有长款可以补单');
  const fen = toFen(row.channelAmount!);
  if (fen <= 0) throw new AppError('VALIDATION', '长款金额应大于0才能补单，请填写说明');
  const [order] = await tx.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检号不存在，请核对后重新输入');
  const method = RECON_CHANNEL_METHOD[channel];
  const [taken] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.tradeNo, row.tradeNo!), eq(payments.payMethod, method)))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', '该流水号已有收费记录，请重新对账');
  const [line] = await tx
    .insert(payments)
    .values({
      orderId,
      purpose: 'visit',
      kind: 'charge',
      amount: moneyText(fen),
      payMethod: method,
      tradeNo: row.tradeNo,
      note: RECON_LINE_NOTES.补单,
      operatorId: user.id,
      // The day the channel took it: matching that day again finds the two sides equal.
      paidAt: row.channelTime ?? new Date(),
    })
    .returning({ id: payments.id });
  return line!.id;
}

/** 冲正 (短款/金额不符): PEIS recorded more than the channel took; a reversal of the PEIS line for the difference. */
async function reverseLine(tx: Tx, row: Row, user: UserInfo) {
  if (row.result !== '短款' && row.result !== '金额不符')
    throw new AppError('ILLEGAL_TRANSITION', '只有短款或金额不符可以冲正');
  const diff = toFen(row.peisAmount!) - (row.channelAmount === null ? 0 : toFen(row.channelAmount));
  if (diff <= 0) throw new AppError('VALIDATION', '渠道金额大于系统金额，不能冲正，请填写说明');
  const [line] = await tx.select().from(payments).where(eq(payments.id, row.paymentId!));
  if (!line || line.kind !== 'charge') throw new AppError('VALIDATION', '该交易没有可冲正的收费记录，请填写说明');
  if (diff > toFen(line.amount)) throw new AppError('VALIDATION', '冲正金额超过原收费金额，请填写说明');
  const [reversal] = await tx
    .insert(payments)
    .values({
      orderId: line.orderId,
      cardId: line.cardId,
      purpose: line.purpose,
      kind: 'reversal',
      refundOf: line.id,
      settlementId: line.settlementId,
      companyAccountId: line.companyAccountId,
      amount: moneyText(-diff),
      payMethod: line.payMethod,
      tradeNo: line.tradeNo,
      totalCharge: line.totalCharge,
      note: RECON_LINE_NOTES.冲正,
      operatorId: user.id,
      branchId: line.branchId,
      // The day of the line it corrects, so that day's PEIS 实收 equals the channel's (breadth §11.4);
      // when it was written is in the audit row.
      paidAt: line.paidAt,
    })
    .returning({ id: payments.id });
  return reversal!.id;
}

/** 处理差异: one row, under its batch's lock; the batch is 已完成 once no row is open. */
export async function resolveRow(
  db: Db,
  input: Input,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof reconResolveRoute>> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ batchId: reconRows.batchId })
      .from(reconRows)
      .where(eq(reconRows.id, input.row_id));
    if (!found) throw new AppError('RECORD_NOT_FOUND', '对账明细不存在');
    const [batch] = await tx.select().from(reconBatches).where(eq(reconBatches.id, found.batchId)).for('update');
    const [row] = await tx.select().from(reconRows).where(eq(reconRows.id, input.row_id));
    if (row!.result === '一致') throw new AppError('ILLEGAL_TRANSITION', '一致的明细无需处理');
    if (row!.resolution) throw new AppError('CONFLICT', '该明细已处理，不能重复处理');

    const lineId =
      input.resolution === '补单'
        ? await addMissingLine(tx, row!, batch!.channel as ReconChannel, input.order_id!, user)
        : input.resolution === '冲正'
          ? await reverseLine(tx, row!, user)
          : null;
    await tx
      .update(reconRows)
      .set({
        resolution: input.resolution,
        resolutionPaymentId: lineId,
        note: input.note,
        resolvedBy: user.id,
        resolvedAt: new Date(),
      })
      .where(eq(reconRows.id, input.row_id));

    const [open] = await tx
      .select({ n: count() })
      .from(reconRows)
      .where(and(eq(reconRows.batchId, batch!.id), ne(reconRows.result, '一致'), isNull(reconRows.resolution)));
    const state = open!.n === 0 ? '已完成' : '待处理';
    if (state === '已完成') {
      await tx.update(reconBatches).set({ state, completedAt: new Date() }).where(eq(reconBatches.id, batch!.id));
    }
    await recordAudit(tx, request, 'recon_resolve', {
      userId: user.id,
      userAccount: user.user_account,
      target: batch!.batchNo,
      detail: {
        row_id: input.row_id,
        trade_no: row!.tradeNo,
        result: row!.result,
        resolution: input.resolution,
        order_id: input.order_id || null,
        payment_id: lineId,
        note: input.note,
        batch_state: state,
      },
    });
    const [answer] = await selectReconRows(tx, eq(reconRows.id, input.row_id));
    return { row: answer!, batch_state: state };
  });
}
