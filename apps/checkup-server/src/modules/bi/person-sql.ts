import { sql, type SQL } from 'drizzle-orm';
import type { BiFilterValues, UserInfo } from '@checkup/api-contract';
import { branchIs, dateRange, idIs } from './serve-report.js';

/**
 * The person columns of the 查询报表 and of the lists behind 疾病分析 and 职业健康监护, over
 * `orders o join customers c left join companies co`: the name masked as maskName does (first and
 * last characters kept), a 保密 person's name hidden from users without 保密权限, and no ID number.
 */

/** maskName in SQL, so the paged query, its totals and the streamed Excel agree without a pass in JS. */
export function maskedSql(name: SQL): SQL {
  const n = sql`btrim(${name})`;
  return sql`(case when char_length(${n}) <= 1 then ${n}
    when char_length(${n}) = 2 then left(${n}, 1) || '*'
    else left(${n}, 1) || repeat('*', char_length(${n}) - 2) || right(${n}, 1) end)`;
}

/** spec §5: a 保密 examinee shows as *** to a user without special_flag. */
export function maskedName(user: UserInfo): SQL {
  const masked = maskedSql(sql`c.cust_name`);
  return user.special_flag === '1' ? masked : sql`(case when c.special_flag = '1' then '***' else ${masked} end)`;
}

/** 体检号, 姓名, 性别, 年龄, 单位, 登记日期: the personColumns of the contract (and the date as a sort key). */
export const personSelect = (user: UserInfo) => sql`o.order_id, ${maskedName(user)} as cust_name,
  (case c.sex when '1' then '男' when '2' then '女' else c.sex end) as sex_name,
  greatest(0, extract(year from age(o.exam_date, c.birthday)))::int::text as age,
  coalesce(co.company_name, '个人') as company_name, o.exam_date::text as exam_date,
  o.exam_date as __exam_date`;

/**
 * Newest visits first, by the date itself and the visit (orders_exam_date_order_idx read backwards):
 * a page of a listing reads its rows off the index instead of sorting the whole range.
 */
export const BY_VISIT = '"__exam_date" desc, "order_id" desc';

/**
 * Every visit has its person (customers is not null and referenced); a left join says the same and
 * lets the count of a listing leave the people out (PostgreSQL drops a left join nothing reads).
 */
export const personJoins = sql`orders o left join customers c on c.id = o.customer_id
  left join companies co on co.id = o.company_id`;

/** 审核日期: the hospital day the visit last passed 终审 (as bi_visit_facts.audit_date). */
export const auditDay = sql`(select (max(r.created_at) at time zone 'Asia/Shanghai')::date from reviews r
  where r.order_id = o.order_id and r.step = 'final' and r.result = 'pass')`;

/** 姓名 begins with the text typed (the name index serves a prefix). */
function nameIs(filter: BiFilterValues): SQL {
  const value = filter['name'];
  if (value === undefined || value === '') return sql`true`;
  const escaped = String(value).replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql`c.cust_name like ${`${escaped}%`}`;
}

/** The visits a query reads: date (登记 / 审核), 分中心, 姓名 and 单位. */
export function visitIs(filter: BiFilterValues): SQL {
  return sql`${dateRange(filter, { register: sql`o.exam_date`, audit: auditDay })}
    and ${branchIs(filter, sql`o.branch_id`)} and ${nameIs(filter)}
    and ${idIs(filter, 'company_id', sql`o.company_id`)}`;
}
