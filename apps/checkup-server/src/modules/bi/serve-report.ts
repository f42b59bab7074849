import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  BI_MESSAGES,
  ROW_KEY_SEPARATOR,
  maskName,
  XLSX_TYPE,
  type BiColumn,
  type BiFilterValues,
  type BiReport,
  type BiRow,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { attachment, drainedOrClosed, today } from '../../lib/resource/resource-excel.js';
import { selectRows } from './sql-rows.js';

/**
 * What a report adds to the generic code: one SQL query for its rows, and one for the rows behind a
 * row (drill-down). Each SELECT names its columns by the report's column keys (and rowKey keys); the
 * generic code pages, counts, totals, formats money and streams the Excel.
 */
export interface ReportQueries {
  /** The report's rows for a filter. */
  rows(filter: BiFilterValues, user: UserInfo): SQL;
  /**
   * ORDER BY over the row query's column names, e.g. `"day" desc`; the first column when absent. A
   * column named `__…` may carry a raw sort key (a timestamp an index serves); it is not shown.
   */
  orderBy?: string;
  /**
   * One row per record (a payment, a visit), not groups: the page is read on its own (an index in the
   * order serves it), the count and 合计 in a second pass. Grouped reports take all three in one pass.
   */
  listing?: boolean;
  /** The rows behind one row (key: its rowKey values, in order), or behind the whole report (null). */
  drill?(filter: BiFilterValues, key: string[] | null, user: UserInfo): SQL;
  drillOrderBy?: string;
}

/** Rows an export reads per query: each one sorts the whole answer again (OFFSET), so few and large (bench:bi). */
const PAGE_BATCH = 10_000;

/** '-12.5' / 12.5 / '3' → fen, exactly (the database's numeric text, never a float sum). */
export function fenOfNumeric(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const [yuan = '0', decimals = ''] = text.replace(/^[-+]/, '').split('.');
  const fen = Number(yuan) * 100 + Number((decimals + '00').slice(0, 2));
  return negative ? -fen : fen;
}

export function moneyOf(value: unknown): string {
  const fen = fenOfNumeric(value);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const percentOf = (num: number, den: number) => (den === 0 ? null : Math.round((num / den) * 10_000) / 100);

function cellValue(column: BiColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return column.kind === 'money' ? '0.00' : null;
  switch (column.kind) {
    case 'money':
      return moneyOf(value);
    case 'count':
      return Number(value);
    case 'percent':
      return Math.round(Number(value) * 100) / 100;
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    default:
      if (column.mask === 'name') return maskName(String(value));
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

/** A raw row named by column keys → the answer's row; keys outside the columns (rowKey ids) ride along. */
function rowOut(columns: readonly BiColumn[], raw: Record<string, unknown>): BiRow {
  const out: BiRow = {};
  for (const [key, value] of Object.entries(raw)) {
    const column = columns.find((c) => c.key === key);
    out[key] = column
      ? cellValue(column, value)
      : value === null || value === undefined
        ? null
        : typeof value === 'number'
          ? value
          : String(value);
  }
  return out;
}

/** The columns the totals row adds up: counts and money, unless a column says not to. */
const summedColumns = (columns: readonly BiColumn[]) =>
  columns.filter((c) => (c.kind === 'count' || c.kind === 'money') && c.sum !== false);

/** The totals row from its sums (`sums[key]`, database numeric text): ratios recomputed from their parts. */
function summaryFrom(columns: readonly BiColumn[], sums: Record<string, unknown>): BiRow {
  const summary: BiRow = {};
  for (const column of summedColumns(columns)) summary[column.key] = cellValue(column, sums[column.key] ?? 0);
  for (const column of columns.filter((c) => c.kind === 'percent' && c.ratio)) {
    const [num, den] = column.ratio!;
    const numColumn = columns.find((c) => c.key === num);
    const scale = (key: string, v: unknown) =>
      columns.find((c) => c.key === key)?.kind === 'money' ? fenOfNumeric(v) : Number(v ?? 0);
    summary[column.key] = numColumn ? percentOf(scale(num, summary[num]), scale(den, summary[den])) : null;
  }
  return summary;
}

/** The totals row: counts and money added up over every row; ratios recomputed from their parts. */
async function summaryOf(db: Db, columns: readonly BiColumn[], rows: SQL): Promise<BiRow> {
  return summaryFrom(columns, (await countAndSums(db, rows, summedColumns(columns))).sums);
}

/** Columns named `__…` are the query's own (a sort key, the totals): never part of a row shown. */
const OWN = '__';
const TOTAL = '__total';
const SUM = '__sum__';
const shown = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith(OWN)));

/** How many rows there are and their sums (`totals`), in one pass that computes only those columns. */
async function countAndSums(db: Db, rows: SQL, totals: readonly BiColumn[]) {
  const sums = totals.map((c) => sql.raw(`, sum(r."${c.key}") as "${c.key}"`));
  const [raw] = await selectRows(
    db,
    sql`select count(*)::int as "${sql.raw(TOTAL)}"${sql.join(sums, sql``)} from (${rows}) r`,
  );
  return { total: Number(raw?.[TOTAL] ?? 0), sums: raw ?? {} };
}

/**
 * One page of rows, with how many rows there are and (for `totals`) their sums over all of them.
 * - A listing (one row per record) reads its page alone, which an index in the order can serve without
 *   computing every row's cells, and counts and sums in a second pass over only the summed columns.
 * - A grouped report computes every group for any page anyway: window aggregates over the whole answer
 *   give the count and sums in the same pass. A page past the end has no row to carry them, so it asks
 *   again (rare: the screen pages what it was told).
 */
async function pageWithTotals(
  db: Db,
  rows: SQL,
  orderBy: string,
  page: { page: number; size: number },
  totals: readonly BiColumn[],
  listing: boolean,
): Promise<{ list: Record<string, unknown>[]; total: number; sums: Record<string, unknown> }> {
  const limit = sql`order by ${sql.raw(orderBy)} limit ${page.size} offset ${(page.page - 1) * page.size}`;
  if (listing) {
    const [list, counted] = await Promise.all([
      selectRows(db, sql`select * from (${rows}) r ${limit}`),
      countAndSums(db, rows, totals),
    ]);
    return { list: list.map(shown), ...counted };
  }
  const sums = totals.map((c) => sql.raw(`, sum(r."${c.key}") over () as "${SUM}${c.key}"`));
  const raw = await selectRows(
    db,
    sql`select r.*, count(*) over ()::int as "${sql.raw(TOTAL)}"${sql.join(sums, sql``)} from (${rows}) r ${limit}`,
  );
  const first = raw[0];
  if (!first)
    return page.page === 1 ? { list: [], total: 0, sums: {} } : { list: [], ...(await countAndSums(db, rows, totals)) };
  const found = Object.fromEntries(totals.map((c) => [c.key, first[`${SUM}${c.key}`]]));
  return { list: raw.map(shown), total: Number(first[TOTAL]), sums: found };
}

export function parseRowKey(report: BiReport, text: string | undefined): string[] | null {
  if (text === undefined || text === '') return null;
  const parts = text.split(ROW_KEY_SEPARATOR);
  if (parts.length !== (report.spec.rowKey ?? []).length) throw new AppError('VALIDATION', BI_MESSAGES.rowKey);
  return parts;
}

async function asOfOf(db: Db, report: BiReport): Promise<string | null> {
  if (report.spec.source !== 'stats') return null;
  const [row] = await selectRows<{ as_of: Date | string | null }>(db, sql`select as_of from bi_refresh_state limit 1`);
  return row?.as_of ? new Date(row.as_of).toISOString() : null;
}

const ordered = (query: SQL, orderBy: string | undefined, fallback: string) =>
  sql`select * from (${query}) r order by ${sql.raw(orderBy ?? `"${fallback}"`)}`;

/** Registers a report's 查询, 明细 and 导出Excel on its contract routes. */
export function serveReport(app: FastifyInstance, db: Db, report: BiReport, queries: ReportQueries): void {
  const { spec, routes } = report;
  const firstColumn = spec.columns[0]!.key;
  const drillColumns = spec.drillColumns ?? [];

  defineRoute(app, routes.query, async ({ input, user }) => {
    const filter = input as unknown as BiFilterValues & { page: number; size: number };
    const rows = queries.rows(filter, user);
    const [page, asOf] = await Promise.all([
      pageWithTotals(
        db,
        rows,
        queries.orderBy ?? `"${firstColumn}"`,
        filter,
        summedColumns(spec.columns),
        queries.listing === true,
      ),
      asOfOf(db, report),
    ]);
    return {
      list: page.list.map((raw) => rowOut(spec.columns, raw)),
      total: page.total,
      page: filter.page,
      size: filter.size,
      summary: summaryFrom(spec.columns, page.sums),
      as_of: asOf,
    };
  });

  defineRoute(app, routes.drill, async ({ input, user }) => {
    if (!queries.drill) throw new AppError('VALIDATION', BI_MESSAGES.noDrill);
    const filter = input as unknown as BiFilterValues & { page: number; size: number; row_key?: string };
    const rows = queries.drill(filter, parseRowKey(report, filter.row_key), user);
    const page = await pageWithTotals(
      db,
      rows,
      queries.drillOrderBy ?? `"${drillColumns[0]?.key ?? 'id'}"`,
      filter,
      [],
      true,
    );
    return {
      list: page.list.map((raw) => rowOut(drillColumns, raw)),
      total: page.total,
      page: filter.page,
      size: filter.size,
    };
  });

  app.get(routes.export.path, { config: { access: routes.export.access } }, async (request, reply) => {
    const parsed = routes.export.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const filter = parsed.data as unknown as BiFilterValues & { row_key?: string };
    const user = request.user as UserInfo;
    const drilling = filter.row_key !== undefined;
    if (drilling && !queries.drill) throw new AppError('VALIDATION', BI_MESSAGES.noDrill);
    const columns = drilling ? drillColumns : spec.columns;
    const rows = drilling
      ? queries.drill!(filter, parseRowKey(report, filter.row_key), user)
      : queries.rows(filter, user);
    const query = drilling
      ? ordered(rows, queries.drillOrderBy, drillColumns[0]?.key ?? 'id')
      : ordered(rows, queries.orderBy, firstColumn);
    const title = drilling ? `${spec.title}明细` : spec.title;

    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet(title);
    sheet.columns = columns.map((c) => ({ header: c.title, key: c.key, width: Math.max(12, c.title.length * 3) }));
    const add = (row: BiRow) =>
      sheet.addRow(
        Object.fromEntries(
          columns.map((c) => {
            const v = row[c.key];
            // Money as a number cell (two decimals shown) so the sheet can add it up again.
            return [c.key, c.kind === 'money' && typeof v === 'string' ? Number(v) : (v ?? null)];
          }),
        ),
      );
    void (async () => {
      for (let offset = 0; ; offset += PAGE_BATCH) {
        const batch = await selectRows(db, sql`${query} limit ${PAGE_BATCH} offset ${offset}`);
        for (const raw of batch) add(rowOut(columns, raw)).commit();
        if (batch.length < PAGE_BATCH) break;
        if (out.writableNeedDrain) await drainedOrClosed(out);
        if (out.destroyed) return;
      }
      if (!drilling) {
        const summary = await summaryOf(db, spec.columns, rows);
        add({ ...summary, [firstColumn]: '合计' }).commit();
      }
      for (const column of columns.filter((c) => c.kind === 'money')) {
        sheet.getColumn(column.key).numFmt = '0.00';
      }
      sheet.commit();
      await workbook.commit();
    })().catch((error: unknown) => {
      request.log.error({ err: error }, 'report export failed');
      out.destroy(error as Error);
    });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', attachment(`${title}-${today()}.xlsx`))
      .send(out);
  });
}

/** `column between from and to` for the chosen date kind; `columns` maps each kind the report offers. */
export function dateRange(filter: BiFilterValues, columns: Partial<Record<string, SQL>>): SQL {
  const kind = filter.date_kind ?? Object.keys(columns)[0]!;
  const column = columns[kind];
  if (!column || !filter.date_from || !filter.date_to) return sql`true`;
  return sql`${column} between ${filter.date_from} and ${filter.date_to}`;
}

/** A timestamp column within the hospital days of the range (China Standard Time). */
export function timeRange(filter: BiFilterValues, column: SQL): SQL {
  if (!filter.date_from || !filter.date_to) return sql`true`;
  return sql`${column} >= (${filter.date_from}::date)::timestamp at time zone 'Asia/Shanghai'
    and ${column} < ((${filter.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`;
}

/** 分中心, when chosen. */
export const branchIs = (filter: BiFilterValues, column: SQL): SQL =>
  filter.branch_id === undefined ? sql`true` : sql`${column} = ${filter.branch_id}`;

/** An own filter's value as an integer id, or undefined when not given (a bad one matches nothing). */
export function idOf(filter: BiFilterValues, key: string): number | undefined | null {
  const value = filter[key];
  if (value === undefined || value === '') return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `column = id` when the own filter is given. */
export function idIs(filter: BiFilterValues, key: string, column: SQL): SQL {
  const id = idOf(filter, key);
  if (id === undefined) return sql`true`;
  if (id === null) return sql`false`;
  return sql`${column} = ${id}`;
}

/** `column = text` when the own filter is given. */
export function textIs(filter: BiFilterValues, key: string, column: SQL): SQL {
  const value = filter[key];
  return value === undefined || value === '' ? sql`true` : sql`${column} = ${String(value)}`;
}
