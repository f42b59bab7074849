import { z } from 'zod';
import { orderIdField } from './field-schemas.js';
import { route } from './route.js';

/** 锁定报告审核 POST /manager/api/report/lockReportReview */
export const lockReportReviewRoute = route({
  method: 'POST',
  path: '/manager/api/report/lockReportReview',
  summary: '锁定报告审核记录（打开详情时）',
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), locked_until: z.string() }),
});

/** 释放报告审核锁 POST /manager/api/report/unlockReportReview */
export const unlockReportReviewRoute = route({
  method: 'POST',
  path: '/manager/api/report/unlockReportReview',
  summary: '释放报告审核锁（关闭页面时）',
  input: z.object({ order_id: orderIdField }),
  output: z.object({ released: z.boolean() }),
});
