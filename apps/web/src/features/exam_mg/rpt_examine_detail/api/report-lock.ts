import { lockReportReviewRoute, unlockReportReviewRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { postOnUnload } from '../../../../lib/post-on-unload';

/** 锁定报告审核 POST /manager/api/report/lockReportReview */
export const lockReportReview = (orderId: string) => api.call(lockReportReviewRoute, { order_id: orderId });

/** 释放报告审核锁 POST /manager/api/report/unlockReportReview */
export const unlockReportReview = (orderId: string) => api.call(unlockReportReviewRoute, { order_id: orderId });

/** The same release while the page unloads (spec §4 page close). */
export const unlockReportReviewOnUnload = (orderId: string) =>
  postOnUnload(unlockReportReviewRoute, { order_id: orderId });
