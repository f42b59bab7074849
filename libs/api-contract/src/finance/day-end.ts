import { z } from 'zod';
import { dateField, idField, optionalIdField, pageFields, pageOf } from '../field-schemas.js';
import { moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import type { PaymentPurpose } from './money-lines.js';

/**
 * 日结 (finance_mg/day_end_mg, breadth §3.7, §11.4): a cashier closes their own open money lines and
 * invoices into a numbered day-end (收费员日结); finance rolls up the cashier day-ends not yet rolled
 * up (财务日结); the month statement takes a month's finance day-ends (月结单).
 */
export const DAY_END_SCREEN = 'finance_mg/day_end_mg' as const;
/** 财务日结 and 月结, and every cashier's day-ends in view. */
export const DAY_END_FINANCE_ACCESS = 'finance_mg/day_end_mg:finance' as const;

/** The income a received line counts in (实收 by purpose, breadth §11.4). */
export const DAY_END_INCOMES = ['visit', 'settlement', 'card', 'advance'] as const;
export type DayEndIncome = (typeof DAY_END_INCOMES)[number];
export const DAY_END_INCOME_LABELS: Record<DayEndIncome, string> = {
  visit: '个检收入',
  settlement: '团检收入',
  card: '卡销售/充值',
  advance: '团体预缴',
};
export const INCOME_OF_PURPOSE: Record<PaymentPurpose, DayEndIncome> = {
  visit: 'visit',
  settlement: 'settlement',
  card_sale: 'card',
  card_recharge: 'card',
  card_refund: 'card',
  advance: 'advance',
};

export const DAY_END_MESSAGES = {
  nothingOpen: '没有未日结的收费记录，不需要做日结',
  noCashierDayEnds: '无收费员日结明细，不需要做日结',
  noFinanceDayEnds: (month: string) => `${month}没有未月结的财务日结，不能生成月结单`,
  monthDone: (month: string) => `${month}已生成月结单，不能重复月结`,
} as const;

const methodLine = z.object({
  method: z.string(),
  name: z.string(),
  amount: moneyOut,
  /** Brings money in that day (isMoneyReceived); the others are reported apart as 非现金. */
  received: z.boolean(),
});
const incomeLine = z.object({ income: z.enum(DAY_END_INCOMES), label: z.string(), amount: moneyOut });

/** The totals of a day-end, or of the lines a day-end would take. */
export const dayEndTotalsSchema = z.object({
  line_count: z.number().int(),
  /** 总金额: Σ lines, every method. */
  total: moneyOut,
  /** 实收: Σ lines of the methods that bring money in that day. */
  received_total: moneyOut,
  /** 非现金: 体检卡, 单位结算 (统收), 记账, 预缴划账. */
  non_cash_total: moneyOut,
  by_method: z.array(methodLine),
  /** 实收 by income. */
  by_income: z.array(incomeLine),
  /** 发票总金额 = issued − voided. */
  invoice_total: moneyOut,
});
export type DayEndTotals = z.infer<typeof dayEndTotalsSchema>;

export const cashierDayEndRowSchema = dayEndTotalsSchema.extend({
  id: z.number().int(),
  day_end_no: z.string(),
  cashier_id: z.number().int(),
  cashier_name: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  finance_day_end_no: z.string().nullable(),
  closed_at: z.string(),
});
export type CashierDayEndRow = z.infer<typeof cashierDayEndRowSchema>;

export const financeDayEndRowSchema = z.object({
  id: z.number().int(),
  day_end_no: z.string(),
  month: z.string(),
  cashier_count: z.number().int(),
  total: moneyOut,
  received_total: moneyOut,
  non_cash_total: moneyOut,
  by_method: z.array(methodLine),
  invoice_total: moneyOut,
  closed_by_name: z.string().nullable(),
  statement_no: z.string().nullable(),
  closed_at: z.string(),
});
export type FinanceDayEndRow = z.infer<typeof financeDayEndRowSchema>;

export const monthStatementRowSchema = z.object({
  id: z.number().int(),
  statement_no: z.string(),
  month: z.string(),
  finance_day_end_count: z.number().int(),
  total: moneyOut,
  received_total: moneyOut,
  non_cash_total: moneyOut,
  by_method: z.array(methodLine),
  closed_by_name: z.string().nullable(),
  closed_at: z.string(),
});

export const dayEndLineSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  kind: z.string(),
  pay_method: z.string(),
  amount: moneyOut,
  order_id: z.string().nullable(),
  card_no: z.string().nullable(),
  trade_no: z.string().nullable(),
  note: z.string().nullable(),
  paid_at: z.string(),
});

export const dayEndInvoiceSchema = z.object({
  id: z.number().int(),
  invoice_no: z.string(),
  title: z.string(),
  amount: moneyOut,
  /** issued: counted as issued in this day-end; voided: counted negatively as voided in it. */
  counted_as: z.enum(['issued', 'voided']),
  state: z.string(),
  issued_at: z.string(),
});

const monthField = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为YYYY-MM');

const base = '/manager/api/finance/day_end';
const CASHIER = [DAY_END_SCREEN] as const;
const FINANCE = [DAY_END_FINANCE_ACCESS] as const;

/** 收费员日结预览 GET: the caller's open lines and invoices, with the totals a day-end would have. */
export const cashierDayEndPreviewRoute = route({
  method: 'GET',
  path: `${base}/cashier/preview`,
  summary: '收费员日结预览（本人未日结的收费记录与发票合计）',
  access: CASHIER,
  input: z.object({}),
  output: dayEndTotalsSchema,
});

/** 收费员日结 POST: the caller's open lines and invoices closed into one numbered day-end. */
export const cashierDayEndCloseRoute = route({
  method: 'POST',
  path: `${base}/cashier/close`,
  summary: '收费员日结：本人未日结的收费记录和发票生成日结单',
  access: CASHIER,
  input: z.object({}),
  output: cashierDayEndRowSchema,
});

/** 收费员日结记录 GET: the caller's own; with 财务权限 every cashier's (or one's, or those not rolled up). */
export const cashierDayEndListRoute = route({
  method: 'GET',
  path: `${base}/cashier/list`,
  summary: '收费员日结记录',
  access: CASHIER,
  input: z.object({
    cashier_id: optionalIdField('收费员'),
    /** '1': not yet in a finance day-end. */
    pending: z.enum(['1', '']).optional(),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
    ...pageFields,
  }),
  output: pageOf(cashierDayEndRowSchema),
});

/** 日结明细 GET: a cashier day-end with its invoices; the lines page by page (…/lines). */
export const cashierDayEndDetailRoute = route({
  method: 'GET',
  path: `${base}/cashier/detail`,
  summary: '收费员日结详情（含发票明细）',
  access: CASHIER,
  input: z.object({ id: idField('日结单') }),
  output: z.object({ day_end: cashierDayEndRowSchema, invoices: z.array(dayEndInvoiceSchema) }),
});

export const cashierDayEndLinesRoute = route({
  method: 'GET',
  path: `${base}/cashier/lines`,
  summary: '收费员日结的收费明细（分页）',
  access: CASHIER,
  input: z.object({ id: idField('日结单'), ...pageFields }),
  output: pageOf(dayEndLineSchema),
});

/** 打印 GET: the day-end sheet as application/pdf (an envelope only when refused). */
export const cashierDayEndPrintRoute = route({
  method: 'GET',
  path: `${base}/cashier/print`,
  summary: '打印收费员日结单（PDF，可重复打印）',
  access: CASHIER,
  input: z.object({ id: idField('日结单') }),
  output: z.unknown(),
});

/** 财务日结 POST: every cashier day-end not yet rolled up, in one finance day-end. */
export const financeDayEndCloseRoute = route({
  method: 'POST',
  path: `${base}/finance/close`,
  summary: '财务日结：汇总所有未汇总的收费员日结',
  access: FINANCE,
  input: z.object({}),
  output: financeDayEndRowSchema,
});

export const financeDayEndListRoute = route({
  method: 'GET',
  path: `${base}/finance/list`,
  summary: '财务日结记录',
  access: FINANCE,
  input: z.object({ month: monthField.optional(), ...pageFields }),
  output: pageOf(financeDayEndRowSchema),
});

/** 财务日结详情: the finance day-end and the cashier day-ends it rolled up. */
export const financeDayEndDetailRoute = route({
  method: 'GET',
  path: `${base}/finance/detail`,
  summary: '财务日结详情（所含收费员日结）',
  access: FINANCE,
  input: z.object({ id: idField('财务日结') }),
  output: z.object({ day_end: financeDayEndRowSchema, cashier_day_ends: z.array(cashierDayEndRowSchema) }),
});

/** 月结 POST: the month's finance day-ends not yet in a statement; one statement a month. */
export const monthStatementCloseRoute = route({
  method: 'POST',
  path: `${base}/month/close`,
  summary: '月结：生成某月的月结单',
  access: FINANCE,
  input: z.object({ month: monthField }),
  output: monthStatementRowSchema,
});

export const monthStatementListRoute = route({
  method: 'GET',
  path: `${base}/month/list`,
  summary: '月结单记录',
  access: FINANCE,
  input: z.object({ ...pageFields }),
  output: pageOf(monthStatementRowSchema),
});

export const DAY_END_ROUTES = [
  cashierDayEndPreviewRoute,
  cashierDayEndCloseRoute,
  cashierDayEndListRoute,
  cashierDayEndDetailRoute,
  cashierDayEndLinesRoute,
  cashierDayEndPrintRoute,
  financeDayEndCloseRoute,
  financeDayEndListRoute,
  financeDayEndDetailRoute,
  monthStatementCloseRoute,
  monthStatementListRoute,
] as const;
