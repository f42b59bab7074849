import { z } from 'zod';
import { dateField, idField, orderIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { optionalChoiceField } from '../field-schemas.js';
import { optionalTextField, textField } from '../resource/form-fields.js';
import { moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { CSV_TYPE, uploadBodyLimit, XLSX_TYPE, type UploadRule } from '../uploads.js';
import { RECON_CHANNELS } from './settlement-templates.js';

/**
 * 对账 (finance_mg/account_reconciliation_mg, breadth §3.8 and §11.4): a channel's settlement file is
 * read, its columns mapped, and matched on trade number against the PEIS money lines of the channel's
 * method in a date range; every difference is a 长款/短款/金额不符 row resolved by 补单, 冲正 or 说明.
 */
export const RECON_SCREENS = ['finance_mg/account_reconciliation_mg'] as const;
export const RECON_RESOLVE_ACCESS = 'finance_mg/account_reconciliation_mg:resolve';

export const RECON_RESULTS = ['一致', '长款', '短款', '金额不符'] as const;
export type ReconResult = (typeof RECON_RESULTS)[number];
export const RECON_RESOLUTIONS = ['补单', '冲正', '说明'] as const;
export type ReconResolution = (typeof RECON_RESOLUTIONS)[number];
export const RECON_BATCH_STATES = ['待处理', '已完成'] as const;

/** The note written on a 补单 or 冲正 money line. */
export const RECON_LINE_NOTES = { 补单: '对账补单', 冲正: '对账冲正' } as const;

/** A settlement file: .xlsx, or .csv in UTF-8 (with or without BOM) or GBK. */
export const SETTLEMENT_FILE_RULE: UploadRule = {
  maxBytes: 10 * 1024 * 1024,
  types: [XLSX_TYPE, CSV_TYPE],
  typesLabel: 'Excel 工作簿（.xlsx）或 CSV 文件（.csv）',
};

const channelField = z.enum(RECON_CHANNELS, { error: '请选择对账渠道' });

export const reconMappingSchema = z.object({
  trade: z.string(),
  amount: z.string(),
  time: z.string(),
  refund: z.string().optional(),
});

export const reconBatchResource = defineResource({
  name: 'recon_batch',
  title: '对账批次',
  base: '/manager/api/finance/recon_batch',
  screens: RECON_SCREENS,
  kept: false,
  row: z.object({
    batch_no: z.string(),
    channel: z.enum(RECON_CHANNELS),
    date_from: z.string(),
    date_to: z.string(),
    file_name: z.string(),
    mapping: reconMappingSchema,
    matched_count: z.number().int(),
    over_count: z.number().int(),
    short_count: z.number().int(),
    mismatch_count: z.number().int(),
    /** Rows not 一致 and not yet resolved. */
    open_count: z.number().int(),
    channel_total: moneyOut,
    peis_total: moneyOut,
    state: z.enum(RECON_BATCH_STATES),
    created_by_name: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  }),
  form: z.object({}),
  filter: z.object({
    channel: optionalChoiceField(RECON_CHANNELS, '对账渠道不正确'),
    state: optionalChoiceField(RECON_BATCH_STATES, '对账状态不正确'),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
  }),
  actions: ['list', 'detail'],
});

const base = '/manager/api/finance/reconciliation';

/** 下载对账单模板 GET …/template (the .xlsx itself) */
export const reconTemplateRoute = route({
  method: 'GET',
  path: `${base}/template`,
  summary: '下载渠道对账单模板（.xlsx，第二页为列说明）',
  access: RECON_SCREENS,
  input: z.object({ channel: channelField }),
  output: z.unknown(),
});

/**
 * 上传对账单 POST …/upload (multipart): the file is stored and its header row answered with the
 * columns the channel's template would map, for the mapping step.
 */
export const reconUploadRoute = route({
  method: 'POST',
  path: `${base}/upload`,
  summary: '上传渠道对账单（.xlsx 或 .csv），返回表头供对应列',
  access: RECON_SCREENS,
  input: z.object({ channel: channelField }),
  output: z.object({
    file_id: z.number().int(),
    file_name: z.string(),
    /** How a .csv was read: UTF-8 or GBK; null for an .xlsx. */
    encoding: z.string().nullable(),
    headers: z.array(z.string()),
    /** The first rows, as the file has them. */
    preview: z.array(z.array(z.string())),
    row_count: z.number().int(),
    /** The template's columns found in the header (blank where the file has no such column). */
    mapping: z.object({ trade: z.string(), amount: z.string(), time: z.string(), refund: z.string() }),
  }),
  upload: SETTLEMENT_FILE_RULE,
  bodyLimit: uploadBodyLimit(SETTLEMENT_FILE_RULE),
});

const columnField = (label: string) => textField(`${label}列`, 64);

/** 对账 POST …/match: the uploaded file, mapped, matched against PEIS; a new batch. */
export const reconMatchRoute = route({
  method: 'POST',
  path: `${base}/match`,
  summary: '按流水号与金额对账，生成对账批次',
  access: RECON_SCREENS,
  input: z
    .object({
      file_id: idField('对账单文件'),
      channel: channelField,
      date_from: dateField,
      date_to: dateField,
      trade: columnField('流水号'),
      amount: columnField('金额'),
      time: columnField('时间'),
      refund: optionalTextField('退款金额列', 64),
    })
    .refine((v) => v.date_from <= v.date_to, { message: '开始日期不能晚于结束日期', path: ['date_to'] }),
  output: z.object({ id: z.number().int(), batch_no: z.string() }),
});

export const reconRowSchema = z.object({
  id: z.number().int(),
  trade_no: z.string().nullable(),
  channel_amount: moneyOut.nullable(),
  channel_time: z.string().nullable(),
  peis_amount: moneyOut.nullable(),
  payment_id: z.number().int().nullable(),
  /** The visit of the PEIS line, when it is a visit's. */
  order_id: z.string().nullable(),
  /** channel − PEIS (a missing side counts 0). */
  difference: moneyOut,
  result: z.enum(RECON_RESULTS),
  resolution: z.enum(RECON_RESOLUTIONS).nullable(),
  resolution_payment_id: z.number().int().nullable(),
  note: z.string().nullable(),
  resolved_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  raw_rows: z.array(z.record(z.string(), z.string())).nullable(),
});
export type ReconRow = z.infer<typeof reconRowSchema>;

/** 对账明细 GET …/rows: a batch's rows by result, with the totals that must agree. */
export const reconRowsRoute = route({
  method: 'GET',
  path: `${base}/rows`,
  summary: '对账明细（按结果筛选）与合计',
  access: RECON_SCREENS,
  input: z.object({
    id: idField('对账批次'),
    result: optionalChoiceField(RECON_RESULTS, '对账结果不正确'),
    open: z.enum(['0', '1', ''], { error: '处理状态不正确' }).optional(),
    key: searchKeyField(64),
  }),
  output: z.object({
    rows: z.array(reconRowSchema),
    totals: z.object({
      channel_total: moneyOut,
      peis_total: moneyOut,
      /** Σ channel − Σ PEIS. */
      difference: moneyOut,
      /** Σ (channel − PEIS) over the 长款/短款/金额不符 rows: equals `difference`. */
      explained: moneyOut,
      open_count: z.number().int(),
    }),
  }),
});

/**
 * 处理差异 POST …/resolve: 补单 (长款: a money line for the visit 体检号), 冲正 (短款/金额不符: a
 * reversal of the PEIS line for the difference) or 说明 (a note); the batch completes with its last row.
 */
export const reconResolveRoute = route({
  method: 'POST',
  path: `${base}/resolve`,
  summary: '处理对账差异（补单、冲正或说明）',
  access: [RECON_RESOLVE_ACCESS],
  input: z
    .object({
      row_id: idField('对账明细'),
      resolution: z.enum(RECON_RESOLUTIONS, { error: '请选择处理方式' }),
      order_id: z.union([orderIdField, z.literal('')]).optional(),
      note: optionalTextField('说明', 200),
    })
    .refine((v) => v.resolution !== '补单' || !!v.order_id, { message: '补单请填写体检号', path: ['order_id'] })
    .refine((v) => v.resolution !== '说明' || !!v.note, { message: '请填写说明', path: ['note'] }),
  output: z.object({ row: reconRowSchema, batch_state: z.enum(RECON_BATCH_STATES) }),
});

export const RECONCILIATION_ROUTES = [
  reconTemplateRoute,
  reconUploadRoute,
  reconMatchRoute,
  reconRowsRoute,
  reconResolveRoute,
] as const;
