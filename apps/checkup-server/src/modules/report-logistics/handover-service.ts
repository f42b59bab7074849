import { and, eq } from 'drizzle-orm';
import { AppError, DEFAULT_CABINET_NO, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, reportCabinets, reportHandovers, reportMarks, reportNotices } from '../../db/schema.js';
import { cancelJob } from '../jobs/job-queue.js';
import { FINAL_REVIEWED, liveHandover, lockVisit, timeOr, type Tx } from './handover-visit.js';

export interface Actor {
  user: UserInfo;
  ip?: string;
}

export interface BatchOutcome {
  total: number;
  success: number;
  results: { order_id: string; ok: boolean; message: string }[];
}

const audit = (tx: Tx, actor: Actor, action: string, target: string, detail: object) =>
  tx.insert(auditLog).values({
    action,
    userId: actor.user.id,
    userAccount: actor.user.user_account,
    target,
    detail,
    ip: actor.ip ?? null,
  });

/** A cabinet named by the user must be one of the report room's, in use. */
async function assertCabinet(tx: Tx, cabinetNo: string) {
  const [cabinet] = await tx
    .select({ id: reportCabinets.id })
    .from(reportCabinets)
    .where(and(eq(reportCabinets.cabinetNo, cabinetNo), eq(reportCabinets.isActive, true)));
  if (!cabinet) throw new AppError('VALIDATION', `柜子号「${cabinetNo}」不存在或已停用`);
}

/**
 * Each visit in its own transaction; one visit's refusal does not stop the others, and `mayTouch` is
 * the caller's check that the user may see this examinee (spec §5).
 */
async function eachVisit(
  db: Db,
  orderIds: string[],
  mayTouch: (orderId: string) => Promise<void>,
  work: (tx: Tx, orderId: string) => Promise<string>,
): Promise<BatchOutcome> {
  const results: BatchOutcome['results'] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      await mayTouch(orderId);
      results.push({ order_id: orderId, ok: true, message: await db.transaction((tx) => work(tx, orderId)) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ order_id: orderId, ok: false, message: error.message });
    }
  }
  return { total: results.length, success: results.filter((r) => r.ok).length, results };
}

export interface HandoverRequest {
  receiver: string;
  handedAt?: string;
  cabinetNo?: string;
}

/**
 * 终审交接: a final-reviewed report goes to the report desk, into the cabinet asked, else the one the
 * visit was marked for, else cabinet 1; 加急 comes from the visit's mark. Refused before 终审 and
 * for a report already handed over (the partial unique index holds this against a second desk too).
 */
export async function handOver(
  db: Db,
  orderIds: string[],
  request: HandoverRequest,
  actor: Actor,
  mayTouch: (orderId: string) => Promise<void>,
  now = new Date(),
): Promise<BatchOutcome> {
  return eachVisit(db, orderIds, mayTouch, async (tx, orderId) => {
    const visit = await lockVisit(tx, orderId);
    if (!FINAL_REVIEWED.includes(visit.status as never))
      throw new AppError('ILLEGAL_TRANSITION', '该体检尚未终审通过，不能交接');
    const live = await liveHandover(tx, orderId);
    if (live)
      throw new AppError(
        'ILLEGAL_TRANSITION',
        live.state === 'out' ? '报告已领取，不能再次交接' : '报告已交接，不能重复交接',
      );
    const [mark] = await tx.select().from(reportMarks).where(eq(reportMarks.orderId, orderId));
    if (request.cabinetNo) await assertCabinet(tx, request.cabinetNo);
    const cabinetNo = request.cabinetNo ?? mark?.cabinetNo ?? DEFAULT_CABINET_NO;
    const handedAt = timeOr(request.handedAt, now);
    const [row] = await tx
      .insert(reportHandovers)
      .values({
        orderId,
        state: 'in',
        cabinetNo,
        urgent: mark?.urgent ?? false,
        receiver: request.receiver,
        handedAt,
        handedBy: actor.user.id,
        handedByName: actor.user.user_name,
      })
      .returning({ id: reportHandovers.id });
    await audit(tx, actor, 'report_handover', orderId, {
      handover_id: row!.id,
      receiver: request.receiver,
      cabinet_no: cabinetNo,
      urgent: mark?.urgent ?? false,
      handed_at: handedAt.toISOString(),
    });
    return `已交接，柜子号${cabinetNo}`;
  });
}

/** 反交接: the report leaves the desk again, unless it was collected; its waiting SMS notices are cancelled. */
export async function revokeHandover(db: Db, orderId: string, reason: string, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockVisit(tx, orderId);
    const live = await liveHandover(tx, orderId);
    if (!live) throw new AppError('ILLEGAL_TRANSITION', '报告尚未交接，不能反交接');
    if (live.state === 'out') throw new AppError('ILLEGAL_TRANSITION', '报告已领取，不能反交接，请先反领取');
    const waiting = await tx
      .select({ id: reportNotices.id, jobId: reportNotices.jobId })
      .from(reportNotices)
      .where(and(eq(reportNotices.handoverId, live.id), eq(reportNotices.state, 'waiting')));
    for (const notice of waiting) {
      if (notice.jobId !== null && !(await cancelJob(tx, notice.jobId, now)))
        throw new AppError('ILLEGAL_TRANSITION', '领取通知短信正在发送，请稍后再反交接');
      await tx
        .update(reportNotices)
        .set({ state: 'cancelled', finishedAt: now })
        .where(eq(reportNotices.id, notice.id));
    }
    await tx
      .update(reportHandovers)
      .set({ state: 'revoked', revokedAt: now, revokedBy: actor.user.id, revokeReason: reason })
      .where(eq(reportHandovers.id, live.id));
    await audit(tx, actor, 'report_handover_revoke', orderId, {
      handover_id: live.id,
      reason,
      cancelled_notices: waiting.map((n) => n.id),
    });
    return { order_id: orderId };
  });
}

export interface MarkRequest {
  urgent?: boolean;
  cabinetNo?: string;
}

/** 加急 and the cabinet a visit's report goes to; a report waiting at the desk changes with it. */
export async function markReports(
  db: Db,
  orderIds: string[],
  request: MarkRequest,
  actor: Actor,
  mayTouch: (orderId: string) => Promise<void>,
  now = new Date(),
): Promise<BatchOutcome> {
  if (request.urgent === undefined && request.cabinetNo === undefined)
    throw new AppError('VALIDATION', '请选择加急或填写柜子号');
  return eachVisit(db, orderIds, mayTouch, async (tx, orderId) => {
    await lockVisit(tx, orderId);
    if (request.cabinetNo) await assertCabinet(tx, request.cabinetNo);
    const live = await liveHandover(tx, orderId);
    if (live?.state === 'out') throw new AppError('ILLEGAL_TRANSITION', '报告已领取，不能再修改');
    const change = {
      ...(request.urgent === undefined ? {} : { urgent: request.urgent }),
      ...(request.cabinetNo === undefined ? {} : { cabinetNo: request.cabinetNo }),
    };
    await tx
      .insert(reportMarks)
      .values({
        orderId,
        urgent: request.urgent ?? false,
        cabinetNo: request.cabinetNo ?? null,
        updatedBy: actor.user.id,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: reportMarks.orderId,
        set: { ...change, updatedBy: actor.user.id, updatedAt: now },
      });
    if (live) await tx.update(reportHandovers).set(change).where(eq(reportHandovers.id, live.id));
    await audit(tx, actor, 'report_mark', orderId, {
      urgent: request.urgent ?? null,
      cabinet_no: request.cabinetNo ?? null,
    });
    return '已修改';
  });
}
