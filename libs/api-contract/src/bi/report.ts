import { z } from 'zod';
import { dateField, optionalIdField, pageFields, pageOf } from '../field-schemas.js';
import { route, type RouteDescriptor } from '../route.js';
import type { MenuKey } from '../route-table/route-table.js';

/**
 * 统计分析 (bi, issue 24, breadth §4): every report is described once — its screen, date kinds,
 * filters, columns, chart and drill-down — and this builder turns the description into its calls:
 * 查询 (a page of rows with the totals of every row), 明细 (the rows behind one total, paged) and
 * 导出Excel (streamed). The server binds one SQL query to it (modules/bi/serve-report.ts), the web
 * renders it (features/bi/shared/report-screen.tsx).
 */

/** Which date the range filters on (breadth §4: 登记日期, 收费日期 or 审核日期 as fits). */
export const BI_DATE_KINDS = ['register', 'charge', 'audit', 'settle', 'book', 'apply', 'issue', 'consume'] as const;
export type BiDateKind = (typeof BI_DATE_KINDS)[number];
export const BI_DATE_KIND_LABELS: Record<BiDateKind, string> = {
  register: '登记日期',
  charge: '收费日期',
  audit: '审核日期',
  settle: '结算日期',
  book: '记账日期',
  apply: '申请日期',
  issue: '出票日期',
  consume: '消费日期',
};

/** How a column's values are shown and added up. */
export type BiColumnKind =
  /** text; not added up */
  | 'text'
  /** a date YYYY-MM-DD; not added up */
  | 'date'
  /** a whole number (人次, 人数); added up in the totals row */
  | 'count'
  /** money, answered as text with two decimals; added up exactly in the totals row */
  | 'money'
  /** a percentage with two decimals (检出率, 折扣率); the totals row recomputes it when `ratio` says how */
  | 'percent';

export interface BiColumn {
  key: string;
  title: string;
  kind: BiColumnKind;
  /** percent columns: numerator and denominator columns, so the totals row shows Σnum / Σden. */
  ratio?: readonly [string, string];
  /** Narrow columns (e.g. 星期). */
  width?: number;
  /** false: a count not added up in the totals row (参检人数 repeated on every row of 疾病分析). */
  sum?: false;
  /** text columns holding a person's name: answered masked (maskName), in the table and the export. */
  mask?: 'name';
}

/** The filter choices a report offers beyond the date range and 分中心. */
export type BiFilterSource =
  'company' | 'group_order' | 'cashier' | 'doctor' | 'dept' | 'package' | 'union' | 'pay_method' | 'exam_type';

export interface BiFilter {
  key: string;
  label: string;
  /** text: a search box; select: fixed options; source: choices read from the server's option lists. */
  kind: 'text' | 'select' | 'source';
  options?: readonly { value: string; label: string }[];
  source?: BiFilterSource;
}

export interface BiChart {
  kind: 'bar' | 'line' | 'pie';
  /** The column the categories are taken from. */
  category: string;
  /** The columns drawn (count, money or percent). */
  series: readonly string[];
}

export interface BiReportSpec {
  /** The screen's menu key; who may run the report. */
  screen: MenuKey;
  /** A short key for paths: /manager/api/bi/<key>/… */
  key: string;
  title: string;
  /** The first is the default; empty for a report with no date (a saved definition, a snapshot). */
  dateKinds: readonly BiDateKind[];
  filters: readonly BiFilter[];
  columns: readonly BiColumn[];
  /** Columns that identify a row for its drill-down (their values are sent back as row_key). */
  rowKey?: readonly string[];
  /** The columns of the rows behind a total; no drill-down when absent. */
  drillColumns?: readonly BiColumn[];
  chart?: BiChart;
  /** stats: built on the aggregate tables, answered with the time they are as of; live: base tables. */
  source: 'stats' | 'live';
  /** One line under the title: what the report counts and from which date. */
  note?: string;
  /**
   * The longest date range, in days, when shorter than the 3 years of every report: a listing of
   * lines or results (tens of rows a visit) is queried a quarter at a time, as centres do.
   */
  maxSpanDays?: number;
}

export const BI_MESSAGES = {
  dateFrom: '请选择开始日期',
  dateTo: '请选择结束日期',
  dateOrder: '开始日期不能晚于结束日期',
  span: '查询区间不能超过3年，请缩小日期范围',
  spanDays: (days: number) => `该报表的查询区间不能超过${days}天，请缩小日期范围`,
  rowKey: '明细的行标识不正确',
  noDrill: '该报表没有明细',
} as const;

const MAX_SPAN_DAYS = 366 * 3;

const cell = z.union([z.string(), z.number(), z.null()]);
export const biRowSchema = z.record(z.string(), cell);
export type BiRow = z.infer<typeof biRowSchema>;

export const biResultSchema = pageOf(biRowSchema).extend({
  /** Σ over every row the filter selects (not only this page): counts and money added up, ratios recomputed. */
  summary: biRowSchema,
  /** The aggregate tables' refresh time for stats reports; null for live ones. */
  as_of: z.string().nullable(),
});
export type BiResult = z.infer<typeof biResultSchema>;

export const biRefreshStateSchema = z.object({
  as_of: z.string().nullable(),
  visits: z.number().int(),
  lines: z.number().int(),
  last_ms: z.number().int().nullable(),
});

/** The filter schema of a report: date range and 分中心 first, then its own filters, all optional text. */
function filterShape(spec: BiReportSpec) {
  const own = Object.fromEntries(spec.filters.map((f) => [f.key, z.string().trim().max(64).optional()]));
  const dated = spec.dateKinds.length > 0;
  return {
    ...(dated
      ? {
          date_kind: z.enum(spec.dateKinds as [BiDateKind, ...BiDateKind[]]).optional(),
          date_from: z.string({ error: BI_MESSAGES.dateFrom }).pipe(dateField),
          date_to: z.string({ error: BI_MESSAGES.dateTo }).pipe(dateField),
        }
      : {}),
    branch_id: optionalIdField('分中心'),
    ...own,
  };
}

function refineRange<T extends z.ZodObject>(schema: T, maxSpanDays?: number) {
  return schema.superRefine((value, ctx) => {
    const v = value as { date_from?: string; date_to?: string };
    if (!v.date_from || !v.date_to) return;
    const days = (Date.parse(v.date_to) - Date.parse(v.date_from)) / 86_400_000 + 1;
    if (v.date_from > v.date_to) ctx.addIssue({ code: 'custom', message: BI_MESSAGES.dateOrder });
    else if (maxSpanDays !== undefined && days > maxSpanDays)
      ctx.addIssue({ code: 'custom', message: BI_MESSAGES.spanDays(maxSpanDays) });
    else if (days - 1 > MAX_SPAN_DAYS) ctx.addIssue({ code: 'custom', message: BI_MESSAGES.span });
  });
}

/** A filled-in filter as the server reads it. */
export interface BiFilterValues {
  date_kind?: BiDateKind;
  date_from?: string;
  date_to?: string;
  branch_id?: number;
  [own: string]: string | number | undefined;
}

export function defineReport<const S extends BiReportSpec>(spec: S) {
  const base = `/manager/api/bi/${spec.key}`;
  const access = [spec.screen] as const;
  const filter = z.object(filterShape(spec));
  const query = route({
    method: 'GET',
    path: `${base}/query`,
    summary: `${spec.title}（统计查询）`,
    access,
    input: refineRange(filter.extend(pageFields), spec.maxSpanDays),
    output: biResultSchema,
  });
  const drill = route({
    method: 'GET',
    path: `${base}/drill`,
    summary: `${spec.title}（明细）`,
    access,
    // row_key: the row's key column values, in rowKey order, joined by ROW_KEY_SEPARATOR.
    input: refineRange(filter.extend({ row_key: z.string().max(512).optional(), ...pageFields }), spec.maxSpanDays),
    output: pageOf(biRowSchema),
  });
  const exportXlsx = route({
    method: 'GET',
    path: `${base}/export`,
    summary: `${spec.title}（导出Excel）`,
    access,
    input: refineRange(filter.extend({ row_key: z.string().max(512).optional() }), spec.maxSpanDays),
    output: z.never(),
  });
  const descriptors: RouteDescriptor[] = [query, drill, exportXlsx];
  return { spec, routes: { query, drill, export: exportXlsx }, descriptors };
}
export type BiReport = ReturnType<typeof defineReport>;

/**
 * The separator of row_key's parts (a control character would be refused by the input guard): rowKey
 * columns hold ids, codes and dates, never a '|'.
 */
export const ROW_KEY_SEPARATOR = '|';
export const rowKeyOf = (spec: BiReportSpec, row: BiRow) =>
  (spec.rowKey ?? [])
    .map((k) => (row[k] === null || row[k] === undefined ? '' : String(row[k])))
    .join(ROW_KEY_SEPARATOR);
