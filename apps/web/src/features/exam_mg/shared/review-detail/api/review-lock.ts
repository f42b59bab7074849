import { reviewLockRoute, reviewUnlockRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';
import { postOnUnload } from '../../../../../lib/post-on-unload';

/** 锁定总检审核 POST /manager/api/examreview/review_lock */
export const lockReview = (orderId: string) => api.call(reviewLockRoute, { order_id: orderId });

/** 释放总检审核锁 POST /manager/api/examreview/review_unlock */
export const unlockReview = (orderId: string) => api.call(reviewUnlockRoute, { order_id: orderId });

/** The same release while the page unloads (spec §4 page close). */
export const unlockReviewOnUnload = (orderId: string) => postOnUnload(reviewUnlockRoute, { order_id: orderId });
