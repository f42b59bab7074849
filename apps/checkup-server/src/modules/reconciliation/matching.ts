import type { FastifyRequest } from 'fastify';
import { and, eq, gte, like, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  moneyText,
  RECON_CHANNEL_METHOD,
  toFen,
  type ReconChannel,
  type ReconResult,
  type reconMatchRoute,
  type RouteOutput,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { payments, reconBatches, reconRows, type ReconMapping } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { recordAudit } from '../audit/repository.js';
import { readStoredFile } from '../files/file-store.js';
import { readSettlementFile, type SettlementSheet } from './settlement-file.js';

export const SETTLEMENT_FILE = 'settlement_file';

/** One trade number on the channel's side: its rows added up. */
export interface ChannelTrade {
  fen: number;
  time: Date | null;
  raw: Record<string, string>[];
}

// 微信 bills put a ` before numbers so that Excel keeps them as text; amounts may carry ¥ and commas.
const clean = (text: string) => text.replace(/^[`'\s]+/, '').trim();
const AMOUNT = /^-?\d+(\.\d{1,2})?$/;

function amountFen(text: string): number | null {
  const value = clean(text).replace(/[¥￥,\s]/g, '');
  if (value === '') return 0;
  return AMOUNT.test(value) ? toFen(value) : null;
}

/** 2026-11-28 09:30[:00] or 2026/11/28 …, a day alone at midnight; the centre's time (+08:00). */
function channelTime(text: string): Date | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(clean(text));
  if (!m) return null;
  const p = (v: string | undefined) => (v ?? '0').padStart(2, '0');
  const date = new Date(`${m[1]}-${p(m[2])}-${p(m[3])}T${p(m[4])}:${p(m[5])}:${p(m[6])}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The file's rows by trade number under a mapping; a row it cannot read refuses the whole file. */
export function channelTrades(sheet: SettlementSheet, mapping: ReconMapping): Map<string, ChannelTrade> {
  const index = (header: string) => {
    const i = sheet.headers.indexOf(header);
    if (i < 0) throw new AppError('VALIDATION', `对账单中没有“${header}”列`);
    return i;
  };
  const trade = index(mapping.trade);
  const amount = index(mapping.amount);
  const time = index(mapping.time);
  const refund = mapping.refund ? index(mapping.refund) : null;
  const trades = new Map<string, ChannelTrade>();
  const errors: string[] = [];
  for (const { line, cells } of sheet.rows) {
    const tradeNo = clean(cells[trade] ?? '');
    const fen = amountFen(cells[amount] ?? '');
    const refundFen = refund === null ? 0 : amountFen(cells[refund] ?? '');
    const error = !tradeNo
      ? '缺少流水号'
      : tradeNo.length > 64
        ? '流水号超过64个字符'
        : fen === null || refundFen === null
          ? '金额格式不正确'
          : null;
    if (error) errors.push(`第${line}行${error}`);
    if (errors.length > 0) continue;
    const raw = Object.fromEntries(sheet.headers.map((h, i) => [h || `第${i + 1}列`, cells[i] ?? '']));
    const at = channelTime(cells[time] ?? '');
    const known = trades.get(tradeNo);
    if (known) {
      known.fen += fen! - refundFen!;
      known.raw.push(raw);
      if (at && (!known.time || at < known.time)) known.time = at;
    } else trades.set(tradeNo, { fen: fen! - refundFen!, time: at, raw: [raw] });
  }
  if (errors.length > 0) throw new AppError('VALIDATION', errors.slice(0, 5).join('；'));
  if (trades.size === 0) throw new AppError('VALIDATION', '对账单中没有交易记录');
  return trades;
}

/** One trade number on the PEIS side: its lines netted (a refund of a line counts under its trade number). */
interface PeisTrade {
  fen: number;
  paymentId: number;
}

const parent = alias(payments, 'refunded_line');

/** The channel's method's lines paid in the days (the centre's days), by trade number. */
async function peisTrades(db: Db, channel: ReconChannel, from: string, to: string) {
  const start = new Date(`${from}T00:00:00+08:00`);
  const end = new Date(new Date(`${to}T00:00:00+08:00`).getTime() + 86_400_000);
  const lines = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      amount: payments.amount,
      tradeNo: sql<string | null>`coalesce(${payments.tradeNo}, ${parent.tradeNo})`,
    })
    .from(payments)
    .leftJoin(parent, eq(parent.id, payments.refundOf))
    .where(
      and(eq(payments.payMethod, RECON_CHANNEL_METHOD[channel]), gte(payments.paidAt, start), lt(payments.paidAt, end)),
    )
    .orderBy(payments.id);
  const trades = new Map<string, PeisTrade>();
  for (const line of lines) {
    // A line without a trade number matches nothing: it stands alone (短款 unless the channel has it).
    const key = line.tradeNo ?? `#${line.id}`;
    const known = trades.get(key);
    if (known) {
      known.fen += toFen(line.amount);
      if (line.kind === 'charge' && known.paymentId > line.id) known.paymentId = line.id;
    } else trades.set(key, { fen: toFen(line.amount), paymentId: line.id });
  }
  return trades;
}

/** A side that nets to nothing (paid and given back in full) agrees with the other side's absence. */
export function resultOf(channelFen: number | null, peisFen: number | null): ReconResult {
  if ((channelFen ?? 0) === (peisFen ?? 0)) return '一致';
  if (peisFen === null) return '长款';
  if (channelFen === null) return '短款';
  return channelFen === peisFen ? '一致' : '金额不符';
}

/** DZ + yyyymmdd + 4-digit sequence of the day. */
async function nextBatchNo(db: Parameters<Parameters<Db['transaction']>[0]>[0]) {
  const prefix = `DZ${todayCst().replaceAll('-', '')}`;
  const [last] = await db
    .select({ no: sql<string | null>`max(${reconBatches.batchNo})` })
    .from(reconBatches)
    .where(like(reconBatches.batchNo, `${prefix}%`));
  const seq = last?.no ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

/** 对账: the mapped file against PEIS, written as a batch and its rows in one transaction. */
export async function matchSettlement(
  db: Db,
  input: z.output<typeof reconMatchRoute.input>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof reconMatchRoute>> {
  const file = await readStoredFile(db, input.file_id, SETTLEMENT_FILE);
  if (!file || file.uploadedBy !== user.id) throw new AppError('RECORD_NOT_FOUND', '对账单文件不存在，请重新上传');
  if (file.ownerRef !== input.channel) throw new AppError('VALIDATION', '对账单与所选渠道不一致，请重新上传');
  const mapping: ReconMapping = {
    trade: input.trade,
    amount: input.amount,
    time: input.time,
    ...(input.refund ? { refund: input.refund } : {}),
  };
  const channel = channelTrades(await readSettlementFile(file.content, file.contentType), mapping);
  const peis = await peisTrades(db, input.channel, input.date_from, input.date_to);

  const rows = [...new Set([...channel.keys(), ...peis.keys()])].map((key) => {
    const c = channel.get(key);
    const p = peis.get(key);
    return {
      tradeNo: key.startsWith('#') && !c ? null : key,
      channelAmount: c ? moneyText(c.fen) : null,
      channelTime: c?.time ?? null,
      rawRows: c?.raw ?? null,
      paymentId: p?.paymentId ?? null,
      peisAmount: p ? moneyText(p.fen) : null,
      result: resultOf(c?.fen ?? null, p?.fen ?? null),
    };
  });
  const count = (result: ReconResult) => rows.filter((r) => r.result === result).length;
  const sum = (fens: number[]) => moneyText(fens.reduce((a, b) => a + b, 0));

  return db.transaction(async (tx) => {
    const batchNo = await nextBatchNo(tx);
    const [batch] = await tx
      .insert(reconBatches)
      .values({
        batchNo,
        channel: input.channel,
        dateFrom: input.date_from,
        dateTo: input.date_to,
        fileName: file.fileName,
        mapping,
        matchedCount: count('一致'),
        overCount: count('长款'),
        shortCount: count('短款'),
        mismatchCount: count('金额不符'),
        channelTotal: sum([...channel.values()].map((c) => c.fen)),
        peisTotal: sum([...peis.values()].map((p) => p.fen)),
        state: rows.every((r) => r.result === '一致') ? '已完成' : '待处理',
        completedAt: rows.every((r) => r.result === '一致') ? new Date() : null,
        createdBy: user.id,
      })
      .returning({ id: reconBatches.id });
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(reconRows).values(rows.slice(i, i + 500).map((r) => ({ ...r, batchId: batch!.id })));
    }
    await recordAudit(tx, request, 'recon_match', {
      userId: user.id,
      userAccount: user.user_account,
      target: batchNo,
      detail: {
        channel: input.channel,
        date_from: input.date_from,
        date_to: input.date_to,
        file: file.fileName,
        mapping,
        rows: rows.length,
      },
    });
    return { id: batch!.id, batch_no: batchNo };
  });
}
