import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  GROUP_REPORT_MESSAGES,
  type GroupReportRow,
  type GroupReportState,
  type groupReportListRoute,
  type RouteOutput,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { branches, companies, groupOrders, groupReports, users } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

const creator = alias(users, 'creator');
const reviewer = alias(users, 'reviewer');

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function rowsQuery(db: Db | Tx) {
  return db
    .select({
      r: groupReports,
      companyName: companies.companyName,
      orderNo: groupOrders.orderNo,
      orderName: groupOrders.orderName,
      branchName: branches.branchName,
      creatorName: creator.userName,
      reviewerName: reviewer.userName,
    })
    .from(groupReports)
    .innerJoin(companies, eq(companies.id, groupReports.companyId))
    .innerJoin(groupOrders, eq(groupOrders.id, groupReports.groupOrderId))
    .leftJoin(branches, eq(branches.id, groupReports.branchId))
    .leftJoin(creator, eq(creator.id, groupReports.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, groupReports.reviewedBy));
}

type Joined = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

function rowOf({ r, ...j }: Joined): GroupReportRow {
  return {
    id: r.id,
    sample_name: r.sampleName,
    company_id: r.companyId,
    company_name: j.companyName,
    group_order_id: r.groupOrderId,
    order_no: j.orderNo,
    order_name: j.orderName,
    branch_id: r.branchId,
    branch_name: j.branchName,
    date_from: r.dateFrom,
    date_to: r.dateTo,
    sex: r.sex,
    include_absent: r.includeAbsent,
    state: r.state as GroupReportState,
    reject_reason: r.rejectReason,
    generated_at: iso(r.generatedAt),
    created_by_name: j.creatorName,
    reviewed_by_name: j.reviewerName,
    reviewed_at: iso(r.reviewedAt),
    created_at: r.createdAt.toISOString(),
  };
}

export async function readGroupReportRow(db: Db | Tx, id: number): Promise<GroupReportRow> {
  const [row] = await rowsQuery(db).where(eq(groupReports.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', GROUP_REPORT_MESSAGES.notFound);
  return rowOf(row);
}

export async function listGroupReports(
  db: Db,
  f: z.output<(typeof groupReportListRoute)['input']>,
): Promise<RouteOutput<typeof groupReportListRoute>> {
  const where: SQL | undefined = and(
    f.company_id ? eq(groupReports.companyId, f.company_id) : undefined,
    f.group_order_id ? eq(groupReports.groupOrderId, f.group_order_id) : undefined,
    f.state ? eq(groupReports.state, f.state) : undefined,
    f.key ? ilike(groupReports.sampleName, `%${escapeLike(f.key)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    rowsQuery(db)
      .where(where)
      .orderBy(desc(groupReports.createdAt), desc(groupReports.id))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ n: count() }).from(groupReports).where(where),
  ]);
  return { list: rows.map(rowOf), total: total?.n ?? 0, page: f.page, size: f.size };
}

/** The report locked for a move in `tx`. */
export async function lockGroupReport(db: Tx, id: number) {
  const [row] = await db.select().from(groupReports).where(eq(groupReports.id, id)).for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', GROUP_REPORT_MESSAGES.notFound);
  return row;
}

/** The 新建 form's choices: every 团体, the orders of the chosen one, every active 分中心. */
export async function groupReportChoices(db: Db, companyId: number | undefined) {
  const [companyRows, orderRows, branchRows] = await Promise.all([
    db
      .select({ value: companies.id, label: companies.companyName })
      .from(companies)
      .orderBy(companies.companyName)
      .limit(2000),
    companyId
      ? db
          .select({
            value: groupOrders.id,
            label: sql<string>`${groupOrders.orderNo} || ' ' || ${groupOrders.orderName}`,
            plan_from: groupOrders.planFrom,
            plan_to: groupOrders.planTo,
            branch_id: groupOrders.branchId,
          })
          .from(groupOrders)
          .where(eq(groupOrders.companyId, companyId))
          .orderBy(desc(groupOrders.id))
      : Promise.resolve([]),
    db
      .select({ value: branches.id, label: branches.branchName })
      .from(branches)
      .where(eq(branches.isActive, true))
      .orderBy(branches.sort, branches.id),
  ]);
  return { companies: companyRows, orders: orderRows, branches: branchRows };
}
