import { z } from 'zod';
import {
  dateField,
  jsonField,
  optionalChoiceField,
  optionalIdField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { route } from './route.js';
import { isValidMobile, MOBILE_ERROR } from './validators.js';

/** 锁定报告审核 POST /manager/api/report/lockReportReview */
export const lockReportReviewRoute = route({
  method: 'POST',
  path: '/manager/api/report/lockReportReview',
  summary: '锁定报告审核记录（打开详情时）',
  access: ['exam_mg/rpt_examine_detail'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), locked_until: z.string() }),
});

/** 释放报告审核锁 POST /manager/api/report/unlockReportReview */
export const unlockReportReviewRoute = route({
  method: 'POST',
  path: '/manager/api/report/unlockReportReview',
  summary: '释放报告审核锁（关闭页面时）',
  access: ['exam_mg/rpt_examine_detail'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ released: z.boolean() }),
});

/**
 * Where a visit's report stands: the one report state the lists, the print column, the report
 * check and sending all read (the server derives it from the visit's status and its latest print
 * and check). to_print — final review passed, not yet printed; to_review — printed, not checked
 * since; rejected — the check since the print rejected it: print it again; to_send — the check
 * passed; sent — handed over or sent at least once.
 */
export const REPORT_STATES = ['to_print', 'to_review', 'rejected', 'to_send', 'sent'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const REPORT_STATE_LABELS: Record<ReportState, string> = {
  to_print: '待打印',
  to_review: '待审核',
  rejected: '已驳回，待重新打印',
  to_send: '待发送',
  sent: '已发送',
};

/** The filters of the report screens (issue 8), each a set of report states. */
export const REPORT_STAGES = ['to_print', 'printed', 'to_review', 'reviewed', 'to_send', 'sent'] as const;
export type ReportStage = (typeof REPORT_STAGES)[number];

export const REPORT_STAGE_LABELS: Record<ReportStage, string> = {
  to_print: '待打印',
  printed: '已打印',
  to_review: '待审核',
  reviewed: '已审核',
  to_send: '待发送',
  sent: '已发送',
};

/** Which report states each filter shows; a rejected report waits to be printed again. */
export const REPORT_STAGE_STATES: Record<ReportStage, readonly ReportState[]> = {
  to_print: ['to_print', 'rejected'],
  printed: ['to_review', 'rejected', 'to_send', 'sent'],
  to_review: ['to_review'],
  reviewed: ['rejected', 'to_send', 'sent'],
  to_send: ['to_send'],
  sent: ['sent'],
};

/** Whether the report of a visit in this state has been printed. */
export const isReportPrinted = (state: ReportState) => state !== 'to_print';

export const DELIVERY_METHODS = ['pickup', 'mail', 'sms', 'email'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: '自取',
  mail: '邮寄',
  sms: '短信',
  email: '电子邮件',
};

export const REPORT_REVIEW_RESULTS = ['pass', 'reject'] as const;
export const REPORT_REVIEW_RESULT_LABELS: Record<(typeof REPORT_REVIEW_RESULTS)[number], string> = {
  pass: '审核通过',
  reject: '驳回',
};

/** The message shown when a visit's report cannot be printed yet (spec §8 style). */
export const REPORT_NOT_READY_MESSAGE = '该体检尚未终审通过，不能打印报告';

export const reportListRowSchema = z.object({
  order_id: z.string(),
  /** Full for users with special_flag '1'; masked (张*三) otherwise, '***' for a confidential person. */
  cust_name: z.string(),
  special_flag: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  exam_type: z.string(),
  exam_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  report_state: z.enum(REPORT_STATES),
  package_name: z.string().nullable(),
  company_name: z.string().nullable(),
  /** Prints on record; a report printed before the records began counts as printed with none. */
  print_count: z.number().int(),
  last_printed_at: z.string().nullable(),
  /** The latest report check, if any. */
  review_result: z.enum(REPORT_REVIEW_RESULTS).nullable(),
  review_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  delivery_count: z.number().int(),
  last_delivery_method: z.enum(DELIVERY_METHODS).nullable(),
  last_delivered_at: z.string().nullable(),
  /** '1' while the visit has an unhandled exception: an abnormal report, not printed or sent (spec §3). */
  review_exception_flag: z.enum(['0', '1']),
});
export type ReportListRow = z.infer<typeof reportListRowSchema>;

/** 报告列表 GET /manager/api/report/report_list */
export const reportListRoute = route({
  method: 'GET',
  path: '/manager/api/report/report_list',
  summary: '报告列表（待打印、待审核、待发送等，按体检日期、姓名或体检号、单位）',
  access: ['exam_mg/print_rpt', 'exam_mg/rpt_examine', 'exam_mg/send_rpt', 'exam_mg/new_send'],
  input: z
    .object({
      stage: optionalChoiceField(REPORT_STAGES, '报告状态不正确'),
      date_from: dateField.optional(),
      date_to: dateField.optional(),
      key: searchKeyField(),
      company_id: optionalIdField('单位'),
      ...pageFields,
    })
    .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
      message: '开始日期不能晚于结束日期',
      path: ['date_to'],
    }),
  output: pageOf(reportListRowSchema),
});

/** 体检报告PDF GET /manager/api/report/report_pdf */
export const reportPdfRoute = route({
  method: 'GET',
  path: '/manager/api/report/report_pdf',
  summary: '体检报告PDF（A4，终审通过后可打印）',
  access: ['exam_mg/print_rpt'],
  input: z.object({ order_id: orderIdField }),
  output: z.unknown(),
});

/** 体检报告打印凭据 POST /manager/api/report/report_ticket */
export const reportTicketRoute = route({
  method: 'POST',
  path: '/manager/api/report/report_ticket',
  summary: '体检报告打印凭据（本地打印服务凭此下载PDF，5分钟内有效）',
  access: ['exam_mg/print_rpt'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ ticket: z.string(), expires_at: z.string() }),
});

/**
 * 体检报告文件 GET /manager/api/report/report_file — for the local print service, which has no
 * session: the short-lived ticket signed by the server stands for it.
 */
export const reportFileRoute = route({
  method: 'GET',
  path: '/manager/api/report/report_file',
  summary: '体检报告PDF（凭打印凭据）',
  access: 'public',
  input: z.object({
    ticket: z.string({ error: '请提供打印凭据' }).regex(/^[0-9A-Za-z._-]{10,200}$/, '打印凭据格式不正确'),
  }),
  output: z.unknown(),
});

/** 记录报告打印 POST /manager/api/report/change_print_time (spec §7: exempt from the duplicate guard) */
export const reportPrintedRoute = route({
  method: 'POST',
  path: '/manager/api/report/change_print_time',
  summary: '记录报告已打印（首次打印时订单进入“报告已打印”）',
  access: ['exam_mg/print_rpt'],
  input: z.object({
    order_id: orderIdField,
    /** '1': recorded by hand (标记已打印, or a downloaded PDF the user says was printed), not by the print service. */
    marked: z.enum(['0', '1'], { error: '标记方式只能是0或1' }).default('0'),
  }),
  output: z.object({ order_id: z.string(), status: z.enum(ORDER_STATUSES), print_count: z.number().int() }),
});

export const reportHistorySchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  special_flag: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  exam_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Null while the visit is not yet final-reviewed. */
  report_state: z.enum(REPORT_STATES).nullable(),
  package_name: z.string().nullable(),
  company_name: z.string().nullable(),
  prints: z.array(z.object({ source: z.string(), operator_name: z.string().nullable(), printed_at: z.string() })),
  reviews: z.array(
    z.object({
      result: z.enum(REPORT_REVIEW_RESULTS),
      reason: z.string().nullable(),
      reviewer_name: z.string(),
      created_at: z.string(),
    }),
  ),
  deliveries: z.array(
    z.object({
      method: z.enum(DELIVERY_METHODS),
      recipient: z.string(),
      destination: z.string().nullable(),
      status: z.string(),
      detail: z.string().nullable(),
      operator_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type ReportHistory = z.infer<typeof reportHistorySchema>;

/** 报告记录 GET /manager/api/report/report_history */
export const reportHistoryRoute = route({
  method: 'GET',
  path: '/manager/api/report/report_history',
  summary: '报告的打印、审核和发送记录',
  access: ['exam_mg/rpt_examine_detail'],
  input: z.object({ order_id: orderIdField }),
  output: reportHistorySchema,
});

/** 报告审核 POST /manager/api/report/report_review */
export const reportReviewRoute = route({
  method: 'POST',
  path: '/manager/api/report/report_review',
  summary: '报告审核（通过，或填写原因驳回）',
  access: ['exam_mg/rpt_examine_detail'],
  input: z
    .object({
      order_id: orderIdField,
      result: z.enum(REPORT_REVIEW_RESULTS, { error: '请选择审核结果' }),
      reason: z
        .string()
        .trim()
        .max(500, '驳回原因不能超过500字')
        .optional()
        .transform((v) => v || undefined),
    })
    .refine((v) => v.result !== 'reject' || v.reason !== undefined, {
      message: '驳回时请填写驳回原因',
      path: ['reason'],
    }),
  output: z.object({ order_id: z.string(), result: z.enum(REPORT_REVIEW_RESULTS) }),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .transform((v) => v || undefined);

/**
 * What each method needs (issue 8): pickup — who collected it; mail — recipient, address and
 * tracking number; SMS — a mobile number (or the examinee's own); e-mail — an address.
 */
const deliveryShape = {
  method: z.enum(DELIVERY_METHODS, { error: '请选择发送方式' }),
  recipient: optionalText(64, '领取人/收件人'),
  destination: optionalText(128, '地址'),
  tracking_no: optionalText(40, '运单号'),
};

function checkDelivery(
  v: { method: DeliveryMethod; recipient?: string; destination?: string; tracking_no?: string },
  ctx: z.RefinementCtx,
) {
  const need = (path: 'recipient' | 'destination' | 'tracking_no', message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.method === 'pickup' && !v.recipient) need('recipient', '请填写领取人');
  if (v.method === 'mail') {
    if (!v.recipient) need('recipient', '请填写收件人');
    if (!v.destination) need('destination', '请填写邮寄地址');
    if (!v.tracking_no) need('tracking_no', '请填写运单号');
  }
  if (v.method === 'sms' && v.destination && !isValidMobile(v.destination)) need('destination', MOBILE_ERROR);
  if (v.method === 'email') {
    if (!v.destination) need('destination', '请填写电子邮箱');
    else if (!EMAIL.test(v.destination)) need('destination', '电子邮箱格式不正确');
  }
}

export const deliveryFieldsSchema = z.object(deliveryShape).superRefine(checkDelivery);
export type DeliveryFields = z.input<typeof deliveryFieldsSchema>;

/** 报告发送 POST /manager/api/report/report_send — one visit (send_rpt) or several (new_send). */
export const reportSendRoute = route({
  method: 'POST',
  path: '/manager/api/report/report_send',
  summary: '报告发送（自取、邮寄、短信或电子邮件，可批量）',
  access: ['exam_mg/send_rpt', 'exam_mg/new_send'],
  input: z
    .object({
      order_ids: jsonField(
        z.array(orderIdField).min(1, '请选择要发送的报告').max(100, '一次最多发送100份报告'),
        '体检号列表',
      ),
      ...deliveryShape,
    })
    .superRefine(checkDelivery),
  output: z.object({
    total: z.number().int(),
    success: z.number().int(),
    results: z.array(
      z.object({
        order_id: z.string(),
        ok: z.boolean(),
        message: z.string(),
        status: z.enum(ORDER_STATUSES).nullable(),
      }),
    ),
  }),
});
