import { z } from 'zod';
import {
  dateField,
  jsonField,
  optionalChoiceField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from '../field-schemas.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { textField } from '../resource/form-fields.js';
import { route } from '../route.js';
import { DESK_PAY_METHODS, PAYMENT_KINDS } from './money-lines.js';

/**
 * 费用管理 (finance_mg/cost_mg and cost_mg_detail, issue 23, breadth §3.1): the cashier's view of a
 * visit's money — its item lines and its payment lines — and what the cashier does with them: 收款,
 * 拆分, 退项/退费, 误操作退款 (冲正), with every change kept in the append-only 收费记录.
 */
export const COST_LIST_SCREEN = 'finance_mg/cost_mg' as const;
export const COST_DETAIL_SCREEN = 'finance_mg/cost_mg_detail' as const;
/** Button permissions of 费用详情 (route-table crm-finance.ts). */
export const COST_CHARGE_ACCESS = 'finance_mg/cost_mg_detail:charge' as const;
export const COST_REFUND_ACCESS = 'finance_mg/cost_mg_detail:refund' as const;
export const COST_REVERSE_ACCESS = 'finance_mg/cost_mg_detail:reverse' as const;

/** 收费状态 of a visit: nothing paid, part paid, all paid, something given back. */
export const CHARGE_STATES = ['unpaid', 'partial', 'paid', 'refunded'] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];
export const CHARGE_STATE_LABELS: Record<ChargeState, string> = {
  unpaid: '未收',
  partial: '部分',
  paid: '已收',
  refunded: '有退费',
};

/** The methods the cashier takes at the desk, and the exam card (its own number and password). */
export const CASHIER_METHODS = [...DESK_PAY_METHODS, 'exam_card'] as const;

export const CASHIER_MESSAGES = {
  zero: '金额不能为0',
  mismatch: (paid: string, due: string) => `收款合计¥${paid}与应收¥${due}不一致`,
  alreadyPaid: '该数据已收费,请勿重复操作',
  overLimit: '该付款方式已超出退款金额上限，请更换退款方式',
  noMistake: '该付款方式不支持误操作退款',
  examined: (names: string) => `项目「${names}」已检查，退项需领导授权`,
  held: (due: string) => `该体检者尚有自费费用未缴清（¥${due}），报告暂缓发放，请先到收费处缴费`,
} as const;

export const costListRoute = route({
  method: 'GET',
  path: '/manager/api/finance/cost_list',
  summary: '费用管理列表：体检的应收、已收、已退',
  access: [COST_LIST_SCREEN],
  input: z.object({
    key: searchKeyField(),
    name: z.string().trim().max(32, '姓名过长').optional(),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
    state: optionalChoiceField(CHARGE_STATES, '收费状态不正确'),
    scope: optionalChoiceField(['personal', 'group'] as const, '个人/团体不正确'),
    ...pageFields,
  }),
  output: pageOf(
    z.object({
      order_id: z.string(),
      cust_name: z.string(),
      sex: z.string(),
      id_card: z.string().nullable(),
      phone: z.string().nullable(),
      company_name: z.string().nullable(),
      registered_at: z.string(),
      exam_date: z.string(),
      total: moneyOut,
      self_total: moneyOut,
      paid: moneyOut,
      refunded: moneyOut,
      due: moneyOut,
      state: z.enum(CHARGE_STATES),
    }),
  ),
});

export const costLineSchema = z.object({
  union_id: z.number().int(),
  union_name: z.string(),
  dept_name: z.string(),
  list_price: moneyOut,
  price: moneyOut,
  pay_mode: z.string(),
  fee_charged: z.boolean(),
  returned: z.boolean(),
  return_reason: z.string().nullable(),
  /** UNION_EXEC state; examined when done or the department has results. */
  exec_state: z.string(),
  examined: z.boolean(),
});
export type CostLine = z.infer<typeof costLineSchema>;

export const paymentLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  pay_method: z.string(),
  amount: moneyOut,
  card_no: z.string().nullable(),
  refund_of: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  paid_at: z.string(),
  day_ended: z.boolean(),
  note: z.string().nullable(),
  /** What of the line is left to give back (charge lines; 0 for the others). */
  refundable: moneyOut,
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

export const costDetailRoute = route({
  method: 'GET',
  path: '/manager/api/finance/cost_detail',
  summary: '费用详情：一次体检的项目费用与收退费记录',
  access: [COST_DETAIL_SCREEN],
  input: z.object({ order_id: orderIdField }),
  output: z.object({
    order_id: z.string(),
    cust_name: z.string(),
    sex: z.string(),
    age: z.number().int().nullable(),
    id_card: z.string().nullable(),
    phone: z.string().nullable(),
    company_name: z.string().nullable(),
    exam_date: z.string(),
    status: z.string(),
    total: moneyOut,
    /** What the visit still owes of its 自费 lines. */
    due: moneyOut,
    paid: moneyOut,
    refunded: moneyOut,
    lines: z.array(costLineSchema),
    payments: z.array(paymentLineSchema),
    /** The methods whose dictionary entry allows 误操作退款. */
    mistake_methods: z.array(z.string()),
  }),
});

const unionIdsField = jsonField(
  z.array(z.number().int().positive()).min(1, '请选择项目').max(200, '一次最多200个项目'),
  '项目',
);

/** 收款 POST: one or more methods for the chosen unpaid 自费 lines (all of them when none is named). */
export const costCollectRoute = route({
  method: 'POST',
  path: '/manager/api/finance/cost_collect',
  summary: '收款：一种或多种付款方式收取自费项目费用',
  access: [COST_CHARGE_ACCESS],
  input: z.object({
    order_id: orderIdField,
    union_ids: unionIdsField.optional(),
    payments: jsonField(
      z
        .array(
          z.object({
            method: z.enum(CASHIER_METHODS, { error: '请选择付款方式' }),
            amount: moneyField('付款金额'),
            card_no: z.string().trim().max(20).optional(),
            card_password: z.string().trim().max(6).optional(),
            trade_no: z.string().trim().max(64, '交易号不能超过64个字符').optional(),
          }),
          { error: '收款明细格式不正确' },
        )
        .min(1, '请至少填写一条收款信息')
        .max(10, '收款信息最多10条'),
      '收款明细',
    ),
  }),
  output: z.object({ paid: moneyOut, due: moneyOut, payment_ids: z.array(z.number().int()) }),
});

/** 拆分 POST: an open charge line becomes two lines (a reversal of it and two new lines). */
export const costSplitRoute = route({
  method: 'POST',
  path: '/manager/api/finance/cost_split',
  summary: '拆分收费记录：一条未日结的收费拆成两种付款方式',
  access: [COST_CHARGE_ACCESS],
  input: z.object({
    payment_id: z.coerce.number({ error: '请选择收费记录' }).int().positive('请选择收费记录'),
    first_method: z.enum(DESK_PAY_METHODS, { error: '请选择第一种付款方式' }),
    first_amount: moneyField('第一笔金额'),
    second_method: z.enum(DESK_PAY_METHODS, { error: '请选择第二种付款方式' }),
    second_amount: moneyField('第二笔金额'),
  }),
  output: z.object({ payment_ids: z.array(z.number().int()) }),
});

const leaderFields = {
  leader_account: z
    .string()
    .trim()
    .max(64, '领导账号过长')
    .optional()
    .transform((v) => v || undefined),
  /** Encrypted as at login. */
  leader_password: z
    .string()
    .max(1024, '领导密码格式不正确')
    .optional()
    .transform((v) => v || undefined),
};

/** 退项/退费 POST: lines returned, and their paid money given back as refund lines of chosen charge lines. */
export const costRefundRoute = route({
  method: 'POST',
  path: '/manager/api/finance/cost_refund',
  summary: '退项退费：退回项目并按原收费记录退款',
  access: [COST_REFUND_ACCESS],
  input: z.object({
    order_id: orderIdField,
    union_ids: unionIdsField,
    reason: textField('退项原因', 200),
    /** Which charge lines give the money back, and how much of each. */
    refunds: jsonField(
      z
        .array(z.object({ payment_id: z.number().int().positive(), amount: moneyField('退款金额') }), {
          error: '退款明细格式不正确',
        })
        .max(20, '退款明细最多20条'),
      '退款明细',
    ).optional(),
    ...leaderFields,
  }),
  output: z.object({ refunded: moneyOut, payment_ids: z.array(z.number().int()) }),
});

/** 误操作退款 POST: today's charge given back — a reversal while open, a refund once day-ended. */
export const costReverseRoute = route({
  method: 'POST',
  path: '/manager/api/finance/cost_reverse',
  summary: '误操作退款（冲正）：当天收费未日结时冲正，已日结时退费',
  access: [COST_REVERSE_ACCESS],
  input: z.object({
    payment_id: z.coerce.number({ error: '请选择收费记录' }).int().positive('请选择收费记录'),
    reason: textField('原因', 200),
  }),
  output: z.object({ payment_id: z.number().int(), kind: z.enum(PAYMENT_KINDS) }),
});

/** 收费历史 GET: the visit's charge_history rows, oldest first. */
export const costHistoryRoute = route({
  method: 'GET',
  path: '/manager/api/finance/cost_history',
  summary: '收费历史：一次体检的每一次收退费变更',
  access: [COST_DETAIL_SCREEN],
  input: z.object({ order_id: orderIdField }),
  output: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      old_due: moneyOut.nullable(),
      new_due: moneyOut.nullable(),
      old_paid: moneyOut.nullable(),
      new_paid: moneyOut.nullable(),
      detail: z.string().nullable(),
      operator_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const CASHIER_ROUTES = [
  costListRoute,
  costDetailRoute,
  costCollectRoute,
  costSplitRoute,
  costRefundRoute,
  costReverseRoute,
  costHistoryRoute,
] as const;
