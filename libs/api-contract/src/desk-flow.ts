import { z } from 'zod';
import { orderIdField } from './field-schemas.js';
import { GUIDE_SHEET_SCREENS, REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { PAY_TIMINGS } from './parameters.js';
import { BARCODE_LABEL_COUNT_MAX } from './print-settings.js';
import { route } from './route.js';

/**
 * Issue 19, the desk after 完成登记: when the examinee pays (0140), the 缴费单, the barcode labels,
 * 反登记 and 禁检 (breadth.md §1.3/§1.4).
 */

const amount = z.string().regex(/^-?\d+\.\d{2}$/);

/** The 反登记 and 禁检 buttons of 登记详情 (route table actions of exam_mg/order_mg_detail). */
export const UNREGISTER_ACCESS = 'exam_mg/order_mg_detail:unregister' as const;
export const BAN_ACCESS = 'exam_mg/order_mg_detail:ban' as const;

export const paymentStateSchema = z.object({
  order_id: z.string(),
  /** 0140: 'after' 先检后付, 'before' 先付后检. */
  pay_timing: z.enum(PAY_TIMINGS),
  /** The examinee's own (自费) lines the payments do not cover yet: 待收费. */
  unpaid_lines: z.array(z.object({ union_id: z.number().int(), union_name: z.string(), price: amount })),
  unpaid_total: amount,
  paid_total: amount,
  /** 先付后检 with something unpaid: the guide sheet waits for the cashier. */
  guide_sheet_blocked: z.boolean(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** 缴费状态 GET /manager/api/order/payment_state */
export const paymentStateRoute = route({
  method: 'GET',
  path: '/manager/api/order/payment_state',
  summary: '登记后的缴费状态（待收费的自费项目、缴费时机）',
  access: GUIDE_SHEET_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: paymentStateSchema,
});

/** 缴费单 GET /manager/api/order/payment_slip — answers application/pdf (an envelope only when refused). */
export const paymentSlipRoute = route({
  method: 'GET',
  path: '/manager/api/order/payment_slip',
  summary: '缴费单PDF（待收费的自费项目及合计；收费处另印已收项目与收费记录）',
  access: [...GUIDE_SHEET_SCREENS, 'finance_mg/cost_mg_detail'],
  input: z.object({ order_id: orderIdField, with_paid: z.literal('1').optional() }),
  output: z.unknown(),
});

const labelCopies = z.coerce
  .number({ error: `条码份数应为1到${BARCODE_LABEL_COUNT_MAX}之间的整数` })
  .int(`条码份数应为1到${BARCODE_LABEL_COUNT_MAX}之间的整数`)
  .min(1, `条码份数应为1到${BARCODE_LABEL_COUNT_MAX}之间的整数`)
  .max(BARCODE_LABEL_COUNT_MAX, `条码份数应为1到${BARCODE_LABEL_COUNT_MAX}之间的整数`);

/** 条码标签 GET /manager/api/order/barcode_labels — one label page per specimen and copy, as the 条码 template lays it out. */
export const barcodeLabelsRoute = route({
  method: 'GET',
  path: '/manager/api/order/barcode_labels',
  summary: '条码标签PDF（每个标本一张，按份数）',
  access: GUIDE_SHEET_SCREENS,
  input: z.object({ order_id: orderIdField, copies: labelCopies.default(1) }),
  output: z.unknown(),
});

/** 条码打印凭据 POST /manager/api/order/barcode_labels_ticket */
export const barcodeLabelsTicketRoute = route({
  method: 'POST',
  path: '/manager/api/order/barcode_labels_ticket',
  summary: '条码标签打印凭据（本地打印服务凭此下载PDF，5分钟内有效）',
  access: GUIDE_SHEET_SCREENS,
  input: z.object({ order_id: orderIdField, copies: labelCopies.default(1) }),
  output: z.object({ ticket: z.string(), expires_at: z.string() }),
});

/** 条码标签文件 GET /manager/api/order/barcode_labels_file — for the local print service, by ticket. */
export const barcodeLabelsFileRoute = route({
  method: 'GET',
  path: '/manager/api/order/barcode_labels_file',
  summary: '条码标签PDF（凭打印凭据）',
  access: 'public',
  input: z.object({
    ticket: z.string({ error: '请提供打印凭据' }).regex(/^[0-9A-Za-z._-]{10,200}$/, '打印凭据格式不正确'),
  }),
  output: z.unknown(),
});

/** 反登记 POST /manager/api/order/unregister — the visit removed as if never registered; the examinee's archive stays. */
export const orderUnregisterRoute = route({
  method: 'POST',
  path: '/manager/api/order/unregister',
  summary: '反登记（撤销登记，删除本次体检）',
  access: [UNREGISTER_ACCESS],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), customer_id: z.number().int() }),
});

const banReason = z
  .string({ error: '请填写禁检原因' })
  .trim()
  .min(1, '请填写禁检原因')
  .max(200, '禁检原因不能超过200个字符');

export const banStateSchema = z.object({
  order_id: z.string(),
  banned: z.boolean(),
  reason: z.string().nullable(),
  banned_by: z.string().nullable(),
  banned_at: z.string().nullable(),
});
export type BanState = z.infer<typeof banStateSchema>;

/** 禁检 POST /manager/api/order/ban */
export const orderBanRoute = route({
  method: 'POST',
  path: '/manager/api/order/ban',
  summary: '禁检（填写原因；科室录入、总检和报告随之只读）',
  access: [BAN_ACCESS],
  input: z.object({ order_id: orderIdField, reason: banReason }),
  output: banStateSchema,
});

/** 解除禁检 POST /manager/api/order/lift_ban */
export const orderLiftBanRoute = route({
  method: 'POST',
  path: '/manager/api/order/lift_ban',
  summary: '解除禁检',
  access: [BAN_ACCESS],
  input: z.object({ order_id: orderIdField }),
  output: banStateSchema,
});

/** The screens that show a banned visit's banner and go read-only. */
export const BAN_BANNER_SCREENS = [
  'exam_mg/order_mg_detail',
  'exam_mg/dept_diag_detail',
  ...REVIEW_DETAIL_SCREENS,
  'exam_mg/rpt_examine_detail',
  'exam_mg/print_rpt',
] as const;

/** 禁检状态 GET /manager/api/order/ban_state */
export const orderBanStateRoute = route({
  method: 'GET',
  path: '/manager/api/order/ban_state',
  summary: '禁检状态（原因、操作人、时间）',
  access: BAN_BANNER_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: banStateSchema,
});

/**
 * The refusal every write of a banned visit answers (department entry, review, report, item states,
 * 导检单回收): one wording, with what was refused when the caller names it.
 */
export const bannedMessage = (reason: string | null, refused?: string) =>
  `该体检者已禁检，原因：${reason?.trim() || '未填写原因'}${refused ? `，不能${refused}` : ''}`;

/** Every call of this file, for the contract registry. */
export const DESK_FLOW_ROUTES = [
  paymentStateRoute,
  paymentSlipRoute,
  barcodeLabelsRoute,
  barcodeLabelsTicketRoute,
  barcodeLabelsFileRoute,
  orderUnregisterRoute,
  orderBanRoute,
  orderLiftBanRoute,
  orderBanStateRoute,
] as const;
