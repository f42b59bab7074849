import { sql, type SQL } from 'drizzle-orm';
import {
  AGE_BANDS,
  DICTIONARIES,
  PAYMENT_KIND_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PAY_METHOD_NAMES,
} from '@checkup/api-contract';

/** `case column when 'a' then '甲' … else column end`: a code shown by its contract label. */
export function labelOf(column: SQL, labels: Readonly<Record<string, string>>): SQL {
  const whens = Object.entries(labels).map(([code, label]) => sql`when ${code} then ${label}`);
  return sql`(case ${column} ${sql.join(whens, sql` `)} else ${column} end)`;
}

/** The exam types a visit is registered as, by the dictionary's names (复查 included). */
export const EXAM_TYPE_NAMES: Record<string, string> = Object.fromEntries(
  DICTIONARIES.exam_type.map((e) => [e.code, e.name]),
);

export const payMethodName = (column: SQL) => labelOf(column, PAY_METHOD_NAMES);
export const purposeName = (column: SQL) => labelOf(column, PAYMENT_PURPOSE_LABELS);
export const paymentKindName = (column: SQL) => labelOf(column, PAYMENT_KIND_LABELS);
export const examTypeName = (column: SQL) => labelOf(column, EXAM_TYPE_NAMES);

/** A timestamp as the hospital's local time text. */
export const localTime = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** The contract's 年龄段 of an age, as its key. */
export function ageBandOf(age: SQL): SQL {
  const whens = AGE_BANDS.map((band) => {
    const low = band.from === null ? sql`true` : sql`${age} >= ${band.from}`;
    const high = band.to === null ? sql`true` : sql`${age} <= ${band.to}`;
    return sql`when ${low} and ${high} then ${band.key}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}
