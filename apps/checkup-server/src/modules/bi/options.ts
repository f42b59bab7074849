import { sql, type SQL } from 'drizzle-orm';
import { PAY_METHOD_NAMES, type RouteInput, type biOptionsRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { EXAM_TYPE_NAMES } from './labels.js';
import { selectRows } from './sql-rows.js';

type Source = RouteInput<typeof biOptionsRoute>['source'];

/** The choices of each report filter, value (an id or a code) and label; at most 2,000. */
const QUERIES: Record<Exclude<Source, 'pay_method' | 'exam_type'>, SQL> = {
  company: sql`select id::text as value, company_name as label from companies order by company_name`,
  group_order: sql`select id::text as value, order_no || ' ' || order_name as label from group_orders order by id desc`,
  cashier: sql`select distinct u.id::text as value, u.user_name as label from users u
    where exists (select 1 from payments p where p.operator_id = u.id) order by 2`,
  doctor: sql`select u.id::text as value, u.user_name as label from users u order by u.user_name`,
  dept: sql`select id::text as value, dept_name as label from departments order by dept_code`,
  package: sql`select id::text as value, package_name as label from packages order by package_code`,
  union: sql`select id::text as value, union_name as label from unions order by union_code`,
  branch: sql`select id::text as value, branch_name as label from branches order by id`,
};

export async function optionsOf(db: Db, source: Source): Promise<{ value: string; label: string }[]> {
  if (source === 'pay_method') return Object.entries(PAY_METHOD_NAMES).map(([value, label]) => ({ value, label }));
  if (source === 'exam_type') return Object.entries(EXAM_TYPE_NAMES).map(([value, label]) => ({ value, label }));
  return selectRows<{ value: string; label: string }>(db, sql`${QUERIES[source]} limit 2000`);
}
