import { asc, eq, gte, ilike, like, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { maskPhone, type reviewPlanResource } from '@checkup/api-contract';
import { companies, customers, orders, reviewPlans, unions } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import type { PersonalData } from '../people/personal-data.js';

const reviewVisit = alias(orders, 'review_visit');

/** 已完成 is the re-exam visit past 终审; otherwise the plan's own status. */
const statusOf = sql<string>`case when ${reviewPlans.status} = 'registered' and ${reviewVisit.status} in ('final_trial', 'report_printed', 'report_sent') then 'done' else ${reviewPlans.status} end`;

const confidential = sql`${customers.specialFlag} = '1'`;

/**
 * 复查管理's list over review_plans: the first visit and its examinee (a confidential person's name and
 * phone hidden in the list and the export), the suggested unions by name in their order, and the
 * re-exam visit once registered. Filtered by the due day, the status and a 体检号 or name.
 */
export function reviewPlanBinding(personalData: PersonalData): ResourceBinding<typeof reviewPlanResource> {
  return {
    table: reviewPlans,
    id: reviewPlans.id,
    fields: {
      order_id: reviewPlans.orderId,
      cust_name: sql<string>`case when ${confidential} then '***' else ${customers.custName} end`,
      sex: customers.sex,
      phone: sql<string | null>`case when ${confidential} then null else ${customers.phoneEnc} end`,
      exam_date: orders.examDate,
      union_ids: reviewPlans.unionIds,
      union_names: sql<string>`coalesce((select string_agg(${unions.unionName}, '、' order by picked.n)
        from jsonb_array_elements_text(${reviewPlans.unionIds}) with ordinality as picked(id, n)
        join ${unions} on ${unions.id} = picked.id::int), '')`,
      interval_months: reviewPlans.intervalMonths,
      due_date: reviewPlans.dueDate,
      due_end: reviewPlans.dueEnd,
      notes: reviewPlans.notes,
      status: statusOf,
      review_order_id: reviewPlans.reviewOrderId,
      review_exam_date: reviewVisit.examDate,
      review_order_status: reviewVisit.status,
      company_name: companies.companyName,
      created_by_name: reviewPlans.createdByName,
      created_at: reviewPlans.createdAt,
      cancel_reason: reviewPlans.cancelReason,
    },
    joins: [
      { table: orders, on: eq(orders.orderId, reviewPlans.orderId) },
      { table: customers, on: eq(customers.id, orders.customerId) },
      { table: companies, on: eq(companies.id, orders.companyId) },
      { table: reviewVisit, on: eq(reviewVisit.orderId, reviewPlans.reviewOrderId) },
    ],
    where: (filter) => {
      const key = filter.key;
      return [
        filter.status ? eq(statusOf, filter.status) : undefined,
        filter.date_from ? gte(reviewPlans.dueDate, filter.date_from) : undefined,
        filter.date_to ? lte(reviewPlans.dueDate, filter.date_to) : undefined,
        key
          ? /^[0-9A-Za-z]+$/.test(key)
            ? or(like(reviewPlans.orderId, `${key}%`), like(reviewPlans.reviewOrderId, `${key}%`))
            : ilike(customers.custName, `%${escapeLike(key)}%`)
          : undefined,
      ];
    },
    orderBy: [asc(reviewPlans.dueDate), asc(reviewPlans.id)],
    values: () => ({}),
    toRow: (row) => ({
      ...row,
      phone: row.phone ? maskPhone(personalData.open('customers.phone', row.phone as string)) : null,
      created_at: (row.created_at as Date).toISOString(),
    }),
  };
}
