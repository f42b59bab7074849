import { z } from 'zod';
import { dateField, idField, jsonField, optionalIdField, orderIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  flagField,
  intField,
  noteField,
  optionalRefField,
  optionalTextField,
  refField,
  textField,
} from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { isValidPhone, PHONE_ERROR } from '../validators.js';
import { PAY_METHOD_NAMES } from '../finance/money-lines.js';

/**
 * 体检卡 (crm/exam_card_mg, breadth §1.5 and §2.12): card types, numbered batches, cards with their
 * states and a ledger, sale and recharge taken as payment lines, and a card paying a visit's 自费 lines.
 */
const CARD_SCREENS = ['crm/exam_card_mg'] as const;
/** Button permissions of 体检卡管理 (route-table crm-finance.ts). */
export const CARD_MAKE_ACCESS = 'crm/exam_card_mg:make';
export const CARD_SELL_ACCESS = 'crm/exam_card_mg:sell';
export const CARD_FREEZE_ACCESS = 'crm/exam_card_mg:freeze';
/** The desk screens that take a card in payment of a visit. */
export const CARD_PAY_SCREENS = ['exam_mg/order_quick_register', 'exam_mg/order_mg_detail'] as const;

/** The stored states; 已过期 is shown for an unsold or sold card past its end date. */
export const CARD_STATES = ['未售', '已售', '已冻结', '已作废', '已过期'] as const;
export type CardState = (typeof CARD_STATES)[number];
export const CARD_LEDGER_KINDS = ['制卡', '售卡', '充值', '消费', '退款', '冻结', '解冻', '作废'] as const;
export type CardLedgerKind = (typeof CARD_LEDGER_KINDS)[number];

/** How a card sale or recharge is paid. */
export const CARD_SALE_METHODS = ['cash', 'wechat', 'alipay', 'transfer'] as const;
export const PAY_METHOD_LABELS: Readonly<Record<string, string>> = PAY_METHOD_NAMES;
/** A card number's running part: prefix + this many digits. */
export const CARD_SEQ_DIGITS = 8;
/** At most this many cards in one batch or one sale. */
export const CARD_BATCH_MAX = 2000;

export const cardNoField = z
  .string({ error: '请填写卡号' })
  .trim()
  .min(1, '请填写卡号')
  .regex(/^[A-Za-z0-9]{1,8}\d{8}$/, '卡号格式不正确');

const pinField = z
  .string({ error: '卡密码格式不正确' })
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^\d{6}$/.test(v), '卡密码应为6位数字');

const paymentLines = jsonField(
  z
    .array(
      z.object({
        method: z.enum(CARD_SALE_METHODS, { error: '请选择付款方式' }),
        amount: moneyField('付款金额'),
        trade_no: z.string().trim().max(64, '交易号不能超过64个字符').optional(),
      }),
      { error: '收款明细格式不正确' },
    )
    .min(1, '请至少填写一条收款信息')
    .max(10, '收款信息最多10条'),
  '收款明细',
);

export const cardTypeResource = defineResource({
  name: 'card_type',
  title: '体检卡类型',
  base: '/manager/api/crm/card_type',
  screens: CARD_SCREENS,
  readers: [...CARD_PAY_SCREENS],
  row: z.object({
    type_name: z.string(),
    prefix: z.string(),
    face_value: moneyOut,
    rechargeable: z.boolean(),
    validity_days: z.number().int().nullable(),
    valid_until: z.string().nullable(),
    package_id: z.number().int().nullable(),
    package_name: z.string().nullable(),
    remark: z.string().nullable(),
  }),
  form: z
    .object({
      type_name: textField('卡类型名称', 32),
      prefix: textField('卡号前缀', 8).regex(/^[A-Za-z0-9]+$/, '卡号前缀只能包含字母和数字'),
      face_value: moneyField('面值'),
      rechargeable: flagField,
      validity_days: z
        .union([z.string(), z.number()])
        .optional()
        .transform((v) => (v === undefined ? '' : String(v).trim()))
        .refine((v) => v === '' || (/^\d{1,4}$/.test(v) && Number(v) >= 1), '有效天数应为1到9999的整数')
        .transform((v) => (v === '' ? null : Number(v))),
      valid_until: z
        .union([dateField, z.literal('')])
        .optional()
        .transform((v) => v || null),
      package_id: optionalRefField('绑定套餐'),
      remark: noteField('备注', 200),
    })
    .refine((v) => v.validity_days !== null || v.valid_until !== null, {
      message: '请填写有效天数或截止日期',
      path: ['validity_days'],
    }),
  filter: z.object({ key: searchKeyField(), enabled: z.enum(['0', '1', '']).optional() }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});

export const cardBatchResource = defineResource({
  name: 'card_batch',
  title: '制卡批次',
  base: '/manager/api/crm/card_batch',
  screens: CARD_SCREENS,
  kept: false,
  row: z.object({
    type_id: z.number().int(),
    type_name: z.string(),
    start_no: z.string(),
    end_no: z.string(),
    card_count: z.number().int(),
    face_value: moneyOut,
    valid_until: z.string(),
    receiver: z.string().nullable(),
    remark: z.string().nullable(),
    created_by_name: z.string().nullable(),
    created_at: z.string(),
  }),
  form: z.object({}),
  filter: z.object({
    type_id: optionalIdField('卡类型'),
    key: searchKeyField(),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
  }),
  actions: ['list', 'detail'],
});

export const examCardResource = defineResource({
  name: 'exam_card',
  title: '体检卡',
  base: '/manager/api/crm/exam_card',
  screens: CARD_SCREENS,
  kept: false,
  row: z.object({
    card_no: z.string(),
    type_id: z.number().int(),
    type_name: z.string(),
    batch_id: z.number().int(),
    /** The state as it stands today: 已过期 when past its end date and not frozen or void. */
    state: z.enum(CARD_STATES),
    balance: moneyOut,
    face_value: moneyOut,
    sale_price: moneyOut.nullable(),
    rechargeable: z.boolean(),
    /** Masked. */
    buyer_name: z.string().nullable(),
    /** Masked. */
    buyer_phone: z.string().nullable(),
    sold_at: z.string().nullable(),
    valid_until: z.string(),
    has_password: z.boolean(),
    state_note: z.string().nullable(),
    package_name: z.string().nullable(),
  }),
  form: z.object({}),
  filter: z.object({
    key: searchKeyField(),
    state: z.enum(CARD_STATES, { error: '卡状态不正确' }).optional(),
    type_id: optionalIdField('卡类型'),
    batch_id: optionalIdField('制卡批次'),
    /** 购卡人: a name, or a whole phone number. */
    buyer: searchKeyField(),
  }),
  actions: ['list', 'detail', 'export'],
  excel: [
    { key: 'card_no', title: '卡号' },
    { key: 'type_name', title: '卡类型' },
    { key: 'state', title: '状态' },
    { key: 'face_value', title: '面值' },
    { key: 'balance', title: '余额' },
    { key: 'sale_price', title: '售价' },
    { key: 'buyer_name', title: '购卡人' },
    { key: 'buyer_phone', title: '手机号' },
    { key: 'sold_at', title: '售卡时间' },
    { key: 'valid_until', title: '有效期至' },
  ],
});

const base = '/manager/api/crm/exam_card';

/** 现有最大卡号 GET …/next_no: the highest number of a type and the next start. */
export const cardNextNoRoute = route({
  method: 'GET',
  path: `${base}/next_no`,
  summary: '某卡类型现有最大卡号与建议起始序号',
  access: CARD_SCREENS,
  input: z.object({ type_id: idField('卡类型') }),
  output: z.object({ prefix: z.string(), max_no: z.string().nullable(), next_seq: z.number().int() }),
});

/** 制卡 POST …/batch/create: `count` cards prefix + 8-digit numbers from `start_seq`; overlapping numbers refused. */
export const cardBatchCreateRoute = route({
  method: 'POST',
  path: `${base}/batch/create`,
  summary: '制卡：按卡类型生成一批连续卡号的体检卡',
  access: [CARD_MAKE_ACCESS],
  input: z.object({
    type_id: refField('卡类型'),
    start_seq: intField('起始序号', 1, 99_999_999),
    count: z
      .union([z.string(), z.number()], { error: '请填写发卡数量' })
      .transform((v) => String(v).trim())
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, { message: '请至少发一张卡', abort: true })
      .transform(Number)
      .refine((v) => v <= CARD_BATCH_MAX, `一批最多制卡${CARD_BATCH_MAX}张`),
    receiver: optionalTextField('领取人', 32),
    remark: noteField('备注', 200),
  }),
  output: z.object({ id: z.number().int(), start_no: z.string(), end_no: z.string(), card_count: z.number().int() }),
});

const buyerName = textField('购卡人', 32);
const buyerPhone = z
  .string({ error: '请填写手机号' })
  .trim()
  .min(1, '请填写手机号')
  .refine((v) => isValidPhone(v), PHONE_ERROR);

/** 售卡 POST …/sell: one card or a range of unsold cards of one type; payment lines equal to the price. */
export const cardSellRoute = route({
  method: 'POST',
  path: `${base}/sell`,
  summary: '售卡：一张或一段连续卡号，收款合计须等于售价合计',
  access: [CARD_SELL_ACCESS],
  input: z.object({
    start_no: cardNoField,
    end_no: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^[A-Za-z0-9]{1,8}\d{8}$/.test(v), '结束卡号格式不正确'),
    /** The price of one card. */
    sale_price: moneyField('售价'),
    buyer_name: buyerName,
    buyer_phone: buyerPhone,
    password: pinField,
    payments: paymentLines,
  }),
  output: z.object({ cards: z.number().int(), total: moneyOut }),
});

/** 充值 POST …/recharge: rechargeable types only; payment lines equal to the amount. */
export const cardRechargeRoute = route({
  method: 'POST',
  path: `${base}/recharge`,
  summary: '充值：仅可充值的卡类型，收款合计须等于充值金额',
  access: [CARD_SELL_ACCESS],
  input: z.object({
    card_no: cardNoField,
    amount: moneyField('充值金额').refine((v) => v > 0, '充值金额应大于0'),
    payments: paymentLines,
  }),
  output: z.object({ card_no: z.string(), balance: moneyOut }),
});

const reasonField = textField('原因', 200);

/** 冻结/解冻 POST …/freeze: with the reason, ledgered. */
export const cardFreezeRoute = route({
  method: 'POST',
  path: `${base}/freeze`,
  summary: '冻结或解冻体检卡（须填写原因）',
  access: [CARD_FREEZE_ACCESS],
  input: z.object({
    card_no: cardNoField,
    freeze: z.enum(['0', '1'], { error: '请选择冻结或解冻' }),
    reason: reasonField,
  }),
  output: z.object({ card_no: z.string(), state: z.enum(CARD_STATES) }),
});

/** 作废 POST …/void: a card not yet sold, or a sold one with nothing left, is made void for good. */
export const cardVoidRoute = route({
  method: 'POST',
  path: `${base}/void`,
  summary: '作废体检卡（须填写原因，不可恢复）',
  access: [CARD_FREEZE_ACCESS],
  input: z.object({ card_no: cardNoField, reason: reasonField }),
  output: z.object({ card_no: z.string(), state: z.enum(CARD_STATES) }),
});

export const cardLedgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CARD_LEDGER_KINDS),
  amount: moneyOut,
  balance_after: moneyOut,
  order_id: z.string().nullable(),
  /** The examinee of the visit, masked. */
  cust_name: z.string().nullable(),
  note: z.string().nullable(),
  operator_name: z.string().nullable(),
  created_at: z.string(),
  /** A 消费 line not yet given back. */
  refundable: z.boolean(),
});
export type CardLedgerRow = z.infer<typeof cardLedgerRowSchema>;

export const cardPaymentRowSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  pay_method: z.string(),
  amount: moneyOut,
  order_id: z.string().nullable(),
  trade_no: z.string().nullable(),
  operator_name: z.string().nullable(),
  paid_at: z.string(),
});

/** 卡详情 GET …/ledger: a card's ledger (oldest first) and the money lines taken for it. */
export const cardLedgerRoute = route({
  method: 'GET',
  path: `${base}/ledger`,
  summary: '体检卡流水与收款记录',
  access: CARD_SCREENS,
  input: z.object({ id: idField('体检卡') }),
  output: z.object({ ledger: z.array(cardLedgerRowSchema), payments: z.array(cardPaymentRowSchema) }),
});

/** 卡项目明细 GET …/items: the package a card covers (its unions) and its consumption lines. */
export const cardItemsRoute = route({
  method: 'GET',
  path: `${base}/items`,
  summary: '体检卡可用项目（绑定套餐）与消费明细',
  access: CARD_SCREENS,
  input: z.object({ id: idField('体检卡') }),
  output: z.object({
    package_name: z.string().nullable(),
    package_price: moneyOut.nullable(),
    unions: z.array(z.object({ union_id: z.number().int(), union_name: z.string(), price: moneyOut })),
    consumption: z.array(cardLedgerRowSchema),
  }),
});

/** 卡支付 POST …/pay: a card pays (part of) a visit's unpaid 自费 total; ledgered and a payments line, in one transaction. */
export const cardPayRoute = route({
  method: 'POST',
  path: `${base}/pay`,
  summary: '体检卡支付体检自费费用',
  access: CARD_PAY_SCREENS,
  input: z.object({
    card_no: cardNoField,
    password: pinField,
    order_id: orderIdField,
    amount: moneyField('支付金额').refine((v) => v > 0, '支付金额应大于0'),
  }),
  output: z.object({
    card_no: z.string(),
    paid: moneyOut,
    balance: moneyOut,
    /** What the visit still owes after this payment. */
    unpaid: moneyOut,
  }),
});

/** 卡退款 POST …/pay_refund: a 消费 line given back to its card (退款), with the reason. */
export const cardPayRefundRoute = route({
  method: 'POST',
  path: `${base}/pay_refund`,
  summary: '体检卡消费退回卡内',
  access: [...CARD_PAY_SCREENS, CARD_SELL_ACCESS],
  input: z.object({ ledger_id: idField('消费记录'), reason: reasonField }),
  output: z.object({ card_no: z.string(), balance: moneyOut }),
});

/** 卡支付 GET …/visit_due: what a visit still owes in 自费, and the card lines that paid it. */
export const cardVisitDueRoute = route({
  method: 'GET',
  path: `${base}/visit_due`,
  summary: '体检自费待收金额与体检卡支付记录',
  access: CARD_PAY_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.object({ unpaid: moneyOut, card_lines: z.array(cardLedgerRowSchema.extend({ card_no: z.string() })) }),
});

export const EXAM_CARD_ROUTES = [
  cardNextNoRoute,
  cardBatchCreateRoute,
  cardSellRoute,
  cardRechargeRoute,
  cardFreezeRoute,
  cardVoidRoute,
  cardLedgerRoute,
  cardItemsRoute,
  cardPayRoute,
  cardPayRefundRoute,
  cardVisitDueRoute,
] as const;
