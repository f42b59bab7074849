import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { assertReportReleasable, reportHoldMessage } from '../cashier/money-state.js';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  SHARE_LOCK_MINUTES,
  SHARE_MAX_WRONG_CODES,
  SHARE_MESSAGES,
  shareLinkPath,
  type ReportShareRow,
  type ShareState,
  type ShareValidDays,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, orders, reportShares, users } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { banReasonOf } from '../orders/order-ban.js';
import { hasOpenException } from '../orders/open-exceptions.js';
import { isReportReady } from '../report/report-data.js';
import { newShareCode, newShareToken, tokenHashOf } from './share-secrets.js';

type Share = typeof reportShares.$inferSelect;

export interface StaffActor {
  userId: number;
  userAccount: string;
  ip: string;
}

/** Who opens a link: nobody signs in, so the address and the browser are what the audit can say. */
export interface Visitor {
  ip: string;
  userAgent?: string;
}

const DAY_MS = 24 * 60 * 60_000;

export function stateOf(share: Share, now = new Date()): ShareState {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && share.expiresAt <= now) return 'expired';
  if (share.lockedUntil && share.lockedUntil > now) return 'locked';
  return 'active';
}

/**
 * Why a visit's report may not be shared now, or null: final-reviewed (终审), not banned (禁检) and
 * without an unhandled exception, the same rules as printing; checked again at every opening.
 */
async function refusalOf(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
  if (!row) return '体检订单不存在';
  if (!isReportReady(row.status)) return '该体检尚未终审通过，不能分享报告';
  if ((await banReasonOf(db, orderId)) !== null) return '该体检已禁检，不能分享报告';
  if (await hasOpenException(db, orderId)) return '该体检有未处理的异常，不能分享报告';
  return reportHoldMessage(db, orderId);
}

const creators = alias(users, 'share_creators');
const revokers = alias(users, 'share_revokers');

async function readRows(db: Db, where: SQL): Promise<ReportShareRow[]> {
  const rows = await db
    .select({ share: reportShares, createdBy: creators.userName, revokedBy: revokers.userName })
    .from(reportShares)
    .leftJoin(creators, eq(creators.id, reportShares.createdBy))
    .leftJoin(revokers, eq(revokers.id, reportShares.revokedBy))
    .where(where)
    .orderBy(desc(reportShares.createdAt), desc(reportShares.id));
  const now = new Date();
  return rows.map(({ share: s, createdBy, revokedBy }) => ({
    share_id: s.id,
    order_id: s.orderId,
    state: stateOf(s, now),
    valid_days: s.validDays,
    expires_at: s.expiresAt?.toISOString() ?? null,
    created_by: createdBy,
    created_at: s.createdAt.toISOString(),
    revoked_by: revokedBy,
    revoked_at: s.revokedAt?.toISOString() ?? null,
    wrong_codes: s.wrongCodes,
    open_count: s.openCount,
    last_opened_at: s.lastOpenedAt?.toISOString() ?? null,
    last_opened_ip: s.lastOpenedIp,
  }));
}

export const listShares = (db: Db, orderId: string) => readRows(db, eq(reportShares.orderId, orderId));

/** A new link for one visit's report; the token and code are returned once and kept only as hashes. */
export async function createShare(db: Db, orderId: string, validDays: ShareValidDays, actor: StaffActor) {
  const refusal = await refusalOf(db, orderId);
  if (refusal) throw new AppError(refusal === '体检订单不存在' ? 'RECORD_NOT_FOUND' : 'ILLEGAL_TRANSITION', refusal);
  const token = newShareToken();
  const code = newShareCode();
  const codeHash = await hashPassword(code);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportShares)
      .values({
        orderId,
        tokenHash: tokenHashOf(token),
        codeHash,
        validDays,
        expiresAt: validDays === 0 ? null : new Date(Date.now() + validDays * DAY_MS),
        createdBy: actor.userId,
      })
      .returning({ id: reportShares.id });
    await tx.insert(auditLog).values({
      action: 'report_share_create',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      detail: { share_id: row!.id, valid_days: validDays },
      ip: actor.ip,
    });
    return row!.id;
  });
  const [share] = await readRows(db, eq(reportShares.id, id));
  return { share: share!, token, code, path: shareLinkPath(token) };
}

export async function revokeShare(
  db: Db,
  shareId: number,
  actor: StaffActor,
  assertCanView: (orderId: string) => Promise<void>,
) {
  const [found] = await db.select().from(reportShares).where(eq(reportShares.id, shareId));
  if (!found) throw new AppError('RECORD_NOT_FOUND', '分享链接不存在');
  await assertCanView(found.orderId);
  if (found.revokedAt) throw new AppError('ILLEGAL_TRANSITION', '该分享链接已撤销');
  await db.transaction(async (tx) => {
    await tx
      .update(reportShares)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(eq(reportShares.id, shareId));
    await tx.insert(auditLog).values({
      action: 'report_share_revoke',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: found.orderId,
      detail: { share_id: shareId },
      ip: actor.ip,
    });
  });
  const [share] = await readRows(db, eq(reportShares.id, shareId));
  return share!;
}

/** Refuses a link that is revoked or expired, each with its Chinese message. */
function assertNotClosed(share: Share) {
  const state = stateOf(share);
  if (state === 'revoked') throw new AppError('SHARE_CLOSED', SHARE_MESSAGES.revoked);
  if (state === 'expired') throw new AppError('SHARE_CLOSED', SHARE_MESSAGES.expired);
}

/** … and one locked by wrong codes. */
function assertOpen(share: Share) {
  assertNotClosed(share);
  if (stateOf(share) === 'locked') throw new AppError('SHARE_LOCKED', SHARE_MESSAGES.locked);
}

const visitAudit = (action: string, share: Share, visitor: Visitor, detail: Record<string, unknown> = {}) => ({
  action,
  target: share.orderId,
  detail: { share_id: share.id, user_agent: visitor.userAgent?.slice(0, 200) ?? null, ...detail },
  ip: visitor.ip,
});

/**
 * Counts a wrong code in one statement (two guesses at once both count); the one that reaches
 * SHARE_MAX_WRONG_CODES locks the link for SHARE_LOCK_MINUTES and starts the count again.
 */
async function countWrongCode(db: Db, share: Share, visitor: Visitor): Promise<never> {
  const lockUntil = new Date(Date.now() + SHARE_LOCK_MINUTES * 60_000);
  const [after] = await db
    .update(reportShares)
    .set({
      wrongCodes: sql`case when ${reportShares.wrongCodes} + 1 >= ${SHARE_MAX_WRONG_CODES} then 0 else ${reportShares.wrongCodes} + 1 end`,
      lockedUntil: sql`case when ${reportShares.wrongCodes} + 1 >= ${SHARE_MAX_WRONG_CODES} then ${lockUntil.toISOString()}::timestamptz else ${reportShares.lockedUntil} end`,
    })
    .where(eq(reportShares.id, share.id))
    .returning({ wrongCodes: reportShares.wrongCodes, lockedUntil: reportShares.lockedUntil });
  const locked = !!after?.lockedUntil && after.lockedUntil > new Date();
  await db.insert(auditLog).values(visitAudit('report_share_wrong_code', share, visitor, { locked }));
  if (locked) throw new AppError('SHARE_LOCKED', SHARE_MESSAGES.locked);
  throw new AppError('SHARE_WRONG_CODE', SHARE_MESSAGES.wrongCode(SHARE_MAX_WRONG_CODES - (after?.wrongCodes ?? 0)));
}

async function shareByToken(db: Db, token: string): Promise<Share> {
  const [share] = await db
    .select()
    .from(reportShares)
    .where(eq(reportShares.tokenHash, tokenHashOf(token)));
  if (!share) throw new AppError('RECORD_NOT_FOUND', SHARE_MESSAGES.notFound);
  return share;
}

/** The examinee types the code: refused while closed or locked; a wrong one counts; the right one is audited. */
export async function openShare(db: Db, token: string, code: string, visitor: Visitor): Promise<Share> {
  const share = await shareByToken(db, token);
  assertOpen(share);
  if (!(await verifyPassword(code, share.codeHash))) return countWrongCode(db, share, visitor);
  await assertReportReleasable(db, share.orderId);
  if (await refusalOf(db, share.orderId)) throw new AppError('ILLEGAL_TRANSITION', SHARE_MESSAGES.unavailable);
  await db.transaction(async (tx) => {
    await tx
      .update(reportShares)
      .set({
        wrongCodes: 0,
        openCount: sql`${reportShares.openCount} + 1`,
        lastOpenedAt: new Date(),
        lastOpenedIp: visitor.ip,
      })
      .where(eq(reportShares.id, share.id));
    await tx.insert(auditLog).values(visitAudit('report_share_open', share, visitor));
  });
  return share;
}

/** The share a download ticket names, still open and its report still shareable; the download is audited. */
export async function shareForDownload(db: Db, shareId: number, visitor: Visitor): Promise<Share> {
  const [share] = await db.select().from(reportShares).where(eq(reportShares.id, shareId));
  if (!share) throw new AppError('RECORD_NOT_FOUND', SHARE_MESSAGES.notFound);
  // A lock only stops guessing; whoever already typed the right code may still download.
  assertNotClosed(share);
  await assertReportReleasable(db, share.orderId);
  if (await refusalOf(db, share.orderId)) throw new AppError('ILLEGAL_TRANSITION', SHARE_MESSAGES.unavailable);
  await db.insert(auditLog).values(visitAudit('report_share_download', share, visitor));
  return share;
}
