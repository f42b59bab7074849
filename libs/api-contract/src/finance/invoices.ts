import { z } from 'zod';
import { idField, optionalIdField, orderIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { dayRangeFields } from '../resource/day-range.js';
import { noteField, optionalRefField, optionalTextField, refField, textField } from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { route } from '../route.js';

/**
 * 发票 (finance_mg invoice_mg, group_invoice, apply_for_invoice, his_group_invoice; breadth §1.6, §3.2):
 * number ranges, invoices and receipts issued for a visit's or a card's money, the seven-state group
 * invoice application, and the group bill sent to a HIS for invoicing.
 */
export const INVOICE_SCREEN = 'finance_mg/invoice_mg' as const;
export const GROUP_INVOICE_SCREEN = 'finance_mg/group_invoice' as const;
export const APPLY_INVOICE_SCREEN = 'finance_mg/apply_for_invoice' as const;
export const HIS_INVOICE_SCREEN = 'finance_mg/his_group_invoice' as const;
/** Button permissions (route-table crm-finance.ts). */
export const INVOICE_RANGE_ACCESS = 'finance_mg/invoice_mg:range' as const;
export const INVOICE_AUDIT_ACCESS = 'finance_mg/apply_for_invoice:audit' as const;
export const INVOICE_ISSUE_ACCESS = 'finance_mg/apply_for_invoice:issue' as const;

export const INVOICE_KINDS = ['invoice', 'receipt'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { invoice: '发票', receipt: '收据' };
export const INVOICE_STATES = ['issued', 'voided'] as const;
export const INVOICE_STATE_LABELS: Record<(typeof INVOICE_STATES)[number], string> = {
  issued: '已开票',
  voided: '已作废',
};
export const INVOICE_SCOPE_LABELS: Record<string, string> = { personal: '个人', group: '团体' };
export const RANGE_STATES = ['启用', '停用', '用完'] as const;
export type RangeState = (typeof RANGE_STATES)[number];

export const INVOICE_MESSAGES = {
  rangeUsedUp: '发票号段已用完，请领用新号段',
  noRange: '没有可用的发票号段，请先领用号段',
  nothingToInvoice: '该体检没有可开票金额',
  cardNothingToInvoice: '该体检卡没有可开票金额',
  cardTransfer: '商户划账售卡不能开具发票',
  overOrder: '发票金额,不能大于订单金额!',
  notMine: '只能删除自己申请的发票！',
  hisNotConfigured: '未配置HIS开票接口，请在系统设置中配置医院接口',
} as const;

// —— 发票号段 ——

const digits = (label: string) => textField(label, 18).regex(/^\d+$/, `${label}只能是数字`);

export const invoiceRangeResource = defineResource({
  name: 'invoice_range',
  title: '发票号段',
  base: '/manager/api/finance/invoice_range',
  screens: [INVOICE_RANGE_ACCESS],
  readers: [INVOICE_SCREEN],
  row: z.object({
    kind: z.enum(INVOICE_KINDS),
    prefix: z.string(),
    start_no: z.string(),
    end_no: z.string(),
    /** The next number to give, or null once used up. */
    next_no: z.string().nullable(),
    used: z.number().int(),
    remaining: z.number().int(),
    cashier_id: z.number().int().nullable(),
    cashier_name: z.string().nullable(),
    state: z.enum(RANGE_STATES),
    remark: z.string().nullable(),
  }),
  form: z
    .object({
      kind: z.enum(INVOICE_KINDS, { error: '请选择票据类型' }),
      prefix: z
        .string({ error: '前缀格式不正确' })
        .trim()
        .max(12, '前缀不能超过12个字符')
        .regex(/^[A-Za-z0-9]*$/, '前缀只能包含字母和数字')
        .optional()
        .transform((v) => v ?? ''),
      start_no: digits('起始号'),
      end_no: digits('结束号'),
      /** Blank: 共用 (every cashier). */
      cashier_id: optionalRefField('领用人'),
      remark: noteField('备注', 200),
    })
    .refine((v) => v.start_no.length === v.end_no.length, {
      message: '起始号与结束号位数应相同',
      path: ['end_no'],
    })
    .refine((v) => v.start_no.length !== v.end_no.length || v.start_no <= v.end_no, {
      message: '起始号不能大于结束号',
      path: ['end_no'],
    }),
  filter: z.object({
    kind: z.enum(INVOICE_KINDS, { error: '票据类型不正确' }).optional(),
    cashier_id: optionalIdField('领用人'),
  }),
  actions: ['list', 'detail', 'save', 'enable'],
});

// —— 发票 ——

export const invoiceRowSchema = z.object({
  invoice_no: z.string(),
  kind: z.enum(INVOICE_KINDS),
  scope: z.string(),
  order_id: z.string().nullable(),
  /** The examinee, masked. */
  cust_name: z.string().nullable(),
  card_no: z.string().nullable(),
  group_order_id: z.number().int().nullable(),
  group_order_no: z.string().nullable(),
  company_name: z.string().nullable(),
  application_id: z.number().int().nullable(),
  title: z.string(),
  tax_no: z.string().nullable(),
  amount: moneyOut,
  state: z.enum(INVOICE_STATES),
  issued_by_name: z.string().nullable(),
  issued_at: z.string(),
  print_count: z.number().int(),
  voided_by_name: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema> & { id: number };

export const invoiceResource = defineResource({
  name: 'invoice',
  title: '发票',
  base: '/manager/api/finance/invoice',
  screens: [INVOICE_SCREEN, GROUP_INVOICE_SCREEN],
  kept: false,
  row: invoiceRowSchema,
  form: z.object({}),
  filter: z.object({
    invoice_no: searchKeyField(),
    order_id: searchKeyField(),
    title: searchKeyField(),
    state: z.enum(INVOICE_STATES, { error: '发票状态不正确' }).optional(),
    scope: z.enum(['personal', 'group'], { error: '发票范围不正确' }).optional(),
    issued_by: optionalIdField('开票人'),
    ...dayRangeFields,
  }),
  actions: ['list', 'detail'],
});

const invoiceBase = '/manager/api/finance/invoice';

/** 可开票金额 GET …/available: a visit's (order_id) or a card's (card_no) money not yet invoiced. */
export const invoiceAvailableRoute = route({
  method: 'GET',
  path: `${invoiceBase}/available`,
  summary: '可开票金额（体检或体检卡）',
  access: [INVOICE_SCREEN],
  input: z.object({
    source: z.enum(['order', 'card'], { error: '请选择开票来源' }),
    order_id: orderIdField.optional(),
    card_no: z.string().trim().max(20, '卡号格式不正确').optional(),
  }),
  output: z.object({ amount: moneyOut, title: z.string().nullable() }),
});

/** 开票 POST …/issue: the next number of the cashier's range, for (part of) the money not yet invoiced. */
export const invoiceIssueRoute = route({
  method: 'POST',
  path: `${invoiceBase}/issue`,
  summary: '开票：按号段取号，为体检或售卡的已收金额开具发票或收据',
  access: [INVOICE_SCREEN],
  input: z.object({
    source: z.enum(['order', 'card'], { error: '请选择开票来源' }),
    order_id: orderIdField.optional(),
    card_no: z.string().trim().max(20, '卡号格式不正确').optional(),
    kind: z.enum(INVOICE_KINDS, { error: '请选择票据类型' }),
    title: textField('发票抬头', 100),
    tax_no: optionalTextField('税号', 32),
    /** Blank: all that can be invoiced. */
    amount: moneyField('开票金额')
      .refine((v) => v > 0, '开票金额应大于0')
      .optional(),
  }),
  output: invoiceRowSchema.extend({ id: z.number().int() }),
});

/** 补打/重打 POST …/reprint: the print count goes up, audited; the web then prints the PDF. */
export const invoiceReprintRoute = route({
  method: 'POST',
  path: `${invoiceBase}/reprint`,
  summary: '补打/重打发票（打印次数加一）',
  access: [INVOICE_SCREEN, GROUP_INVOICE_SCREEN],
  input: z.object({ id: idField('发票') }),
  output: z.object({ id: z.number().int(), print_count: z.number().int() }),
});

/** 作废 POST …/void: with the reason; the number is never given again. */
export const invoiceVoidRoute = route({
  method: 'POST',
  path: `${invoiceBase}/void`,
  summary: '作废发票（须填写原因，号码不再使用）',
  access: [INVOICE_SCREEN, GROUP_INVOICE_SCREEN],
  input: z.object({ id: idField('发票'), reason: textField('作废原因', 200) }),
  output: z.object({ id: z.number().int(), state: z.enum(INVOICE_STATES) }),
});

/** 打印 GET …/print: the invoice or receipt as a PDF. */
export const invoicePrintRoute = route({
  method: 'GET',
  path: `${invoiceBase}/print`,
  summary: '发票/收据PDF',
  access: [INVOICE_SCREEN, GROUP_INVOICE_SCREEN],
  input: z.object({ id: idField('发票') }),
  output: z.unknown(),
});

// —— 开票申请 ——

/** breadth §1.6 status codes. */
export const INVOICE_APPLICATION_STATES = [0, 1, 2, 3, 4, 5, 6] as const;
export type InvoiceApplicationState = (typeof INVOICE_APPLICATION_STATES)[number];
export const INVOICE_APPLICATION_STATE_LABELS: Record<InvoiceApplicationState, string> = {
  0: '未审核',
  1: '已审核',
  2: '已出票',
  3: '换票申请',
  4: '换票已审核',
  5: '已换票',
  6: '审核不通过',
};
export const INVOICE_TYPES = ['vat_normal', 'vat_special', 'receipt'] as const;
export const INVOICE_TYPE_LABELS: Record<(typeof INVOICE_TYPES)[number], string> = {
  vat_normal: '增值税普通发票',
  vat_special: '增值税专用发票',
  receipt: '收据',
};

/** Who may make a move: the applicant's screen, or its 审核 / 出票 permissions. */
export type InvoiceMoveAccess = 'apply' | 'audit' | 'issue';

/**
 * The moves of breadth §3.2, each allowed only from its states. 审核 leads to 已审核 or, refused,
 * 审核不通过; 出票 and 换票 take the 发票号 typed in.
 */
export const INVOICE_MOVES = {
  audit: { label: '审核', from: [0], to: 1, access: 'audit' },
  reject: { label: '审核不通过', from: [0], to: 6, access: 'audit' },
  unaudit: { label: '反审核', from: [1, 6], to: 0, access: 'audit' },
  issue: { label: '出票', from: [1], to: 2, access: 'issue' },
  exchange_apply: { label: '换票申请', from: [2, 3], to: 3, access: 'apply' },
  exchange_withdraw: { label: '换票撤回', from: [3], to: 2, access: 'apply' },
  exchange_audit: { label: '换票审核', from: [3], to: 4, access: 'audit' },
  exchange_unaudit: { label: '换票反审核', from: [4], to: 3, access: 'audit' },
  exchange: { label: '换票', from: [4], to: 5, access: 'issue' },
} as const satisfies Record<
  string,
  { label: string; from: readonly InvoiceApplicationState[]; to: InvoiceApplicationState; access: InvoiceMoveAccess }
>;
export type InvoiceMove = keyof typeof INVOICE_MOVES;
export const INVOICE_MOVE_KEYS = Object.keys(INVOICE_MOVES) as InvoiceMove[];

/** Whether a move is allowed from a state (the server refuses the rest; the screen disables them). */
export const moveAllowed = (move: InvoiceMove, state: number) =>
  (INVOICE_MOVES[move].from as readonly number[]).includes(state);

/** The moves that need a note: 换票申请's reason (审核不通过 and 反审核 take one too, optional). */
export const MOVE_NEEDS_NOTE: ReadonlySet<InvoiceMove> = new Set(['exchange_apply']);
export const MOVE_NEEDS_NUMBER: ReadonlySet<InvoiceMove> = new Set(['issue', 'exchange']);

export const invoiceApplicationRowSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  group_order_id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  invoice_type: z.enum(INVOICE_TYPES),
  title: z.string(),
  tax_no: z.string().nullable(),
  amount: moneyOut,
  remark: z.string().nullable(),
  state: z.number().int(),
  applied_by: z.number().int(),
  applied_by_name: z.string().nullable(),
  applied_at: z.string(),
  sales_name: z.string().nullable(),
  audited_by_name: z.string().nullable(),
  audited_at: z.string().nullable(),
  audit_note: z.string().nullable(),
  unaudit_note: z.string().nullable(),
  unaudited_by_name: z.string().nullable(),
  unaudited_at: z.string().nullable(),
  invoice_no: z.string().nullable(),
  issued_by_name: z.string().nullable(),
  issued_at: z.string().nullable(),
  exchange_reason: z.string().nullable(),
  exchange_applied_by_name: z.string().nullable(),
  exchange_applied_at: z.string().nullable(),
  exchange_audited_by_name: z.string().nullable(),
  exchange_audited_at: z.string().nullable(),
  exchanged_by_name: z.string().nullable(),
  exchanged_at: z.string().nullable(),
  original_invoice_no: z.string().nullable(),
  version: z.number().int(),
});
export type InvoiceApplicationRow = z.infer<typeof invoiceApplicationRowSchema> & { id: number };

export const invoiceApplicationResource = defineResource({
  name: 'invoice_application',
  title: '开票申请',
  base: '/manager/api/finance/invoice_application',
  screens: [APPLY_INVOICE_SCREEN],
  kept: false,
  row: invoiceApplicationRowSchema,
  form: z.object({}),
  filter: z.object({
    /** 单位名称 or 订单号. */
    key: searchKeyField(),
    title: searchKeyField(),
    branch_id: optionalIdField('分中心'),
    state: z.enum(['0', '1', '2', '3', '4', '5', '6'], { error: '申请状态不正确' }).optional(),
    ...dayRangeFields,
  }),
  actions: ['list', 'detail'],
});

const applicationBase = '/manager/api/finance/invoice_application';
const versionField = z.coerce.number({ error: '版本号格式不正确' }).int('版本号格式不正确').min(1, '版本号格式不正确');

export const invoiceApplicationForm = z.object({
  group_order_id: refField('订单'),
  branch_id: optionalRefField('分中心'),
  invoice_type: z.enum(INVOICE_TYPES, { error: '请选择发票类型' }),
  title: textField('发票抬头', 100),
  tax_no: optionalTextField('税号', 32),
  amount: moneyField('面额').refine((v) => v > 0, '面额应大于0'),
  remark: noteField('备注', 200),
});

/** 申请/修改 POST …/save: a new application, or one's own while 未审核 (with its version). */
export const invoiceApplicationSaveRoute = route({
  method: 'POST',
  path: `${applicationBase}/save`,
  summary: '保存开票申请（新增，或修改自己的未审核申请）',
  access: [APPLY_INVOICE_SCREEN],
  input: invoiceApplicationForm.extend({ id: idField('开票申请').optional(), version: versionField.optional() }),
  output: invoiceApplicationRowSchema.extend({ id: z.number().int() }),
});

/** 删除 POST …/remove: only 未审核 and only one's own. */
export const invoiceApplicationRemoveRoute = route({
  method: 'POST',
  path: `${applicationBase}/remove`,
  summary: '删除开票申请（仅本人的未审核申请）',
  access: [APPLY_INVOICE_SCREEN],
  input: z.object({ id: idField('开票申请'), version: versionField }),
  output: z.object({ id: z.number().int() }),
});

const moveInput = (moves: readonly InvoiceMove[]) =>
  z.object({
    id: idField('开票申请'),
    version: versionField,
    action: z.enum(moves as [InvoiceMove, ...InvoiceMove[]], { error: '请选择操作' }),
    note: optionalTextField('说明', 200),
    invoice_no: optionalTextField('发票号', 32),
  });
const movesOf = (access: InvoiceMoveAccess) => INVOICE_MOVE_KEYS.filter((m) => INVOICE_MOVES[m].access === access);
const moveOutput = invoiceApplicationRowSchema.extend({ id: z.number().int() });

/** 换票申请/换票撤回 POST …/move: the applicant's moves. */
export const invoiceApplicationMoveRoute = route({
  method: 'POST',
  path: `${applicationBase}/move`,
  summary: '开票申请：换票申请、换票撤回',
  access: [APPLY_INVOICE_SCREEN],
  input: moveInput(movesOf('apply')),
  output: moveOutput,
});

/** 审核/审核不通过/反审核/换票审核/换票反审核 POST …/audit. */
export const invoiceApplicationAuditRoute = route({
  method: 'POST',
  path: `${applicationBase}/audit`,
  summary: '开票申请：审核、审核不通过、反审核、换票审核、换票反审核',
  access: [INVOICE_AUDIT_ACCESS],
  input: moveInput(movesOf('audit')),
  output: moveOutput,
});

/** 出票/换票 POST …/issue: with the 发票号 typed in. */
export const invoiceApplicationIssueRoute = route({
  method: 'POST',
  path: `${applicationBase}/issue`,
  summary: '开票申请：出票、换票（录入发票号）',
  access: [INVOICE_ISSUE_ACCESS],
  input: moveInput(movesOf('issue')),
  output: moveOutput,
});

export const groupOrderBillSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  branch_id: z.number().int().nullable(),
  /** The order's amount (breadth §3.2's cap): planned head-count × group price, else the budget. */
  amount: moneyOut,
  /** Σ issued (not voided) group invoices of the order. */
  invoiced: moneyOut,
  /** Σ applications not refused (审核不通过). */
  applied: moneyOut,
});
export type GroupOrderBill = z.infer<typeof groupOrderBillSchema>;

/** 订单选择 GET …/orders: approved group orders with their amount, for the form and for HIS. */
export const invoiceOrderOptionsRoute = route({
  method: 'GET',
  path: `${applicationBase}/orders`,
  summary: '可开票的团检订单（含订单金额、已申请与已开票金额）',
  access: [APPLY_INVOICE_SCREEN, HIS_INVOICE_SCREEN],
  input: z.object({ key: searchKeyField(), id: optionalIdField('订单') }),
  output: z.object({ list: z.array(groupOrderBillSchema) }),
});

// —— HIS团体发票 ——

const hisBase = '/manager/api/finance/his_group_invoice';

/** Whether a HIS invoicing interface is configured. */
export const hisInvoiceStatusRoute = route({
  method: 'GET',
  path: `${hisBase}/status`,
  summary: 'HIS开票接口配置状态',
  access: [HIS_INVOICE_SCREEN],
  input: z.object({}),
  output: z.object({ configured: z.boolean(), interface_name: z.string().nullable(), message: z.string().nullable() }),
});

/** 推送HIS开票 POST …/push: the order's bill not yet invoiced sent to the HIS; its number comes back. */
export const hisInvoicePushRoute = route({
  method: 'POST',
  path: `${hisBase}/push`,
  summary: '推送团体账单到HIS开票',
  access: [HIS_INVOICE_SCREEN],
  input: z.object({ group_order_id: idField('订单') }),
  output: invoiceRowSchema.extend({ id: z.number().int() }),
});

export const INVOICE_ROUTES = [
  invoiceAvailableRoute,
  invoiceIssueRoute,
  invoiceReprintRoute,
  invoiceVoidRoute,
  invoicePrintRoute,
  invoiceApplicationSaveRoute,
  invoiceApplicationRemoveRoute,
  invoiceApplicationMoveRoute,
  invoiceApplicationAuditRoute,
  invoiceApplicationIssueRoute,
  invoiceOrderOptionsRoute,
  hisInvoiceStatusRoute,
  hisInvoicePushRoute,
] as const;
