import { reviewLockRoute, reviewUnlockRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 锁定总检审核 POST /manager/api/examreview/review_lock */
export const lockReview = (orderId: string) => api.call(reviewLockRoute, { order_id: orderId });

/** 释放总检审核锁 POST /manager/api/examreview/review_unlock */
export const unlockReview = (orderId: string) => api.call(reviewUnlockRoute, { order_id: orderId });

/**
 * The same release while the page unloads (spec §4 page close): a keepalive request outlives the
 * page and carries the session cookie, as dept_diag_detail's does.
 */
export function unlockReviewOnUnload(orderId: string): void {
  const body = new URLSearchParams({ order_id: orderId });
  try {
    void fetch(reviewUnlockRoute.path, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).catch(() => undefined);
  } catch {
    navigator.sendBeacon?.(reviewUnlockRoute.path, body);
  }
}
