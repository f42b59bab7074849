import type { AccessKey } from './route.js';

type Screens = readonly [AccessKey, ...AccessKey[]];

/** The screens of the 总检 detail: each review level opens its visit in one of them. */
export const REVIEW_DETAIL_SCREENS = [
  'exam_mg/rev_apr_detail',
  'exam_mg/rev_apr_detail_first_trial',
  'exam_mg/rev_apr_detail_occu',
] as const satisfies Screens;

/** 排队管理, 叫号 and 科室排队 drive the same queue. */
export const QUEUE_SCREENS = [
  'exam_mg/queue_mg',
  'exam_mg/queue_mg_call',
  'exam_mg/dept_diag_queue',
] as const satisfies Screens;

/** 审核分配 and its three levels. */
export const REVIEW_ALLOT_SCREENS = [
  'exam_mg/review_allot/first_review_allot',
  'exam_mg/review_allot/second_review_allot',
  'exam_mg/review_allot/last_review_allot',
] as const satisfies Screens;

/** The guide sheet is printed after 快速登记 and again from 登记详情. */
export const GUIDE_SHEET_SCREENS = [
  'exam_mg/order_quick_register',
  'exam_mg/order_mg_detail',
  // 团检登记名单's 批量打印 (issue 22).
  'crm/group_register_list',
] as const satisfies Screens;

/** 自定义模板's ten template screens. */
export const TEMPLATE_SCREENS = [
  'exam_cfg/self_defined_template/group_voucher',
  'exam_cfg/self_defined_template/guide_sheet',
  'exam_cfg/self_defined_template/consent',
  'exam_cfg/self_defined_template/exam_form',
  'exam_cfg/self_defined_template/application_form',
  'exam_cfg/self_defined_template/occu_notice_card',
  'exam_cfg/self_defined_template/health_certificate',
  'exam_cfg/self_defined_template/group_report',
  'exam_cfg/self_defined_template/exam_report',
  'exam_cfg/self_defined_template/barcode',
] as const satisfies Screens;
