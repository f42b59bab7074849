import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { AppError, type ReportBatch } from '@checkup/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { reportBatchItems, reportBatches } from '../../db/schema.js';
import type { PersonalData } from '../people/personal-data.js';
import { assertPrintable } from '../report/report-print-service.js';
import { readReportInput } from '../report/report-pdf.js';
import type { ReportRenderPool } from './render-pool.js';

/** A running batch that has not moved for this long was left behind by a stopped server. */
const STALLED_MS = 2 * 60_000;
/** Generated files are kept this long for the print service, then removed with their batch folder. */
const KEEP_FILES_MS = 24 * 60 * 60_000;

export interface ReportBatchDeps {
  db: Db;
  personalData: PersonalData;
  pool: ReportRenderPool;
  /** Where the generated PDFs are kept, one folder per batch. */
  dir: string;
  log: FastifyBaseLogger;
}

const messageOf = (err: unknown) => (err instanceof AppError ? err.message : '报告生成失败，请重试');

/** Batch printing's tasks (issue 20): started by a call, run in the background, read back by id. */
export function createReportBatchService(deps: ReportBatchDeps) {
  const { db, pool, dir } = deps;
  const fileOf = (batchId: number, orderId: string) => path.join(dir, String(batchId), `${orderId}.pdf`);

  async function read(batchId: number): Promise<ReportBatch | null> {
    const [batch] = await db.select().from(reportBatches).where(eq(reportBatches.id, batchId));
    if (!batch) return null;
    const items = await db
      .select()
      .from(reportBatchItems)
      .where(eq(reportBatchItems.batchId, batchId))
      .orderBy(asc(reportBatchItems.seq));
    const stalled = batch.state === 'running' && Date.now() - batch.updatedAt.getTime() > STALLED_MS;
    return {
      batch_id: batch.id,
      state: stalled ? 'interrupted' : (batch.state as ReportBatch['state']),
      total: batch.total,
      done: items.filter((i) => i.state !== 'waiting').length,
      failed: items.filter((i) => i.state === 'failed').length,
      created_at: batch.createdAt.toISOString(),
      finished_at: batch.finishedAt?.toISOString() ?? null,
      items: items.map((i) => ({
        order_id: i.orderId,
        state: i.state as ReportBatch['items'][number]['state'],
        message: i.message,
      })),
    };
  }

  async function finishItem(batchId: number, seq: number, result: { bytes: number } | { message: string }) {
    await db
      .update(reportBatchItems)
      .set('bytes' in result ? { state: 'done', bytes: result.bytes } : { state: 'failed', message: result.message })
      .where(and(eq(reportBatchItems.batchId, batchId), eq(reportBatchItems.seq, seq)));
    await db.update(reportBatches).set({ updatedAt: new Date() }).where(eq(reportBatches.id, batchId));
  }

  /** One report: refused as printing refuses it, else read here and laid out in a worker. */
  async function generate(batchId: number, seq: number, orderId: string) {
    try {
      await assertPrintable(db, orderId);
      const input = await readReportInput(db, deps.personalData, orderId);
      const pdf = await pool.render(input);
      await writeFile(fileOf(batchId, orderId), pdf);
      await finishItem(batchId, seq, { bytes: pdf.length });
    } catch (err) {
      if (!(err instanceof AppError)) deps.log.error({ err, batchId, orderId }, 'report batch: a report failed');
      await finishItem(batchId, seq, { message: messageOf(err) });
    }
  }

  /**
   * Feeds the pool two reports per thread, so that a worker never waits for the database while the
   * next report is read; the request that started the batch has long been answered.
   */
  async function run(batchId: number, orderIds: string[]) {
    await mkdir(path.join(dir, String(batchId)), { recursive: true });
    let next = 0;
    const lane = async () => {
      while (next < orderIds.length) {
        const seq = next++;
        await generate(batchId, seq, orderIds[seq]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(pool.threads * 2, orderIds.length) }, lane));
    await db
      .update(reportBatches)
      .set({ state: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(reportBatches.id, batchId));
  }

  /** Old batches' files go when a new batch starts; their rows stay as the record. */
  async function removeOldFiles() {
    const old = await db
      .select({ id: reportBatches.id })
      .from(reportBatches)
      .where(lt(reportBatches.createdAt, new Date(Date.now() - KEEP_FILES_MS)));
    await Promise.all(old.map((b) => rm(path.join(dir, String(b.id)), { recursive: true, force: true })));
  }

  return {
    read,
    fileOf,

    async start(orderIds: string[], userId: number): Promise<ReportBatch> {
      const unique = [...new Set(orderIds)];
      const batchId = await db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(reportBatches)
          .values({ createdBy: userId, state: 'running', total: unique.length })
          .returning({ id: reportBatches.id });
        await tx.insert(reportBatchItems).values(unique.map((orderId, seq) => ({ batchId: batch!.id, orderId, seq })));
        return batch!.id;
      });
      void removeOldFiles().catch((err: unknown) => deps.log.warn({ err }, 'report batch: old files not removed'));
      void run(batchId, unique).catch((err: unknown) => deps.log.error({ err, batchId }, 'report batch stopped'));
      return (await read(batchId))!;
    },

    /** The user's latest batch, so that a reloaded page shows it again. */
    async current(userId: number): Promise<ReportBatch | null> {
      const [latest] = await db
        .select({ id: reportBatches.id })
        .from(reportBatches)
        .where(eq(reportBatches.createdBy, userId))
        .orderBy(desc(reportBatches.createdAt), desc(reportBatches.id))
        .limit(1);
      return latest ? read(latest.id) : null;
    },

    /** A generated report of a batch, for its print ticket: the batch's own, and its file made. */
    async assertGenerated(batchId: number, orderId: string, userId?: number) {
      const [item] = await db
        .select({ state: reportBatchItems.state, createdBy: reportBatches.createdBy })
        .from(reportBatchItems)
        .innerJoin(reportBatches, eq(reportBatches.id, reportBatchItems.batchId))
        .where(and(eq(reportBatchItems.batchId, batchId), eq(reportBatchItems.orderId, orderId)));
      if (!item || (userId !== undefined && item.createdBy !== userId))
        throw new AppError('RECORD_NOT_FOUND', '批量任务中没有这份报告');
      if (item.state !== 'done') throw new AppError('ILLEGAL_TRANSITION', '这份报告尚未生成或生成失败');
    },

    readFile: (batchId: number, orderId: string) =>
      readFile(fileOf(batchId, orderId)).catch(() => {
        throw new AppError('RECORD_NOT_FOUND', '报告文件已清理，请重新批量打印');
      }),
  };
}

export type ReportBatchService = ReturnType<typeof createReportBatchService>;
