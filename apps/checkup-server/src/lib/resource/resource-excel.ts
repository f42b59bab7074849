import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import {
  AppError,
  IMPORT_ERROR_HEADER,
  XLSX_TYPE,
  type AnyResource,
  type ExcelColumn,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../modules/audit/repository.js';
import { readStoredFile, storeFile } from '../../modules/files/file-store.js';
import { defineUploadRoute } from '../define-upload-route.js';
import { UploadedFile } from '../../plugins/multipart-body.js';
import { rowOf, sameKey, selectRows, type ResourceBinding, type Tx } from './serve-resource.js';

type FormOf<R extends AnyResource> = z.output<R['spec']['form']>;

/** Rows read from the table at a time while an export streams. */
const EXPORT_BATCH = 1_000;
const REPORT_PURPOSE = 'import_report';

interface ExcelWriter<R extends AnyResource> {
  write(tx: Tx, form: FormOf<R>, user: UserInfo, existingId?: number): Promise<number>;
}

/** Resolves once a stream may be written again, or once it is gone (the browser went away). */
export function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

export const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
export const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** A cell as the user sees it: text, a number as typed, a label for a code. */
function cellOut(column: ExcelColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (column.labels && typeof value === 'string') return column.labels[value] ?? value;
  return typeof value === 'number' ? value : String(value);
}

/** A cell read back as the form's text: a label turned into its code again. */
function cellIn(column: ExcelColumn, cell: ExcelJS.CellValue): string {
  let text: string;
  if (cell === null || cell === undefined) text = '';
  else if (typeof cell === 'object' && 'richText' in cell) text = cell.richText.map((part) => part.text).join('');
  else if (typeof cell === 'object' && 'text' in cell) text = String(cell.text);
  else if (typeof cell === 'object' && 'result' in cell) text = String(cell.result ?? '');
  else if (cell instanceof Date) text = cell.toISOString().slice(0, 10);
  else text = String(cell);
  text = text.trim();
  if (column.labels) {
    const code = Object.entries(column.labels).find(([, label]) => label === text)?.[0];
    if (code) return code;
  }
  return text;
}

interface ImportRow {
  line: number;
  cells: string[];
  form?: unknown;
  error?: string;
}

/**
 * Reads the first sheet of an uploaded workbook; the first row names the columns by their headers. The
 * upload is already whole in memory (multipart-body), so the workbook is loaded from it at once:
 * exceljs's streaming reader now and then answered with no rows on a busy machine (the import suites
 * failed one resource a run on PostgreSQL, a different one each time).
 */
async function readRows(
  data: Buffer,
  columns: readonly ExcelColumn[],
): Promise<{ rows: ImportRow[]; headers: string[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('VALIDATION', '无法读取该Excel文件，请使用导出的模板（.xlsx）');
  }
  const rows: ImportRow[] = [];
  let headers: string[] = [];
  let byColumn: (ExcelColumn | undefined)[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    if (headers.length === 0) {
      headers = values.map((v) => cellIn({ key: '', title: '' }, v ?? null));
      byColumn = headers.map((h) => columns.find((c) => c.title === h));
      const missing = columns.filter((c) => !headers.includes(c.title)).map((c) => c.title);
      if (missing.length) throw new AppError('VALIDATION', `导入文件缺少列：${missing.join('、')}`);
      return;
    }
    const cells = headers.map((_, i) => cellIn(byColumn[i] ?? { key: '', title: '' }, values[i] ?? null));
    if (cells.every((c) => c === '')) return;
    rows.push({ line: row.number, cells });
  });
  if (headers.length === 0) throw new AppError('VALIDATION', '导入文件是空的');
  return { rows, headers };
}

/**
 * The .xlsx side of a resource: export streams the filtered rows batch by batch (no whole workbook in
 * memory); import reads each row through the form schema, reports refused rows in a workbook to
 * download, and writes all of them or only the valid ones, as the user chose, in one transaction.
 */
export function serveResourceExcel<R extends AnyResource>(
  app: FastifyInstance,
  db: Db,
  resource: R,
  binding: ResourceBinding<R>,
  writer: ExcelWriter<R>,
): void {
  const { spec, routes } = resource;
  const columns = spec.excel ?? [];
  const has = (action: string) => (spec.actions as readonly string[]).includes(action);
  const keyField = binding.unique?.[0];
  /** A row's key among the imported ones: its unique value, with the values it is unique within. */
  const keyOf = (form: Record<string, unknown>) => {
    const value = keyField ? form[keyField.field] : undefined;
    if (value === undefined || value === null || value === '') return '';
    return [value, ...(keyField!.within ?? []).map((w) => form[w.field])].map(String).join('\u0000');
  };

  if (has('export')) {
    app.get(routes.export.path, { config: { access: routes.export.access } }, async (request, reply) => {
      const parsed = routes.export.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const filter = and(...binding.where(parsed.data as never));
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
      const sheet = workbook.addWorksheet(spec.title);
      sheet.columns = columns.map((c) => ({ header: c.title, key: c.key, width: Math.max(12, c.title.length * 3) }));
      // Keyset paging by id: each batch is one index range, whatever the table's size.
      void (async () => {
        let after = 0;
        for (;;) {
          const batch = await selectRows(db, binding, and(filter, gt(binding.id, after) as SQL))
            .orderBy(asc(binding.id))
            .limit(EXPORT_BATCH);
          for (const raw of batch) {
            const row = rowOf(binding, raw) as Record<string, unknown>;
            sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, cellOut(c, row[c.key])]))).commit();
          }
          if (batch.length < EXPORT_BATCH) break;
          after = Number(batch[batch.length - 1]!.id);
          // A slow download holds the next batch back (only about a batch waits in memory, not the
          // workbook); a download given up stops the reading.
          if (out.writableNeedDrain) await drainedOrClosed(out);
          if (out.destroyed) return;
        }
        sheet.commit();
        await workbook.commit();
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'export failed');
        out.destroy(error as Error);
      });
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(`${spec.title}-${today()}.xlsx`))
        .send(out);
    });
  }

  if (!has('import')) return;

  defineUploadRoute(app, routes.import, async ({ input, file, user, request }) => {
    const { mode } = input as { mode: 'all' | 'valid' };
    const { rows, headers } = await readRows(file.data, columns);
    if (rows.length === 0) throw new AppError('VALIDATION', '导入文件没有数据行');
    const seen = new Map<string, number>();
    for (const row of rows) {
      const fields = Object.fromEntries(columns.map((c) => [c.key, row.cells[headers.indexOf(c.title)] ?? '']));
      const parsed = spec.form.safeParse(fields);
      if (!parsed.success) {
        row.error = [...new Set(parsed.error.issues.map((issue) => issue.message))].join('；');
        continue;
      }
      const key = keyOf(parsed.data as Record<string, unknown>);
      if (key && seen.has(key)) {
        row.error = `${keyField!.label}与第${seen.get(key)}行重复`;
        continue;
      }
      if (key) seen.set(key, row.line);
      row.form = parsed.data;
    }
    const refused = rows.filter((r) => r.error);
    const valid = rows.filter((r) => !r.error);
    const imported = mode === 'all' && refused.length > 0 ? [] : valid;
    const result = await db.transaction(async (tx) => {
      for (const row of imported) {
        const form = row.form as FormOf<R>;
        let existing: number | undefined;
        if (keyField) {
          const [match] = await tx
            .select({ id: binding.id })
            .from(binding.table)
            .where(and(sameKey(keyField, form as Record<string, unknown>), binding.scope));
          existing = match ? Number(match.id) : undefined;
        }
        await writer.write(tx, form, user, existing);
      }
      let reportId: number | null = null;
      if (refused.length > 0) {
        const report = new ExcelJS.Workbook();
        const sheet = report.addWorksheet('错误报告');
        sheet.addRow(['行号', ...headers, IMPORT_ERROR_HEADER]);
        for (const row of refused) sheet.addRow([row.line, ...row.cells, row.error]);
        const data = Buffer.from(await report.xlsx.writeBuffer());
        reportId = await storeFile(tx, request, user, {
          purpose: REPORT_PURPOSE,
          ownerRef: spec.name,
          file: new UploadedFile('file', `${spec.title}导入错误报告.xlsx`, XLSX_TYPE, data),
          contentType: XLSX_TYPE,
        });
      }
      await recordAudit(tx, request, 'config_import', {
        userId: user.id,
        userAccount: user.user_account,
        target: spec.name,
        detail: { resource: spec.name, title: spec.title, mode, total: rows.length, imported: imported.length },
      });
      return { total: rows.length, imported: imported.length, failed: refused.length, report_id: reportId };
    });
    return result as never;
  });

  app.get(routes.importReport.path, { config: { access: routes.importReport.access } }, async (request, reply) => {
    const parsed = routes.importReport.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const file = await readStoredFile(db, (parsed.data as { id: number }).id, REPORT_PURPOSE);
    if (!file || file.ownerRef !== spec.name) throw new AppError('RECORD_NOT_FOUND', '错误报告不存在或已被删除');
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(file.fileName)).send(file.content);
  });
}
