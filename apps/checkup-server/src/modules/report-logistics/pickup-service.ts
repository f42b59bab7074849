import { eq } from 'drizzle-orm';
import { assertReportReleasable } from '../cashier/money-state.js';
import { AppError, type PickupMethod } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, reportHandovers } from '../../db/schema.js';
import type { PersonalData } from '../people/personal-data.js';
import type { Actor } from './handover-service.js';
import { handoverAtDesk, liveHandover, lockVisit, timeOr, type Tx } from './handover-visit.js';

/** What the stored_files rows of a collector's signature are for. */
export const PICKUP_SIGNATURE_PURPOSE = 'report_pickup_signature';

export interface PickupRequest {
  orderId: string;
  method: PickupMethod;
  receiver: string;
  phone?: string;
  courierCompany: string | null;
  trackingNo: string | null;
  pickedAt?: string;
  remark: string | null;
}

/**
 * 领取: a report waiting at the desk is collected; the collector's phone is sealed, and the signature
 * drawn on screen (when there is one) is stored in the same transaction by `storeSignature`.
 */
export async function pickUp(
  db: Db,
  personalData: PersonalData,
  request: PickupRequest,
  actor: Actor,
  storeSignature?: (tx: Tx, handoverId: number) => Promise<number>,
  now = new Date(),
) {
  // 0140 暂缓发放 (issue 23): an unpaid 自费 balance holds the report at the desk.
  await assertReportReleasable(db, request.orderId);
  return db.transaction(async (tx) => {
    await lockVisit(tx, request.orderId);
    const handover = await handoverAtDesk(tx, request.orderId, '领取');
    const signatureFileId = storeSignature ? await storeSignature(tx, handover.id) : null;
    const pickedAt = timeOr(request.pickedAt, now);
    await tx
      .update(reportHandovers)
      .set({
        state: 'out',
        pickupMethod: request.method,
        pickupReceiver: request.receiver,
        pickupPhoneEnc: personalData.sealOrNull('report_handovers.pickup_phone', request.phone),
        courierCompany: request.courierCompany,
        trackingNo: request.trackingNo,
        signatureFileId,
        pickupRemark: request.remark,
        pickedAt,
        pickedBy: actor.user.id,
        pickedByName: actor.user.user_name,
      })
      .where(eq(reportHandovers.id, handover.id));
    await tx.insert(auditLog).values({
      action: 'report_pickup',
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      target: request.orderId,
      // The phone stays out of the audit: it is personal data (spec §5).
      detail: {
        handover_id: handover.id,
        method: request.method,
        receiver: request.receiver,
        courier_company: request.courierCompany,
        tracking_no: request.trackingNo,
        signature_file_id: signatureFileId,
        picked_at: pickedAt.toISOString(),
      },
      ip: actor.ip ?? null,
    });
    return { order_id: request.orderId, handover_id: handover.id, has_signature: signatureFileId !== null };
  });
}

/** 反领取: only a collected report; it waits at the desk again, what was recorded kept in the audit. */
export async function revokePickup(db: Db, orderId: string, reason: string, actor: Actor) {
  return db.transaction(async (tx) => {
    await lockVisit(tx, orderId);
    const handover = await liveHandover(tx, orderId);
    if (handover?.state !== 'out') throw new AppError('ILLEGAL_TRANSITION', '报告尚未领取，不能反领取');
    await tx
      .update(reportHandovers)
      .set({
        state: 'in',
        pickupMethod: null,
        pickupReceiver: null,
        pickupPhoneEnc: null,
        courierCompany: null,
        trackingNo: null,
        signatureFileId: null,
        pickupRemark: null,
        pickedAt: null,
        pickedBy: null,
        pickedByName: null,
      })
      .where(eq(reportHandovers.id, handover.id));
    await tx.insert(auditLog).values({
      action: 'report_pickup_revoke',
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      target: orderId,
      detail: {
        handover_id: handover.id,
        reason,
        was: {
          method: handover.pickupMethod,
          receiver: handover.pickupReceiver,
          picked_at: handover.pickedAt?.toISOString() ?? null,
          signature_file_id: handover.signatureFileId,
        },
      },
      ip: actor.ip ?? null,
    });
    return { order_id: orderId };
  });
}
