/**
 * The money-line model of 财务管理 (issue 23, breadth §1.4, §11.4): every sum of money the centre takes
 * or gives back is one `payments` row; a refund or a reversal is a negative row pointing at the row it
 * returns. Day-ends, invoices, settlements and reconciliation all read these rows.
 */

/** What a line pays for. Each purpose names the row it belongs to (the table's check constraint). */
export const PAYMENT_PURPOSES = [
  /** A visit's fee at the cashier (order_id). */
  'visit',
  /** An exam card sold, recharged, or money given back for one (card_id). */
  'card_sale',
  'card_recharge',
  'card_refund',
  /** 团体结算: a company pays a settlement (settlement_id). */
  'settlement',
  /** 团体预缴: a company tops up (or is paid back from) its prepaid account (company_account_id). */
  'advance',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  visit: '个检收费',
  card_sale: '售卡',
  card_recharge: '卡充值',
  card_refund: '卡退款',
  settlement: '团体结算',
  advance: '团体预缴',
};

/** charge 收费, refund 退费 (退项 or 退卡), reversal 冲正 (误操作退款 of a charge the same day). */
export const PAYMENT_KINDS = ['charge', 'refund', 'reversal'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = { charge: '收费', refund: '退费', reversal: '冲正' };

/**
 * The methods (付款方式 dictionary codes). The last four bring no money in that day: a card spends a
 * balance sold earlier, 单位结算 (统收) and 记账 are settled later, 预缴划账 spends a top-up.
 */
export const PAY_METHODS = [
  'cash',
  'wechat',
  'alipay',
  'card',
  'transfer',
  'exam_card',
  'company',
  'on_account',
  'advance',
] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const PAY_METHOD_NAMES: Record<PayMethod, string> = {
  cash: '现金',
  wechat: '微信',
  alipay: '支付宝',
  card: '银行卡',
  transfer: '转账',
  exam_card: '体检卡',
  company: '单位结算',
  on_account: '记账',
  advance: '预缴划账',
};

/** Methods that bring no money in on the day (breadth §11.4): reported apart, never in 实收. */
export const NON_CASH_METHODS: ReadonlySet<string> = new Set(['exam_card', 'company', 'on_account', 'advance']);

/** Whether a line is money received that day (个检/团检/售卡充值/预缴 in cash-like methods). */
export const isMoneyReceived = (payMethod: string): boolean => !NON_CASH_METHODS.has(payMethod);

/** Methods a cashier takes at the desk for a visit (the card has its own dialog: 卡支付). */
export const DESK_PAY_METHODS = ['cash', 'wechat', 'alipay', 'card', 'transfer', 'on_account'] as const;

/** A day-end's number: RJ + yyyymmdd + 4-digit sequence (cashier), CW… (finance), YJ + yyyymm (month). */
export const DAY_END_PREFIX = { cashier: 'RJ', finance: 'CW', month: 'YJ' } as const;
