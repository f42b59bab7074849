import { z } from 'zod';
import { jsonField, orderIdField } from './field-schemas.js';
import { route } from './route.js';

/**
 * Batch printing (issue 20 print_rpt): the server lays out the chosen reports in worker threads as a
 * task with an id; the page shows its progress, also after a reload, and prints each report from the
 * generated file.
 */
export const REPORT_BATCH_MAX = 1000;

/** running; done; interrupted — the server stopped before it finished (start the batch again). */
export const REPORT_BATCH_STATES = ['running', 'done', 'interrupted'] as const;
export type ReportBatchState = (typeof REPORT_BATCH_STATES)[number];

export const REPORT_BATCH_ITEM_STATES = ['waiting', 'done', 'failed'] as const;

export const reportBatchSchema = z.object({
  batch_id: z.number().int(),
  state: z.enum(REPORT_BATCH_STATES),
  total: z.number().int(),
  /** Reports laid out so far, and of them those that failed. */
  done: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  items: z.array(
    z.object({
      order_id: z.string(),
      state: z.enum(REPORT_BATCH_ITEM_STATES),
      message: z.string().nullable(),
    }),
  ),
});
export type ReportBatch = z.infer<typeof reportBatchSchema>;

const batchIdField = z.coerce.number({ error: '请选择批量任务' }).int('请选择批量任务').positive('请选择批量任务');

/** 批量生成报告 POST /manager/api/report/batch_start */
export const reportBatchStartRoute = route({
  method: 'POST',
  path: '/manager/api/report/batch_start',
  summary: '批量打印：在后台生成所选报告的PDF（答复任务及其进度）',
  access: ['exam_mg/print_rpt'],
  input: z.object({
    order_ids: jsonField(
      z.array(orderIdField).min(1, '请选择要打印的报告').max(REPORT_BATCH_MAX, `一次最多打印${REPORT_BATCH_MAX}份报告`),
      '体检号列表',
    ),
  }),
  output: reportBatchSchema,
});

/** 当前批量任务 GET /manager/api/report/batch_current — the caller's latest batch, after a reload too. */
export const reportBatchCurrentRoute = route({
  method: 'GET',
  path: '/manager/api/report/batch_current',
  summary: '批量打印：本人最近的批量任务及其进度',
  access: ['exam_mg/print_rpt'],
  input: z.object({}),
  output: z.object({ batch: reportBatchSchema.nullable() }),
});

/** 批量报告打印凭据 POST /manager/api/report/batch_ticket */
export const reportBatchTicketRoute = route({
  method: 'POST',
  path: '/manager/api/report/batch_ticket',
  summary: '批量打印：已生成报告的打印凭据（本地打印服务凭此下载，5分钟内有效）',
  access: ['exam_mg/print_rpt'],
  input: z.object({ batch_id: batchIdField, order_id: orderIdField }),
  output: z.object({ ticket: z.string(), expires_at: z.string() }),
});

/** 批量报告文件 GET /manager/api/report/batch_file — for the local print service, by its ticket. */
export const reportBatchFileRoute = route({
  method: 'GET',
  path: '/manager/api/report/batch_file',
  summary: '批量打印：已生成的体检报告PDF（凭打印凭据）',
  access: 'public',
  input: z.object({
    ticket: z.string({ error: '请提供打印凭据' }).regex(/^[0-9A-Za-z._-]{10,200}$/, '打印凭据格式不正确'),
  }),
  output: z.unknown(),
});
