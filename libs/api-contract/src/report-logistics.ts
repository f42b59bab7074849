import { z } from 'zod';
import {
  dateField,
  jsonField,
  optionalChoiceField,
  optionalPhoneField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { REPORT_STATES } from './report.js';
import { defineResource } from './resource/define-resource.js';
import { optionalTextField, refField, textField } from './resource/form-fields.js';
import { route } from './route.js';
import { uploadBodyLimit, type UploadRule } from './uploads.js';

/*
 * Report logistics (issue 20, breadth §3.4): a final-reviewed report is handed to the report desk
 * (终审交接, report_warehousing 入库) into a cabinet, the examinee is told it is ready (领取通知),
 * and it is collected (领取, report_outgoing 出库).
 */

export const WAREHOUSING_SCREEN = 'finance_mg/report_warehousing' as const;
export const OUTGOING_SCREEN = 'finance_mg/report_outgoing' as const;

/** in 待领取 (at the desk), out 已领取, revoked 已反交接 (kept as history). */
export const HANDOVER_STATES = ['in', 'out', 'revoked'] as const;
export type HandoverState = (typeof HANDOVER_STATES)[number];
export const HANDOVER_STATE_LABELS: Record<HandoverState, string> = {
  in: '待领取',
  out: '已领取',
  revoked: '已反交接',
};

/** The cabinet a report goes to when neither the desk nor the visit names one. */
export const DEFAULT_CABINET_NO = '1';

/** 发放方式. */
export const PICKUP_METHODS = ['self', 'proxy', 'courier', 'mail', 'other'] as const;
export type PickupMethod = (typeof PICKUP_METHODS)[number];
export const PICKUP_METHOD_LABELS: Record<PickupMethod, string> = {
  self: '自取',
  proxy: '代领',
  courier: '快递',
  mail: '邮寄',
  other: '其他',
};
/** The methods that need a courier company and a tracking number. */
export const SHIPPED_PICKUP_METHODS: readonly PickupMethod[] = ['courier', 'mail'];

export const NOTICE_CHANNELS = ['phone', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = { phone: '电话通知', sms: '短信通知' };

/** A phone call's result. */
export const PHONE_NOTICE_RESULTS = ['notified', 'wrong_number', 'no_answer'] as const;
/** Every notice state: a call's result, or where an SMS stands. */
export const NOTICE_STATES = [...PHONE_NOTICE_RESULTS, 'waiting', 'sent', 'failed', 'cancelled'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
export const NOTICE_STATE_LABELS: Record<NoticeState, string> = {
  notified: '已通知',
  wrong_number: '号码错误',
  no_answer: '未接通',
  waiting: '待发送',
  sent: '已发送',
  failed: '发送失败',
  cancelled: '已取消',
};
/** The states that count as told (or about to be): no second notice within NOTICE_REPEAT_DAYS of one. */
export const NOTICE_COUNTED_STATES: readonly NoticeState[] = ['notified', 'waiting', 'sent'];
export const NOTICE_REPEAT_DAYS = 30;

const when = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), `${label}格式不正确`);

const cabinetNoText = () =>
  z
    .string({ error: '柜子号格式不正确' })
    .trim()
    .max(16, '柜子号不能超过16个字符')
    .regex(/^[0-9A-Za-z_-]*$/, '柜子号只能包含字母、数字、-和_');
/** A cabinet the user may leave empty (then the default applies). */
const optionalCabinetNo = () =>
  cabinetNoText()
    .optional()
    .transform((v) => v || undefined);

const reason = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(200, `${label}不能超过200字`);

const batchResult = z.object({
  total: z.number().int(),
  success: z.number().int(),
  results: z.array(z.object({ order_id: z.string(), ok: z.boolean(), message: z.string() })),
});

const handedFilterFields = {
  date_from: dateField.optional(),
  date_to: dateField.optional(),
  key: searchKeyField(),
  urgent: optionalChoiceField(['1'] as const, '加急筛选不正确'),
  /** 欠费 (issue 23): only visits whose 自费 balance is unpaid. */
  owed: optionalChoiceField(['1'] as const, '欠费筛选不正确'),
  ...pageFields,
};

/** 欠费 (issue 23): the visit's unpaid 自费 balance, and whether 0140 holds its report back for it. */
const moneyFields = {
  unpaid: z.string(),
  held: z.boolean(),
};

/** One visit of the 入库 list: a final-reviewed report and, once handed over, its handover. */
export const warehousingRowSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  exam_date: z.string(),
  company_name: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  report_state: z.enum(REPORT_STATES),
  urgent: z.boolean(),
  /** The handover's cabinet, or before it the one the visit was marked for. */
  cabinet_no: z.string().nullable(),
  handover_id: z.number().int().nullable(),
  handover_state: z.enum(HANDOVER_STATES).nullable(),
  receiver: z.string().nullable(),
  handed_at: z.string().nullable(),
  handed_by_name: z.string().nullable(),
  ...moneyFields,
});
export type WarehousingRow = z.infer<typeof warehousingRowSchema>;

/** 入库列表 GET /manager/api/report_logistics/warehousing_list */
export const warehousingListRoute = route({
  method: 'GET',
  path: '/manager/api/report_logistics/warehousing_list',
  summary: '报告入库（终审交接）列表：终审通过的报告，未交接或已交接',
  access: [WAREHOUSING_SCREEN],
  input: z.object({ handed: optionalChoiceField(['0', '1'] as const, '交接状态不正确'), ...handedFilterFields }),
  output: pageOf(warehousingRowSchema),
});

/** 终审交接 POST /manager/api/report_logistics/handover */
export const handoverRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/handover',
  summary: '终审交接：报告交到报告室（接收人、时间、柜子号），可批量',
  access: [WAREHOUSING_SCREEN],
  input: z.object({
    order_ids: jsonField(
      z.array(orderIdField).min(1, '请选择要交接的报告').max(200, '一次最多交接200份报告'),
      '体检号列表',
    ),
    receiver: textField('接收人', 64),
    handed_at: when('交接时间'),
    cabinet_no: optionalCabinetNo(),
  }),
  output: batchResult,
});

/** 反交接 POST /manager/api/report_logistics/handover_revoke */
export const handoverRevokeRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/handover_revoke',
  summary: '反交接（报告已领取的不能反交接）',
  access: [WAREHOUSING_SCREEN],
  input: z.object({ order_id: orderIdField, reason: reason('反交接原因') }),
  output: z.object({ order_id: z.string() }),
});

/** 加急、柜子号 POST /manager/api/report_logistics/report_mark */
export const reportMarkRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/report_mark',
  summary: '设置报告加急和柜子号（已交接未领取的报告一并改）',
  access: [WAREHOUSING_SCREEN],
  input: z.object({
    order_ids: jsonField(z.array(orderIdField).min(1, '请选择报告').max(200, '一次最多200份报告'), '体检号列表'),
    urgent: z.enum(['0', '1'], { error: '加急只能是0或1' }).optional(),
    cabinet_no: optionalCabinetNo(),
  }),
  output: batchResult,
});

/** One handover of the 出库 list, with its latest notice and its pick-up. */
export const outgoingRowSchema = z.object({
  handover_id: z.number().int(),
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  exam_date: z.string(),
  company_name: z.string().nullable(),
  /** The examinee's phone, masked. */
  phone: z.string().nullable(),
  report_state: z.enum(REPORT_STATES).nullable(),
  urgent: z.boolean(),
  cabinet_no: z.string(),
  state: z.enum(HANDOVER_STATES),
  receiver: z.string(),
  handed_at: z.string(),
  handed_by_name: z.string(),
  notice_id: z.number().int().nullable(),
  notice_channel: z.enum(NOTICE_CHANNELS).nullable(),
  notice_state: z.enum(NOTICE_STATES).nullable(),
  notice_at: z.string().nullable(),
  notice_remark: z.string().nullable(),
  pickup_method: z.enum(PICKUP_METHODS).nullable(),
  pickup_receiver: z.string().nullable(),
  /** The collector's phone, masked. */
  pickup_phone: z.string().nullable(),
  courier_company: z.string().nullable(),
  tracking_no: z.string().nullable(),
  picked_at: z.string().nullable(),
  picked_by_name: z.string().nullable(),
  pickup_remark: z.string().nullable(),
  has_signature: z.boolean(),
  ...moneyFields,
});
export type OutgoingRow = z.infer<typeof outgoingRowSchema>;

/** 出库列表 GET /manager/api/report_logistics/outgoing_list */
export const outgoingListRoute = route({
  method: 'GET',
  path: '/manager/api/report_logistics/outgoing_list',
  summary: '报告出库（领取）列表：已交接的报告，待领取或已领取',
  access: [OUTGOING_SCREEN],
  input: z.object({ picked: optionalChoiceField(['0', '1'] as const, '领取状态不正确'), ...handedFilterFields }),
  output: pageOf(outgoingRowSchema),
});

const pickupShape = {
  order_id: orderIdField,
  method: z.enum(PICKUP_METHODS, { error: '请选择发放方式' }),
  receiver: textField('领取人', 64),
  phone: optionalPhoneField,
  courier_company: optionalTextField('快递公司', 64),
  tracking_no: optionalTextField('快递号', 64),
  picked_at: when('领取时间'),
  remark: optionalTextField('备注', 200),
};

function checkPickup(
  v: { method: PickupMethod; courier_company: string | null; tracking_no: string | null },
  ctx: z.RefinementCtx,
) {
  if (!SHIPPED_PICKUP_METHODS.includes(v.method)) return;
  if (!v.courier_company) ctx.addIssue({ code: 'custom', path: ['courier_company'], message: '请填写快递公司' });
  if (!v.tracking_no) ctx.addIssue({ code: 'custom', path: ['tracking_no'], message: '请填写快递号' });
}

/** The form of 领取, for the web form's rules. */
export const pickupFieldsSchema = z.object(pickupShape).superRefine(checkPickup);
export type PickupFields = z.input<typeof pickupFieldsSchema>;

export const pickupOutputSchema = z.object({
  order_id: z.string(),
  handover_id: z.number().int(),
  has_signature: z.boolean(),
});

/** 领取 POST /manager/api/report_logistics/pickup (no signature: the screen warns first) */
export const pickupRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/pickup',
  summary: '报告领取（发放方式、领取人、电话、快递）',
  access: [OUTGOING_SCREEN],
  input: z.object(pickupShape).superRefine(checkPickup),
  output: pickupOutputSchema,
});

export const PICKUP_SIGNATURE_RULE: UploadRule = {
  maxBytes: 512 * 1024,
  types: ['image/png'],
  typesLabel: 'PNG 图片',
};

/** 领取（附签名） POST /manager/api/report_logistics/pickup_signed (multipart: the drawn signature as a PNG) */
export const pickupSignedRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/pickup_signed',
  summary: '报告领取（附领取人手写签名PNG）',
  access: [OUTGOING_SCREEN],
  input: z.object(pickupShape).superRefine(checkPickup),
  output: pickupOutputSchema,
  upload: PICKUP_SIGNATURE_RULE,
  bodyLimit: uploadBodyLimit(PICKUP_SIGNATURE_RULE),
});

/** 领取签名 GET /manager/api/report_logistics/pickup_signature (the PNG itself, not an envelope) */
export const pickupSignatureRoute = route({
  method: 'GET',
  path: '/manager/api/report_logistics/pickup_signature',
  summary: '领取人签名图片',
  access: [OUTGOING_SCREEN],
  input: z.object({ handover_id: refField('交接记录') }),
  output: z.unknown(),
});

/** 反领取 POST /manager/api/report_logistics/pickup_revoke */
export const pickupRevokeRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/pickup_revoke',
  summary: '反领取（仅已领取的报告）',
  access: [OUTGOING_SCREEN],
  input: z.object({ order_id: orderIdField, reason: reason('反领取原因') }),
  output: z.object({ order_id: z.string() }),
});

export const noticeRowSchema = z.object({
  id: z.number().int(),
  channel: z.enum(NOTICE_CHANNELS),
  state: z.enum(NOTICE_STATES),
  /** Masked. */
  phone: z.string().nullable(),
  content: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  remark: z.string().nullable(),
  detail: z.string().nullable(),
  operator_name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;

/** 电话通知 POST /manager/api/report_logistics/notice_phone */
export const noticePhoneRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/notice_phone',
  summary: '领取通知：电话通知并记录结果（已通知、号码错误、未接通）',
  access: [OUTGOING_SCREEN],
  input: z.object({
    order_id: orderIdField,
    result: z.enum(PHONE_NOTICE_RESULTS, { error: '请选择通知结果' }),
    phone: optionalPhoneField,
    remark: optionalTextField('通知备注', 200),
  }),
  output: noticeRowSchema,
});

/** 短信通知 POST /manager/api/report_logistics/notice_sms */
export const noticeSmsRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/notice_sms',
  summary: '领取通知：按消息模板发短信，立即或定时',
  access: [OUTGOING_SCREEN],
  input: z.object({
    order_id: orderIdField,
    template_id: refField('短信模板'),
    phone: optionalPhoneField,
    send_at: when('发送时间'),
    remark: optionalTextField('通知备注', 200),
  }),
  output: noticeRowSchema,
});

/** 取消发送 POST /manager/api/report_logistics/notice_cancel */
export const noticeCancelRoute = route({
  method: 'POST',
  path: '/manager/api/report_logistics/notice_cancel',
  summary: '取消待发送的短信通知',
  access: [OUTGOING_SCREEN],
  input: z.object({ notice_id: refField('通知') }),
  output: noticeRowSchema,
});

/** 通知记录（查看短信） GET /manager/api/report_logistics/notice_list */
export const noticeListRoute = route({
  method: 'GET',
  path: '/manager/api/report_logistics/notice_list',
  summary: '一份报告的领取通知记录（含短信内容）',
  access: [OUTGOING_SCREEN],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ list: z.array(noticeRowSchema) }),
});

/** The SMS templates the notice may use (消息通知's active templates that go by SMS). */
export const noticeTemplatesRoute = route({
  method: 'GET',
  path: '/manager/api/report_logistics/notice_templates',
  summary: '可用于领取通知的短信模板',
  access: [OUTGOING_SCREEN],
  input: z.object({}),
  output: z.object({
    list: z.array(z.object({ id: z.number().int(), template_name: z.string(), content: z.string() })),
  }),
});

/** 柜子 (chest_manage): the report room's cabinets, kept from 报告入库. */
export const reportCabinetResource = defineResource({
  name: 'report_cabinet',
  title: '报告柜',
  base: '/manager/api/report_logistics/cabinet',
  screens: [WAREHOUSING_SCREEN],
  readers: [OUTGOING_SCREEN],
  row: z.object({
    cabinet_no: z.string(),
    cabinet_name: z.string(),
    location: z.string().nullable(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    cabinet_no: textField('柜子号', 16).regex(/^[0-9A-Za-z_-]+$/, '柜子号只能包含字母、数字、-和_'),
    cabinet_name: textField('柜子名称', 64),
    location: optionalTextField('位置', 100),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({ key: searchKeyField() }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});

/** Every hand-written call of report logistics (the cabinets' are the resource's). */
export const REPORT_LOGISTICS_ROUTES = [
  warehousingListRoute,
  handoverRoute,
  handoverRevokeRoute,
  reportMarkRoute,
  outgoingListRoute,
  pickupRoute,
  pickupSignedRoute,
  pickupSignatureRoute,
  pickupRevokeRoute,
  noticePhoneRoute,
  noticeSmsRoute,
  noticeCancelRoute,
  noticeListRoute,
  noticeTemplatesRoute,
] as const;
