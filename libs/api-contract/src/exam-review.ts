import { z } from 'zod';
import { orderIdField } from './field-schemas.js';
import { REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { route } from './route.js';

/** Spec §3 exception history record. */
export const exceptionRecordSchema = z.object({
  id: z.number(),
  exception_type: z.enum(['dept', 'review']),
  union_name: z.string().nullable(),
  review_exception: z.string(),
  review_advise: z.string().nullable(),
  exception_images: z.array(z.string()),
  exception_dept: z.string().nullable(),
  exception_user: z.string(),
  /** '2' handled, otherwise unhandled */
  review_exception_flag: z.string(),
  exception_handler_name: z.string().nullable(),
  exception_handler_time: z.string().nullable(),
  created_at: z.string(),
});

/** 获取异常历史 GET /manager/api/examreview/get_exception_history */
export const exceptionHistoryRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/get_exception_history',
  summary: '获取异常历史',
  access: ['exam_mg/dept_diag_detail', ...REVIEW_DETAIL_SCREENS],
  input: z.object({ order_id: orderIdField }),
  output: z.array(exceptionRecordSchema),
});

/** 锁定总检审核 POST /manager/api/examreview/review_lock */
export const reviewLockRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_lock',
  summary: '锁定总检审核记录（打开详情时）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), locked_until: z.string() }),
});

/** 释放总检审核锁 POST /manager/api/examreview/review_unlock */
export const reviewUnlockRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_unlock',
  summary: '释放总检审核锁（关闭页面时）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.object({ released: z.boolean() }),
});

/** 清除AI纠错提醒 POST /manager/api/examreview/update_correction_status */
export const updateCorrectionStatusRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/update_correction_status',
  summary: '清除AI纠错提醒',
  access: ['exam_mg/dept_diag_detail', ...REVIEW_DETAIL_SCREENS],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), correction_status: z.literal('0') }),
});
