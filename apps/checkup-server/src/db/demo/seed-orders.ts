import { inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { analyze } from '../maintenance.js';
import type { Db } from '../client.js';
import {
  criticalValues,
  customers,
  deptSummaries,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderExceptions,
  orders,
  orderStatusLog,
  orderUnions,
  payments,
  reportDeliveries,
  reportPrints,
  reportReviews,
  reviews,
  users,
} from '../schema.js';
import { DEMO_ACCOUNTS, type DemoAccount } from '@checkup/api-contract';
import type { PersonalData } from '../../modules/people/personal-data.js';
import { insertMany } from './bulk-insert.js';
import { seedDemoCompanies } from './companies.js';
import { seedDemoCards } from './exam-cards.js';
import { seedDemoGroupOrderStates } from './group-order-states.js';
import { seedDemoFinance } from './finance.js';
import { isValidDay, todayCst } from './dates.js';
import { buildContent, type ContentContext, type CustomerRef } from './order-content.js';
import type { Staff, StaffMember } from './order-extras.js';
import { planOrders } from './order-plan.js';
import { buildOrderRows } from './order-rows.js';
import { buildTimeline } from './order-timeline.js';
import { mixSeed, Rng } from './prng.js';
import { loadCatalogueSnapshot } from './snapshot.js';
import { firstBranchId } from '../../modules/system-register/desk-branch.js';

export const DEFAULT_DEMO_SEED = 2026;

export interface SeedOrdersOptions {
  orders: number;
  /** Seals the examinees' ID numbers and phones as registration does. */
  personalData: PersonalData;
  seed?: number;
  /** 'YYYY-MM-DD'; defaults to today in China Standard Time. */
  today?: string;
  /** Orders per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedOrdersResult {
  orders: number;
  customers: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  firstOrderId: string | null;
  lastOrderId: string | null;
  ms: number;
}

async function loadStaff(db: Db): Promise<Staff> {
  const rows = await db
    .select({ id: users.id, account: users.userAccount, name: users.userName })
    .from(users)
    .where(
      inArray(
        users.userAccount,
        DEMO_ACCOUNTS.map((a) => a.account),
      ),
    );
  const by = (account: string): StaffMember => {
    const row = rows.find((r) => r.account === account);
    if (!row) throw new Error(`seedDemoOrders: demo account ${account} is missing; run seedDemoData first`);
    return { id: row.id, name: row.name };
  };
  const doctors = new Map<string, StaffMember>();
  for (const account of DEMO_ACCOUNTS as readonly DemoAccount[])
    for (const dept of Array.isArray(account.depts) ? account.depts : []) doctors.set(dept, by(account.account));
  const fallback = by('doctor1');
  return {
    registrar: by('reg'),
    chief: by('chief'),
    mainChief: by('chief2'),
    reviewer: by('reviewer'),
    expert: by('expert'),
    doctorFor: (code) => doctors.get(code) ?? fallback,
  };
}

/** The last sequence number used on each day, so a second run numbers its orders after them. */
async function lastSequences(db: Db): Promise<Map<string, number>> {
  const day = sql<string>`left(${orders.orderId}, 8)`;
  const rows = await db
    .select({ day, last: sql<number>`max(substring(${orders.orderId} from 9)::int)` })
    .from(orders)
    .where(sql`${orders.orderId} ~ '^[0-9]{14}$'`)
    .groupBy(day);
  return new Map(rows.map((r) => [`${r.day.slice(0, 4)}-${r.day.slice(4, 6)}-${r.day.slice(6)}`, Number(r.last)]));
}

/**
 * Foreign-key checks are half the time of a PGlite load. The generator only refers to rows it has
 * just written or read, so where the role may (a superuser: always on PGlite) the batches skip them,
 * as pg_dump --disable-triggers does; the integration test looks for orphans instead.
 */
async function maySkipForeignKeyChecks(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ isSuper: sql<boolean>`rolsuper` })
    .from(sql`pg_roles`)
    .where(sql`rolname = current_user`);
  return row?.isSuper === true;
}

async function allocateCustomerIds(db: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('customers', 'id'))::int` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((r) => Number(r.id));
}

/**
 * Generates `orders` demo visits over the last 60 days and today, with everything a visit in its
 * status has (see README.md). The same seed on the same database gives the same data. A second run
 * adds new orders: its stream is seeded with the number of orders already there, and its order ids
 * continue each day's sequence. Each batch of orders is one transaction.
 */
export async function seedDemoOrders(db: Db, options: SeedOrdersOptions): Promise<SeedOrdersResult> {
  const started = performance.now();
  const count = options.orders;
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`seedDemoOrders: orders must be a whole number ≥ 0, not ${count}`);
  const today = options.today ?? todayCst();
  if (!isValidDay(today)) throw new Error(`seedDemoOrders: today must be YYYY-MM-DD, not ${today}`);
  const batchSize = options.batchSize ?? 1000;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;

  const catalogue = await loadCatalogueSnapshot(db);
  if (catalogue.unions.length === 0) throw new Error('seedDemoOrders: the catalogue is empty; run seedDemoData first');
  const staff = await loadStaff(db);
  const groups = await seedDemoCompanies(db, today, options.personalData);
  await seedDemoCards(db, today, options.personalData);
  await seedDemoGroupOrderStates(db, today);
  await seedDemoFinance(db);
  const existing = await db.$count(orders);
  // Every demo visit and payment line is the desk's branch (issue 21).
  const branchId = await firstBranchId(db);
  const runSeed = mixSeed(seed, existing);
  const plans = planOrders(new Rng(mixSeed(runSeed, 0)), count, existing, today, await lastSequences(db));
  const skipChecks = await maySkipForeignKeyChecks(db);
  const ctx: ContentContext = { catalogue, groups, today, pool: [] };
  const rows: Record<string, number> = {};

  for (let start = 0; start < plans.length; start += batchSize) {
    const batch = plans.slice(start, start + batchSize).map((plan) => {
      const rng = new Rng(mixSeed(runSeed, plan.index + 1));
      const content = buildContent(rng, ctx, plan.examDate);
      const timeline = buildTimeline(rng, plan, today);
      return buildOrderRows(rng, { plan, content, timeline, catalogue, staff, today });
    });
    // A customer first seen in this batch is written with it, dated by their first visit.
    const fresh = new Map<CustomerRef, Date>();
    for (const r of batch) {
      if (r.customer.draft && r.customer.id === 0 && !fresh.has(r.customer)) fresh.set(r.customer, r.order.createdAt!);
    }
    // Ids first, so the orders of the batch can point at their new customers.
    await db.transaction(async (tx) => {
      if (skipChecks) await tx.execute(sql`set local session_replication_role = replica`);
      const ids = await allocateCustomerIds(tx, fresh.size);
      [...fresh.keys()].forEach((customer, i) => (customer.id = ids[i]!));
      for (const r of batch) r.order.customerId = r.customer.id;
      const write = async <T extends PgTable>(name: string, table: T, list: T['$inferInsert'][]) => {
        await insertMany(tx, table, list);
        rows[name] = (rows[name] ?? 0) + list.length;
      };
      const newCustomers = [...fresh].map(([c, createdAt]) => {
        const { custIdCard, phone, ...person } = c.draft!;
        return { id: c.id, ...person, ...options.personalData.sealIdentity({ idCard: custIdCard, phone }), createdAt };
      });
      await write('customers', customers, newCustomers);
      await write(
        'orders',
        orders,
        batch.map((r) => ({ ...r.order, branchId })),
      );
      await write(
        'order_status_log',
        orderStatusLog,
        batch.flatMap((r) => r.statusLog),
      );
      await write(
        'order_unions',
        orderUnions,
        batch.flatMap((r) => r.unions),
      );
      await write(
        'order_depts',
        orderDepts,
        batch.flatMap((r) => r.depts),
      );
      await write(
        'item_results',
        itemResults,
        batch.flatMap((r) => r.results),
      );
      await write(
        'dept_summaries',
        deptSummaries,
        batch.flatMap((r) => r.summaries),
      );
      await write(
        'order_diagnoses',
        orderDiagnoses,
        batch.flatMap((r) => r.diagnoses),
      );
      await write(
        'reviews',
        reviews,
        batch.flatMap((r) => r.reviews),
      );
      await write(
        'payments',
        payments,
        batch.flatMap((r) => r.payments.map((p) => ({ ...p, branchId }))),
      );
      await write(
        'order_exceptions',
        orderExceptions,
        batch.flatMap((r) => r.exceptions),
      );
      await write(
        'critical_values',
        criticalValues,
        batch.flatMap((r) => r.criticals),
      );
      await write(
        'report_prints',
        reportPrints,
        batch.flatMap((r) => r.reportPrints),
      );
      await write(
        'report_reviews',
        reportReviews,
        batch.flatMap((r) => r.reportChecks),
      );
      await write(
        'report_deliveries',
        reportDeliveries,
        batch.flatMap((r) => r.reportDeliveries),
      );
    });
    options.onProgress?.(Math.min(start + batchSize, plans.length), plans.length);
  }
  // Fresh statistics, so the first searches use the indexes (db/maintenance.ts).
  await analyze(db);
  const ids = plans.map((p) => p.orderId).sort();
  return {
    orders: plans.length,
    customers: rows.customers ?? 0,
    rows,
    firstOrderId: ids[0] ?? null,
    lastOrderId: ids[ids.length - 1] ?? null,
    ms: Math.round(performance.now() - started),
  };
}
