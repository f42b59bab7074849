import { and, asc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  moneyText,
  toFen,
  type ReconRow,
  type reconRowsRoute,
  type RouteOutput,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { payments, reconBatches, reconRows, users } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

const fenOrZero = (v: string | null) => (v === null ? 0 : toFen(v));

/** A stored row as the contract answers it. */
export async function selectReconRows(db: Db | Tx, where: SQL | undefined): Promise<ReconRow[]> {
  const rows = await db
    .select({
      id: reconRows.id,
      trade_no: reconRows.tradeNo,
      channel_amount: reconRows.channelAmount,
      channel_time: reconRows.channelTime,
      peis_amount: reconRows.peisAmount,
      payment_id: reconRows.paymentId,
      order_id: payments.orderId,
      result: reconRows.result,
      resolution: reconRows.resolution,
      resolution_payment_id: reconRows.resolutionPaymentId,
      note: reconRows.note,
      resolved_by_name: users.userName,
      resolved_at: reconRows.resolvedAt,
      raw_rows: reconRows.rawRows,
    })
    .from(reconRows)
    .leftJoin(payments, eq(payments.id, reconRows.paymentId))
    .leftJoin(users, eq(users.id, reconRows.resolvedBy))
    .where(where)
    .orderBy(sql`case ${reconRows.result} when '一致' then 1 else 0 end`, asc(reconRows.id));
  return rows.map((r) => ({
    ...r,
    channel_amount: r.channel_amount === null ? null : moneyText(toFen(r.channel_amount)),
    peis_amount: r.peis_amount === null ? null : moneyText(toFen(r.peis_amount)),
    difference: moneyText(fenOrZero(r.channel_amount) - fenOrZero(r.peis_amount)),
    channel_time: r.channel_time?.toISOString() ?? null,
    resolved_at: r.resolved_at?.toISOString() ?? null,
    result: r.result as ReconRow['result'],
    resolution: r.resolution as ReconRow['resolution'],
  }));
}

/** 对账明细: the rows asked for, and the batch's totals over all its rows. */
export async function batchRows(
  db: Db,
  input: z.output<typeof reconRowsRoute.input>,
): Promise<RouteOutput<typeof reconRowsRoute>> {
  const [batch] = await db
    .select({ channelTotal: reconBatches.channelTotal, peisTotal: reconBatches.peisTotal })
    .from(reconBatches)
    .where(eq(reconBatches.id, input.id));
  if (!batch) throw new AppError('RECORD_NOT_FOUND', '对账批次不存在');
  const rows = await selectReconRows(
    db,
    and(
      eq(reconRows.batchId, input.id),
      input.result ? eq(reconRows.result, input.result) : undefined,
      input.open === '1' ? and(ne(reconRows.result, '一致'), isNull(reconRows.resolution)) : undefined,
      input.open === '0' ? or(eq(reconRows.result, '一致'), sql`${reconRows.resolution} is not null`) : undefined,
      input.key ? ilike(reconRows.tradeNo, `%${input.key.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    ),
  );
  const all =
    input.result || input.open || input.key ? await selectReconRows(db, eq(reconRows.batchId, input.id)) : rows;
  const differing = all.filter((r) => r.result !== '一致');
  const difference = toFen(batch.channelTotal) - toFen(batch.peisTotal);
  return {
    rows,
    totals: {
      channel_total: moneyText(toFen(batch.channelTotal)),
      peis_total: moneyText(toFen(batch.peisTotal)),
      difference: moneyText(difference),
      explained: moneyText(differing.reduce((sum, r) => sum + toFen(r.difference), 0)),
      open_count: differing.filter((r) => r.resolution === null).length,
    },
  };
}
