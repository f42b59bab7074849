import { lockReportReviewRoute, unlockReportReviewRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 锁定报告审核 POST /manager/api/report/lockReportReview */
export const lockReportReview = (orderId: string) => api.call(lockReportReviewRoute, { order_id: orderId });

/** 释放报告审核锁 POST /manager/api/report/unlockReportReview */
export const unlockReportReview = (orderId: string) => api.call(unlockReportReviewRoute, { order_id: orderId });

/**
 * The same release while the page unloads (spec §4 page close): a keepalive request outlives the
 * page, carries the session cookie and an Origin header, so the BFF accepts it.
 */
export function unlockReportReviewOnUnload(orderId: string): void {
  const body = new URLSearchParams({ order_id: orderId });
  try {
    void fetch(unlockReportReviewRoute.path, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).catch(() => undefined);
  } catch {
    navigator.sendBeacon?.(unlockReportReviewRoute.path, body);
  }
}
