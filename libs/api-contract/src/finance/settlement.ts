import { z } from 'zod';
import { idField, jsonField, searchKeyField } from '../field-schemas.js';
import { choiceField, textField } from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { route } from '../route.js';

/**
 * 团体预缴 (finance_mg/team_advance_payment, breadth §3.5) and 团体结算 (finance_mg/team_balance_accounts,
 * §3.6, §11.2): a company's prepaid account and the settlement statements of an approved group order.
 */
export const ADVANCE_SCREENS = ['finance_mg/team_advance_payment'] as const;
export const ADVANCE_TOPUP_ACCESS = 'finance_mg/team_advance_payment:topup';
export const SETTLE_SCREENS = ['finance_mg/team_balance_accounts', 'finance_mg/team_balance_accounts_detail'] as const;
export const SETTLE_ACCESS = 'finance_mg/team_balance_accounts:settle';
export const CHECKOUT_ACCESS = 'finance_mg/team_balance_accounts:checkout';

export const COMPANY_ACCOUNT_STATES = ['正常', '冻结', '销户'] as const;
export type CompanyAccountState = (typeof COMPANY_ACCOUNT_STATES)[number];
export const COMPANY_LEDGER_KINDS = ['充值', '划账', '退回', '退款', '冻结', '解冻', '销户'] as const;
export type CompanyLedgerKind = (typeof COMPANY_LEDGER_KINDS)[number];
/** A top-up (and a refund of what is left) is taken in one of these, one method per top-up. */
export const ADVANCE_METHODS = ['cash', 'wechat', 'alipay', 'card', 'transfer'] as const;

export const SETTLEMENT_STATES = ['草稿', '已审核', '已结账', '已作废'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
/** 含弃检 (§11.2(c)2): which lines of an eligible person a statement takes. */
export const WAIVE_MODES = ['exclude_waived', 'all', 'done_only', 'done_waived'] as const;
export type WaiveMode = (typeof WAIVE_MODES)[number];
export const WAIVE_MODE_LABELS: Record<WaiveMode, string> = {
  exclude_waived: '不含弃检',
  all: '全部',
  done_only: '仅已检',
  done_waived: '已检加弃检',
};
/** 减免 spread (§11.2(c)5): each item (C), each person (E), or the whole statement proportionally (P). */
export const DEDUCT_MODES = ['item', 'person', 'ratio'] as const;
export type DeductMode = (typeof DEDUCT_MODES)[number];
export const DEDUCT_MODE_LABELS: Record<DeductMode, string> = { item: '按项目', person: '按人', ratio: '按比例' };
/** How a checkout is paid; advance 划账 draws on the company's prepaid account. */
export const SETTLE_METHODS = ['cash', 'transfer', 'card', 'wechat', 'alipay', 'advance'] as const;

export const SETTLE_MESSAGES = {
  zero: '金额不能为0',
  mismatch: '输入金额需要和实际结帐金额一致',
  neverToppedUp: '此商户还未充值，请先充值才能划账',
  dayEnded: '该结算已日结，不能反结账',
  stale: '数据已被他人修改，请刷新后重试',
} as const;

const versionField = z.coerce.number({ error: '请传递版本号' }).int('版本号格式不正确').min(1, '版本号格式不正确');
const reasonField = textField('原因', 200);
const positiveMoney = (label: string) => moneyField(label).refine((v) => v > 0, SETTLE_MESSAGES.zero);

const advBase = '/manager/api/finance/team_advance';
const setBase = '/manager/api/finance/team_settle';

export const companyAccountRowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  state: z.enum(COMPANY_ACCOUNT_STATES),
  balance: moneyOut,
  topped_up: z.boolean(),
  state_note: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
});
export type CompanyAccountRow = z.infer<typeof companyAccountRowSchema>;

/** 预缴账户 GET …/accounts */
export const advanceAccountsRoute = route({
  method: 'GET',
  path: `${advBase}/accounts`,
  summary: '团体预缴账户列表',
  access: [...ADVANCE_SCREENS, ...SETTLE_SCREENS],
  input: z.object({ key: searchKeyField() }),
  output: z.object({ list: z.array(companyAccountRowSchema) }),
});

/** 开户 POST …/open: one account per company. */
export const advanceOpenRoute = route({
  method: 'POST',
  path: `${advBase}/open`,
  summary: '为单位开立预缴账户',
  access: [ADVANCE_TOPUP_ACCESS],
  input: z.object({ company_id: idField('单位') }),
  output: companyAccountRowSchema,
});

/** 冻结/解冻/销户 POST …/state, with the reason. */
export const advanceStateRoute = route({
  method: 'POST',
  path: `${advBase}/state`,
  summary: '预缴账户冻结、解冻或销户',
  access: [ADVANCE_TOPUP_ACCESS],
  input: z.object({
    id: idField('预缴账户'),
    version: versionField,
    action: choiceField(['freeze', 'unfreeze', 'close'] as const, '操作'),
    reason: reasonField,
  }),
  output: companyAccountRowSchema,
});

/** 充值 POST …/topup: one method. */
export const advanceTopupRoute = route({
  method: 'POST',
  path: `${advBase}/topup`,
  summary: '预缴充值（一次一种付款方式）',
  access: [ADVANCE_TOPUP_ACCESS],
  input: z.object({
    id: idField('预缴账户'),
    version: versionField,
    method: choiceField(ADVANCE_METHODS, '付款方式'),
    amount: positiveMoney('充值金额'),
    trade_no: z.string().trim().max(64, '交易号不能超过64个字符').optional(),
    note: z.string().trim().max(200, '备注不能超过200个字符').optional(),
  }),
  output: companyAccountRowSchema,
});

/** 退款 POST …/refund: unused balance given back, a negative line against the account. */
export const advanceRefundRoute = route({
  method: 'POST',
  path: `${advBase}/refund`,
  summary: '预缴余额退款',
  access: [ADVANCE_TOPUP_ACCESS],
  input: z.object({
    id: idField('预缴账户'),
    version: versionField,
    method: choiceField(ADVANCE_METHODS, '付款方式'),
    amount: positiveMoney('退款金额'),
    reason: reasonField,
  }),
  output: companyAccountRowSchema,
});

export const companyLedgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMPANY_LEDGER_KINDS),
  amount: moneyOut,
  balance_after: moneyOut,
  pay_method: z.string().nullable(),
  settlement_no: z.string().nullable(),
  note: z.string().nullable(),
  operator_name: z.string().nullable(),
  created_at: z.string(),
});

/** 流水 GET …/ledger */
export const advanceLedgerRoute = route({
  method: 'GET',
  path: `${advBase}/ledger`,
  summary: '预缴账户流水',
  access: [...ADVANCE_SCREENS, ...SETTLE_SCREENS],
  input: z.object({ id: idField('预缴账户') }),
  output: z.object({ ledger: z.array(companyLedgerRowSchema) }),
});

export const settlePaymentRowSchema = z.object({
  id: z.number().int(),
  settlement_no: z.string(),
  kind: z.string(),
  pay_method: z.string(),
  amount: moneyOut,
  operator_name: z.string().nullable(),
  paid_at: z.string(),
  day_ended: z.boolean(),
  note: z.string().nullable(),
});
export type SettlePaymentRow = z.infer<typeof settlePaymentRowSchema>;

export const settleOrderRowSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  sales_name: z.string().nullable(),
  /** 应收: Σ eligible company-paid lines of registered people (不含弃检, not returned). */
  receivable: moneyOut,
  /** 已结: Σ settlement payment lines (refunds negative). */
  settled: moneyOut,
  /** 待结 = 应收 − 已结. */
  pending: moneyOut,
});

/** 团体结算列表 GET …/orders: approved group orders. */
export const settleOrdersRoute = route({
  method: 'GET',
  path: `${setBase}/orders`,
  summary: '团体结算：已审核团检订单的应收、已结、待结',
  access: SETTLE_SCREENS,
  input: z.object({ key: searchKeyField() }),
  output: z.object({ list: z.array(settleOrderRowSchema) }),
});

/** 展开 GET …/order_payments: the payment lines of an order's statements. */
export const settleOrderPaymentsRoute = route({
  method: 'GET',
  path: `${setBase}/order_payments`,
  summary: '团检订单的结算收款记录',
  access: SETTLE_SCREENS,
  input: z.object({ group_order_id: idField('团检订单') }),
  output: z.object({ list: z.array(settlePaymentRowSchema) }),
});

export const statementSchema = z.object({
  id: z.number().int(),
  settlement_no: z.string(),
  group_order_id: z.number().int(),
  state: z.enum(SETTLEMENT_STATES),
  pre_settle: z.boolean(),
  waive_mode: z.enum(WAIVE_MODES),
  person_count: z.number().int(),
  receivable: moneyOut,
  settle_amount: moneyOut,
  deduction: moneyOut,
  fee_total: moneyOut,
  net_amount: moneyOut,
  checkout_amount: moneyOut.nullable(),
  version: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  checked_out_at: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementLineSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  cust_name: z.string(),
  union_id: z.number().int(),
  union_name: z.string(),
  price: moneyOut,
  acc_charge: moneyOut,
  personal_pay: moneyOut,
  dec_charges: moneyOut,
});
export const statementFeeSchema = z.object({ id: z.number().int(), fee_name: z.string(), amount: moneyOut });

/** 结算详情 GET …/detail: an order, its statements, and the company's prepaid account. */
export const settleDetailRoute = route({
  method: 'GET',
  path: `${setBase}/detail`,
  summary: '团检订单的结算单',
  access: SETTLE_SCREENS,
  input: z.object({ group_order_id: idField('团检订单') }),
  output: z.object({
    order: settleOrderRowSchema,
    statements: z.array(statementSchema),
    account: companyAccountRowSchema.nullable(),
  }),
});

/** 结算单 GET …/statement: its lines, fees and payment lines. */
export const statementRoute = route({
  method: 'GET',
  path: `${setBase}/statement`,
  summary: '结算单明细',
  access: SETTLE_SCREENS,
  input: z.object({ id: idField('结算单') }),
  output: z.object({
    statement: statementSchema,
    lines: z.array(statementLineSchema),
    fees: z.array(statementFeeSchema),
    payments: z.array(settlePaymentRowSchema),
  }),
});

const statementRef = { id: idField('结算单'), version: versionField };

/** 新建结算单 POST …/create */
export const statementCreateRoute = route({
  method: 'POST',
  path: `${setBase}/create`,
  summary: '新建结算单：收入符合条件的统收项目',
  access: [SETTLE_ACCESS],
  input: z.object({
    group_order_id: idField('团检订单'),
    pre_settle: z.enum(['0', '1'], { error: '请选择是否预结算' }).transform((v) => v === '1'),
    waive_mode: choiceField(WAIVE_MODES, '弃检方式'),
  }),
  output: statementSchema,
});

/** 附加费用 POST …/fee_add */
export const statementFeeAddRoute = route({
  method: 'POST',
  path: `${setBase}/fee_add`,
  summary: '结算单添加附加费用',
  access: [SETTLE_ACCESS],
  input: z.object({ ...statementRef, fee_name: textField('费用名称', 64), amount: positiveMoney('费用金额') }),
  output: statementSchema,
});

/** 删除附加费用 POST …/fee_remove */
export const statementFeeRemoveRoute = route({
  method: 'POST',
  path: `${setBase}/fee_remove`,
  summary: '结算单删除附加费用',
  access: [SETTLE_ACCESS],
  input: z.object({ ...statementRef, fee_id: idField('附加费用') }),
  output: statementSchema,
});

/** 减免 POST …/deduct: replaces the statement's deduction; 0 clears it. */
export const statementDeductRoute = route({
  method: 'POST',
  path: `${setBase}/deduct`,
  summary: '结算单减免（按项目、按人或按比例分摊）',
  access: [SETTLE_ACCESS],
  input: z.object({ ...statementRef, mode: choiceField(DEDUCT_MODES, '减免方式'), amount: moneyField('减免金额') }),
  output: statementSchema,
});

/** 审核/反审核 POST …/audit */
export const statementAuditRoute = route({
  method: 'POST',
  path: `${setBase}/audit`,
  summary: '结算单审核或反审核',
  access: [SETTLE_ACCESS],
  input: z.object({ ...statementRef, audit: z.enum(['0', '1'], { error: '请选择审核或反审核' }) }),
  output: statementSchema,
});

/** 作废 POST …/void: a draft only; its lines may be settled again. */
export const statementVoidRoute = route({
  method: 'POST',
  path: `${setBase}/void`,
  summary: '作废草稿结算单',
  access: [SETTLE_ACCESS],
  input: z.object(statementRef),
  output: statementSchema,
});

export const checkoutLineSchema = z.object({
  method: z.enum(SETTLE_METHODS, { error: '请选择付款方式' }),
  amount: moneyField('付款金额'),
  trade_no: z.string().trim().max(64, '交易号不能超过64个字符').optional(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** 结账 POST …/checkout: payment lines summing exactly to 实际结帐金额. */
export const statementCheckoutRoute = route({
  method: 'POST',
  path: `${setBase}/checkout`,
  summary: '结算单结账（付款合计须等于实际结帐金额）',
  access: [CHECKOUT_ACCESS],
  input: z.object({
    ...statementRef,
    amount: positiveMoney('实际结帐金额'),
    payments: jsonField(
      z
        .array(checkoutLineSchema, { error: '付款明细格式不正确' })
        .min(1, '请至少填写一条付款信息')
        .max(10, '付款信息最多10条'),
      '付款明细',
    ),
  }),
  output: statementSchema,
});

/** 反结账 POST …/uncheckout: negative lines, the prepaid balance restored; not once day-ended. */
export const statementUncheckoutRoute = route({
  method: 'POST',
  path: `${setBase}/uncheckout`,
  summary: '结算单反结账',
  access: [CHECKOUT_ACCESS],
  input: z.object({ ...statementRef, reason: reasonField }),
  output: statementSchema,
});

export const SHEET_PERSON_STATES = ['未登记', '已登记', '已完成', '禁检'] as const;
export const sheetPersonSchema = z.object({
  person_id: z.number().int(),
  cust_name: z.string(),
  group_name: z.string().nullable(),
  order_id: z.string().nullable(),
  state: z.enum(SHEET_PERSON_STATES),
  status_label: z.string().nullable(),
  company_total: moneyOut,
  settled_in: z.string().nullable(),
});

/** 体检结账单 GET …/sheet: who came, who did not. */
export const checkoutSheetRoute = route({
  method: 'GET',
  path: `${setBase}/sheet`,
  summary: '体检结账单：登记、未登记、完成与禁检人员',
  access: SETTLE_SCREENS,
  input: z.object({ group_order_id: idField('团检订单') }),
  output: z.object({
    people: z.array(sheetPersonSchema),
    summary: z.object({
      total: z.number().int(),
      not_registered: z.number().int(),
      registered: z.number().int(),
      finished: z.number().int(),
      banned: z.number().int(),
    }),
  }),
});

/** 未检禁检 POST …/ban_absent: pauses everyone of the order who never came. */
export const banAbsentRoute = route({
  method: 'POST',
  path: `${setBase}/ban_absent`,
  summary: '未检禁检：禁检订单中所有未登记人员',
  access: [SETTLE_ACCESS],
  input: z.object({ group_order_id: idField('团检订单'), reason: reasonField }),
  output: z.object({ banned: z.number().int() }),
});

/** 导出 GET …/sheet_export (.xlsx) */
export const checkoutSheetExportRoute = route({
  method: 'GET',
  path: `${setBase}/sheet_export`,
  summary: '导出体检结账单',
  access: SETTLE_SCREENS,
  input: z.object({ group_order_id: idField('团检订单') }),
  output: z.unknown(),
});

export const SETTLEMENT_ROUTES = [
  advanceAccountsRoute,
  advanceOpenRoute,
  advanceStateRoute,
  advanceTopupRoute,
  advanceRefundRoute,
  advanceLedgerRoute,
  settleOrdersRoute,
  settleOrderPaymentsRoute,
  settleDetailRoute,
  statementRoute,
  statementCreateRoute,
  statementFeeAddRoute,
  statementFeeRemoveRoute,
  statementDeductRoute,
  statementAuditRoute,
  statementVoidRoute,
  statementCheckoutRoute,
  statementUncheckoutRoute,
  checkoutSheetRoute,
  banAbsentRoute,
  checkoutSheetExportRoute,
] as const;
