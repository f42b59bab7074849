import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  bankAuditRoute,
  bankImportRoute,
  bankReceiptResource,
  bankSplitSaveRoute,
  bankSplitsRoute,
  bankTargetsRoute,
  bankUnauditRoute,
  moneyText,
  reconBatchResource,
  reconMatchRoute,
  reconResolveRoute,
  reconRowsRoute,
  reconTemplateRoute,
  reconUploadRoute,
  SETTLEMENT_TEMPLATES,
  templateFileName,
  toFen,
  XLSX_TYPE,
  type SettlementTemplate,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { reconBatches, reconRows, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { storeFile } from '../files/file-store.js';
import {
  auditReceipt,
  bankReceiptBinding,
  importReceipts,
  receiptSplits,
  saveSplits,
  splitTargets,
} from './bank-receipts.js';
import { matchSettlement, SETTLEMENT_FILE } from './matching.js';
import { batchRows } from './recon-rows.js';
import { resolveRow } from './resolve.js';
import { readSettlementFile, settlementTemplate } from './settlement-file.js';

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
const money = (value: unknown) => moneyText(toFen(value as string));
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** 对账批次 on recon_batches (read only: a batch is made by 对账). */
const reconBatchBinding: ResourceBinding<typeof reconBatchResource> = {
  table: reconBatches,
  id: reconBatches.id,
  fields: {
    batch_no: reconBatches.batchNo,
    channel: reconBatches.channel,
    date_from: reconBatches.dateFrom,
    date_to: reconBatches.dateTo,
    file_name: reconBatches.fileName,
    mapping: reconBatches.mapping,
    matched_count: reconBatches.matchedCount,
    over_count: reconBatches.overCount,
    short_count: reconBatches.shortCount,
    mismatch_count: reconBatches.mismatchCount,
    open_count: sql<number>`(select count(*)::int from ${reconRows} where ${reconRows.batchId} = ${reconBatches.id} and ${reconRows.result} <> '一致' and ${reconRows.resolution} is null)`,
    channel_total: reconBatches.channelTotal,
    peis_total: reconBatches.peisTotal,
    state: reconBatches.state,
    created_by_name: users.userName,
    created_at: reconBatches.createdAt,
    completed_at: reconBatches.completedAt,
  },
  joins: [{ table: users, on: eq(users.id, reconBatches.createdBy) }],
  values: () => ({}),
  where: (filter) => [
    filter.channel ? eq(reconBatches.channel, filter.channel) : undefined,
    filter.state ? eq(reconBatches.state, filter.state) : undefined,
    // Batches whose business days meet the range asked for.
    filter.date_from ? sql`${reconBatches.dateTo} >= ${filter.date_from}` : undefined,
    filter.date_to ? sql`${reconBatches.dateFrom} <= ${filter.date_to}` : undefined,
  ],
  orderBy: [desc(reconBatches.id)],
  toRow: (row) => ({
    ...row,
    open_count: Number(row.open_count),
    channel_total: money(row.channel_total),
    peis_total: money(row.peis_total),
    created_at: iso(row.created_at),
    completed_at: iso(row.completed_at),
  }),
};

/** The template's columns that the header has; blank where it has none. */
function prefilled(headers: string[], mapping: SettlementTemplate['mapping']) {
  const has = (title: string | undefined) => (title && headers.includes(title) ? title : '');
  return {
    trade: has(mapping.trade),
    amount: has(mapping.amount),
    time: has(mapping.time),
    refund: has(mapping.refund),
  };
}

/** 对账 (account_reconciliation_mg) and 财务到账匹配 (finance_match), issue 23. */
export async function reconciliationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  serveResource(app, db, reconBatchResource, reconBatchBinding);
  serveResource(app, db, bankReceiptResource, bankReceiptBinding);

  app.get(reconTemplateRoute.path, { config: { access: reconTemplateRoute.access } }, async (request, reply) => {
    const parsed = reconTemplateRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', attachment(templateFileName(parsed.data.channel)))
      .send(await settlementTemplate(parsed.data.channel));
  });

  defineUploadRoute(app, reconUploadRoute, async ({ input, file, contentType, user, request }) => {
    const sheet = await readSettlementFile(file.data, contentType);
    const fileId = await db.transaction((tx) =>
      storeFile(tx as never, request, user, { purpose: SETTLEMENT_FILE, ownerRef: input.channel, file, contentType }),
    );
    return {
      file_id: fileId,
      file_name: file.fileName,
      encoding: sheet.encoding,
      headers: sheet.headers,
      preview: sheet.rows.slice(0, 5).map((r) => r.cells),
      row_count: sheet.rows.length,
      mapping: prefilled(sheet.headers, SETTLEMENT_TEMPLATES[input.channel].mapping),
    };
  });

  defineRoute(app, reconMatchRoute, ({ input, user, request }) => matchSettlement(db, input, user, request));
  defineRoute(app, reconRowsRoute, ({ input }) => batchRows(db, input));
  defineRoute(app, reconResolveRoute, ({ input, user, request }) => resolveRow(db, input, user, request));

  defineRoute(app, bankSplitsRoute, ({ input }) => receiptSplits(db, input.id));
  defineRoute(app, bankSplitSaveRoute, ({ input, user, request }) => saveSplits(db, input, user, request));
  defineRoute(app, bankAuditRoute, ({ input, user, request }) => auditReceipt(db, input, true, user, request));
  defineRoute(app, bankUnauditRoute, ({ input, user, request }) => auditReceipt(db, input, false, user, request));
  defineRoute(app, bankTargetsRoute, ({ input }) => splitTargets(db, input.key));
  defineUploadRoute(app, bankImportRoute, ({ file, contentType, user, request }) =>
    importReceipts(db, { data: file.data, contentType }, user, request),
  );
}
