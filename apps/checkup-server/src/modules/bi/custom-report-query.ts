import { sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  CUSTOM_REPORT_MAX_ROWS,
  CUSTOM_REPORT_MESSAGES as M,
  CUSTOM_REPORT_VIEWS,
  aggregateKey,
  customOutputColumns,
  customReportProblem,
  customViewColumn,
  type CustomParamValues,
  type CustomReportDefinition,
  type CustomView,
  type CustomViewColumn,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../lib/like.js';
import { moneyOf } from './serve-report.js';
import { selectRows } from './sql-rows.js';

/**
 * 自定义报表's query (breadth §4.8): built from a saved definition. Every identifier is the catalogue's
 * own string (looked up by the definition's key, never the key itself), every value a parameter; the
 * rows are read in a READ ONLY transaction under a statement timeout.
 */

/** A catalogue identifier, quoted; only ever called with a string taken from CUSTOM_REPORT_VIEWS. */
const identifier = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

function catalogued(def: CustomReportDefinition) {
  const view = (CUSTOM_REPORT_VIEWS as Record<string, CustomView>)[def.view];
  const problem = view ? customReportProblem(def) : M.view;
  if (problem) throw new AppError('VALIDATION', problem);
  const column = (key: string): CustomViewColumn => customViewColumn(def.view, key)!;
  const viewKey = Object.keys(CUSTOM_REPORT_VIEWS).find((k) => k === def.view)!;
  return { column, from: identifier(viewKey) };
}

const PATTERNS: Record<CustomViewColumn['kind'], RegExp> = {
  text: /^[^\r\n\t]{1,64}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  number: /^-?\d{1,9}$/,
  money: /^-?\d{1,10}(\.\d{1,2})?$/,
};

/** One parameter value checked against its column's kind (a bad one refused in Chinese). */
function valueOf(column: CustomViewColumn, label: string, text: string): SQL {
  const value = text.trim();
  if (!PATTERNS[column.kind].test(value) || (column.kind === 'date' && Number.isNaN(Date.parse(value))))
    throw new AppError('VALIDATION', M.badValue(label));
  if (column.kind === 'date') return sql`${value}::date`;
  if (column.kind === 'number') return sql`${value}::int`;
  if (column.kind === 'money') return sql`${value}::numeric`;
  return sql`${value}`;
}

function conditions(def: CustomReportDefinition, values: CustomParamValues, column: (k: string) => CustomViewColumn) {
  return def.params.flatMap((p, index): SQL[] => {
    const raw = values[String(index)];
    const given = Array.isArray(raw) ? raw.some((v) => v.trim() !== '') : raw !== undefined && raw.trim() !== '';
    if (!given) {
      if (p.required) throw new AppError('VALIDATION', M.required(p.label));
      return [];
    }
    const c = column(p.column);
    const target = identifier(c.key);
    if (p.operator === 'between') {
      const [from = '', to = ''] = Array.isArray(raw) ? raw : [raw!, raw!];
      if (from.trim() === '' || to.trim() === '') throw new AppError('VALIDATION', M.required(p.label));
      return [sql`${target} between ${valueOf(c, p.label, from)} and ${valueOf(c, p.label, to)}`];
    }
    const text = Array.isArray(raw) ? raw[0]! : raw!;
    if (p.operator === 'like') {
      valueOf(c, p.label, text);
      return [sql`${target} ilike ${`%${escapeLike(text.trim())}%`}`];
    }
    return [sql`${target} = ${valueOf(c, p.label, text)}`];
  });
}

/** The definition's SELECT, ordered, with the values bound; its output columns. */
export function customQuery(def: CustomReportDefinition, values: CustomParamValues) {
  const { column, from } = catalogued(def);
  const chosen = def.columns.map((key) => identifier(column(key).key));
  // Dates as text: node-postgres would turn a date into a Date at local midnight.
  const selected = def.columns.map((key, i) =>
    column(key).kind === 'date' ? sql`to_char(${chosen[i]}, 'YYYY-MM-DD') as ${chosen[i]}` : chosen[i]!,
  );
  const aggregates = def.aggregates.map((a) =>
    a.fn === 'count'
      ? sql`count(*)::int as "count"`
      : sql`sum(${identifier(column(a.column!).key)}) as ${identifier(aggregateKey(a))}`,
  );
  const where = conditions(def, values, column);
  const grouped = def.aggregates.length > 0 && chosen.length > 0;
  const outputs = customOutputColumns(def);
  const order = (def.sort.length > 0 ? def.sort : [{ column: outputs[0]!.key, desc: false }]).map((s) => {
    const key = outputs.find((o) => o.key === s.column)!.key;
    return sql`${identifier(key)} ${sql.raw(s.desc ? 'desc' : 'asc')} nulls last`;
  });
  const query = sql`select ${sql.join([...selected, ...aggregates], sql`, `)} from ${from}
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    ${grouped ? sql`group by ${sql.join(chosen, sql`, `)}` : sql``}
    order by ${sql.join(order, sql`, `)}`;
  return { query, columns: outputs };
}

/** A raw cell as the answer shows it: money with two decimals, dates as YYYY-MM-DD, numbers as numbers. */
export function cellOf(column: CustomViewColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.kind === 'money') return moneyOf(value);
  if (column.kind === 'number') return Number(value);
  if (column.kind === 'date')
    return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  return String(value);
}

/** Reads inside a READ ONLY transaction with a 30 s statement timeout (PGlite accepts it and ignores it). */
export async function readOnly<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local statement_timeout = '30s'`);
      return read(tx as unknown as Db);
    },
    { accessMode: 'read only' },
  );
}

/** One page of the rows (up to CUSTOM_REPORT_MAX_ROWS), and how many there are. */
export async function runPage(tx: Db, query: SQL, page: number, size: number) {
  const offset = Math.min((page - 1) * size, CUSTOM_REPORT_MAX_ROWS);
  const limit = Math.min(size, CUSTOM_REPORT_MAX_ROWS - offset);
  const [rows, [count]] = [
    await selectRows(tx, sql`${query} limit ${limit} offset ${offset}`),
    await selectRows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from (${query} limit ${CUSTOM_REPORT_MAX_ROWS + 1}) r`,
    ),
  ];
  const total = count?.total ?? 0;
  return { rows, total: Math.min(total, CUSTOM_REPORT_MAX_ROWS), capped: total > CUSTOM_REPORT_MAX_ROWS };
}
