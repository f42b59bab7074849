import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABELS } from '@checkup/api-contract';
import { labelOf } from './labels.js';
import { maskedSql } from './person-sql.js';

/**
 * The visit columns a drill-down of 科室/医生分析 and 工作量 shows (体检号, 姓名, 登记日期, 个检/团检,
 * 状态), over a visit alias (`v` bi_visit_facts or `o` orders) and `c` customers.
 */
export function visitCells(alias: 'v' | 'o'): SQL {
  const a = sql.raw(alias);
  const isGroup = alias === 'v' ? sql`v.is_group` : sql`o.group_id is not null`;
  return sql`${a}.order_id, ${maskedName(sql`c.cust_name`, sql`c.special_flag`)} as cust_name,
    ${a}.exam_date::text as exam_date, case when ${isGroup} then '团检' else '个检' end as type_name,
    ${labelOf(sql`${a}.status`, ORDER_STATUS_LABELS)} as status_name`;
}

/** A name masked as maskName does; a confidential examinee (special_flag '1') is '***'. */
export function maskedName(name: SQL, specialFlag: SQL): SQL {
  return sql`(case when ${specialFlag} = '1' then '***' else ${maskedSql(name)} end)`;
}

/** 星期一 … 星期日 of a date. */
export const weekdayOf = (day: SQL) =>
  sql`('星期' || (array['日','一','二','三','四','五','六'])[extract(dow from ${day})::int + 1])`;

/** A row_key part as an id, '' as null (a row whose person is not recorded). */
export const keyId = (part: string | undefined) => (part === undefined || part === '' ? null : Number(part));
