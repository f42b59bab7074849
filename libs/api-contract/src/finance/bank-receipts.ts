import { z } from 'zod';
import { idField, jsonField, optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { withDayRange } from '../resource/day-range.js';
import { noteField, optionalTextField, textField } from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { uploadBodyLimit } from '../uploads.js';
import { SETTLEMENT_FILE_RULE } from './reconciliation.js';

/**
 * 财务到账匹配 (finance_mg/finance_match, breadth §3.3): bank receipts split across companies and
 * their orders; the split total never exceeds the receipt, and 审核 needs it equal.
 */
export const BANK_SCREENS = ['finance_mg/finance_match'] as const;
export const BANK_AUDIT_ACCESS = 'finance_mg/finance_match:audit';

export const BANK_SETTLE_STATES = ['未结算', '部分结算', '已结算'] as const;
export const BANK_AUDIT_STATES = ['未审核', '已审核'] as const;
/** 结算方式, the categories finance exports by. */
export const BANK_SPLIT_MODES = ['统收', '充卡', '代收', '个检'] as const;

export const BANK_MESSAGES = {
  overSplit: '结算金额不能大于汇款金额',
  auditUnequal: '结算金额不等于流水金额,不能审核',
  audited: '该到账已审核，请先反审核',
  notAudited: '该到账未审核',
  hasSplits: '该到账已有结算明细，不能修改',
} as const;

/** A receipt's time: a day, or a day and time to the minute or second. */
const remittedAtField = z
  .string({ error: '请填写汇款时间' })
  .trim()
  .min(1, '请填写汇款时间')
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '汇款时间格式应为 年-月-日 时:分')
  .refine((v) => !Number.isNaN(Date.parse(`${v.slice(0, 10)}T00:00:00Z`)), '汇款时间不存在');

export const bankReceiptResource = defineResource({
  name: 'bank_receipt',
  title: '银行到账',
  base: '/manager/api/finance/bank_receipt',
  screens: BANK_SCREENS,
  row: z.object({
    serial_no: z.string(),
    payer: z.string(),
    amount: moneyOut,
    remitted_at: z.string(),
    account: z.string().nullable(),
    summary: z.string().nullable(),
    settled_amount: moneyOut,
    settle_state: z.enum(BANK_SETTLE_STATES),
    settled_at: z.string().nullable(),
    audit_state: z.enum(BANK_AUDIT_STATES),
    audited_at: z.string().nullable(),
    audited_by_name: z.string().nullable(),
    /** The 销售经理 of its split rows, joined. */
    sales_managers: z.string().nullable(),
  }),
  form: z.object({
    serial_no: textField('交易流水号', 64),
    payer: textField('汇款单位', 128),
    amount: moneyField('汇款金额').refine((fen) => fen > 0, '汇款金额应大于0'),
    remitted_at: remittedAtField,
    account: optionalTextField('收款账号', 64),
    summary: optionalTextField('摘要', 200),
  }),
  filter: withDayRange({
    payer: searchKeyField(64),
    settle_state: optionalChoiceField(BANK_SETTLE_STATES, '结算状态不正确'),
    audit_state: optionalChoiceField(BANK_AUDIT_STATES, '审核状态不正确'),
  }),
  actions: ['list', 'detail', 'save'],
});

const base = '/manager/api/finance/bank_receipt';

export const bankSplitSchema = z.object({
  id: z.number().int(),
  settle_mode: z.enum(BANK_SPLIT_MODES),
  company_id: z.number().int(),
  company_name: z.string(),
  group_order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  amount: moneyOut,
  sales_manager: z.string().nullable(),
  note: z.string().nullable(),
});

/** 结算明细 GET …/splits */
export const bankSplitsRoute = route({
  method: 'GET',
  path: `${base}/splits`,
  summary: '银行到账的结算明细',
  access: BANK_SCREENS,
  input: z.object({ id: idField('银行到账') }),
  output: z.object({ splits: z.array(bankSplitSchema) }),
});

const splitLines = jsonField(
  z
    .array(
      z.object({
        settle_mode: z.enum(BANK_SPLIT_MODES, { error: '请选择结算方式' }),
        company_id: idField('单位'),
        group_order_id: z
          .union([idField('订单'), z.literal(''), z.null()])
          .optional()
          .transform((v) => v || null),
        amount: moneyField('结算金额').refine((fen) => fen > 0, '结算金额应大于0'),
        sales_manager: optionalTextField('销售经理', 32),
        note: noteField('备注', 200),
      }),
      { error: '结算明细格式不正确' },
    )
    .max(200, '结算明细最多200行'),
  '结算明细',
);

/** 保存结算明细 POST …/splits/save: the receipt's whole split, replaced; refused once audited. */
export const bankSplitSaveRoute = route({
  method: 'POST',
  path: `${base}/splits/save`,
  summary: '保存银行到账的结算明细（按单位、订单拆分）',
  access: BANK_SCREENS,
  input: z.object({ id: idField('银行到账'), version: idField('版本号'), splits: splitLines }),
  output: z.object({ version: z.number().int(), settle_state: z.enum(BANK_SETTLE_STATES), settled_amount: moneyOut }),
});

const auditInput = z.object({ id: idField('银行到账'), version: idField('版本号') });
const auditOutput = z.object({ version: z.number().int(), audit_state: z.enum(BANK_AUDIT_STATES) });

/** 审核 POST …/audit: the split total must equal the receipt. */
export const bankAuditRoute = route({
  method: 'POST',
  path: `${base}/audit`,
  summary: '审核银行到账（结算金额须等于流水金额）',
  access: [BANK_AUDIT_ACCESS],
  input: auditInput,
  output: auditOutput,
});

/** 反审核 POST …/unaudit */
export const bankUnauditRoute = route({
  method: 'POST',
  path: `${base}/unaudit`,
  summary: '反审核银行到账',
  access: [BANK_AUDIT_ACCESS],
  input: auditInput,
  output: auditOutput,
});

/** 导入到账 POST …/import (multipart): rows of the 银行 template; a known 流水号 is skipped. */
export const bankImportRoute = route({
  method: 'POST',
  path: `${base}/import`,
  summary: '按银行对账单模板导入到账（.xlsx 或 .csv）',
  access: BANK_SCREENS,
  input: z.object({}),
  output: z.object({
    imported: z.number().int(),
    skipped: z.array(z.object({ row: z.number().int(), serial_no: z.string(), reason: z.string() })),
  }),
  upload: SETTLEMENT_FILE_RULE,
  bodyLimit: uploadBodyLimit(SETTLEMENT_FILE_RULE),
});

/** 单位与订单 GET …/targets: companies by name with their approved orders, for the split rows. */
export const bankTargetsRoute = route({
  method: 'GET',
  path: `${base}/targets`,
  summary: '结算明细可选的单位与订单',
  access: BANK_SCREENS,
  input: z.object({ key: searchKeyField(64) }),
  output: z.array(
    z.object({
      id: z.number().int(),
      company_name: z.string(),
      orders: z.array(z.object({ id: z.number().int(), order_no: z.string(), order_name: z.string() })),
    }),
  ),
});

export const BANK_RECEIPT_ROUTES = [
  bankSplitsRoute,
  bankSplitSaveRoute,
  bankAuditRoute,
  bankUnauditRoute,
  bankImportRoute,
  bankTargetsRoute,
] as const;
