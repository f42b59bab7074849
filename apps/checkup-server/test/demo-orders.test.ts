import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MUST_BE_RECORDED,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  isValidIdNumber,
  judgeResult,
  refRangeText,
  splitPackagePrice,
  toFen,
  type OrderStatus,
} from '@checkup/api-contract';
import type { Database } from '../src/db/client.js';
import { seedDemoOrders } from '../src/db/demo/seed-orders.js';
import { WALK_IN_STATUSES } from '../src/db/demo/order-plan.js';
import * as t from '../src/db/schema.js';
import { testPersonalData } from './support/app.js';
import { describeOnEachDatabase, openTestDatabase } from './support/database.js';

const TODAY = '2026-03-16';
const at = (status: string) => ORDER_STATUSES.indexOf(status as OrderStatus);
const PASSED_STEPS: Record<OrderStatus, string[]> = {
  prepared: [],
  registered: [],
  checked_in: [],
  in_exam: [],
  depts_done: [],
  first_trial: ['first'],
  main_trial: ['first', 'main'],
  final_trial: ['first', 'main', 'final'],
  report_printed: ['first', 'main', 'final'],
  report_sent: ['first', 'main', 'final'],
};
const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

describeOnEachDatabase((target) => {
  let database: Database;
  const db = () => database.db;
  let orders: (typeof t.orders.$inferSelect)[];
  let customerOf: Map<number, typeof t.customers.$inferSelect>;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedDemoOrders(db(), { orders: 200, seed: 7, today: TODAY, personalData: testPersonalData });
    orders = await db().select().from(t.orders);
    customerOf = new Map((await db().select().from(t.customers)).map((c) => [c.id, c]));
  });
  afterAll(() => database?.close());

  it('gives 200 orders spread over every status, with order ids of their exam date', () => {
    expect(orders).toHaveLength(200);
    // Walk-in visits: a prepared one comes from a group list (预登记), not from the generator.
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(WALK_IN_STATUSES));
    for (const o of orders) expect(o.orderId).toMatch(new RegExp(`^${o.examDate.replaceAll('-', '')}\\d{6}$`));
  });

  it('gives every examinee a valid ID number and occupational visits their harm factors', () => {
    for (const o of orders) {
      const customer = customerOf.get(o.customerId)!;
      const { idCard, phone } = testPersonalData.openIdentity(customer);
      expect(isValidIdNumber(idCard!)).toBe(true);
      expect(customer.custIdCardHash).toBe(testPersonalData.idCardLookup(idCard!));
      expect(customer.phoneHash).toBe(testPersonalData.phoneLookup(phone!));
      if (o.examType === 'occupational') expect(o.harmFactors?.length).toBeGreaterThan(0);
      else expect(o.harmFactors).toBeNull();
    }
  });

  it('seals every examinee’s and contact’s ID number and phone, leaving no plain text', async () => {
    const companies = await db().select().from(t.companies);
    expect(companies.length).toBeGreaterThan(0);
    for (const c of companies)
      expect(testPersonalData.open('companies.contact_phone', c.contactPhoneEnc!)).toMatch(/^1[3-9]\d{9}$/);
    const [plain] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(t.customers)
      .where(sql`${t.customers.legacyIdCard} is not null or ${t.customers.legacyPhone} is not null`);
    expect(plain!.n).toBe(0);
    expect([...customerOf.values()].every((c) => c.custIdCardEnc!.startsWith(`v1:${testPersonalData.keyId}:`))).toBe(
      true,
    );
  });

  it('keeps each order’s departments and unions where its status says', async () => {
    const depts = groupBy(await db().select().from(t.orderDepts), (d) => d.orderId);
    const unions = groupBy(await db().select().from(t.orderUnions), (u) => u.orderId);
    for (const o of orders) {
      const ds = depts.get(o.orderId)!;
      expect(ds.length).toBeGreaterThan(0);
      for (const d of ds) expect(d.examDate).toBe(o.examDate);
      if (at(o.status) < at('in_exam')) {
        expect(ds.every((d) => d.status === '0')).toBe(true);
        expect(unions.get(o.orderId)!.every((u) => u.status === '0')).toBe(true);
      } else if (o.status === 'in_exam') {
        expect(ds.every((d) => d.status === '2')).toBe(false);
      } else {
        expect(ds.every((d) => d.status === '2' && d.signUserId !== null && d.signedAt !== null)).toBe(true);
      }
    }
  });

  it('seeds lines waived, deferred, refused and made up, each with who, when and why (issue 19)', async () => {
    const lines = await db().select().from(t.orderUnions);
    const depts = new Set((await db().select().from(t.orderDepts)).map((d) => `${d.orderId}:${d.deptId}`));
    for (const state of ['2', '3', '4', '5']) {
      const inState = lines.filter((u) => u.status === state);
      expect(inState.length).toBeGreaterThan(0);
      for (const u of inState) expect(u.execBy !== null && u.execAt !== null && u.execReason !== null).toBe(true);
    }
    for (const u of lines.filter((line) => line.status === '3')) expect(u.execDate).not.toBeNull();
    const returned = orders.filter((o) => o.sheetReturnedAt !== null);
    expect(returned.length).toBeGreaterThan(0);
    for (const o of returned) expect(at(o.status)).toBeGreaterThanOrEqual(at('depts_done'));
    // A department keeps a line to record wherever it waits (order_depts), and has a row wherever it has one.
    const byDept = groupBy(lines, (u) => `${u.orderId}:${u.deptId}`);
    for (const [key, deptLines] of byDept) {
      expect(depts.has(key)).toBe(true);
      expect(deptLines.some((u) => MUST_BE_RECORDED.has(u.status))).toBe(true);
    }
  });

  it('has the passed review steps of each reviewed order, and its conclusion', async () => {
    const reviews = groupBy(await db().select().from(t.reviews), (r) => r.orderId);
    const overall = groupBy(
      (await db().select().from(t.orderDiagnoses)).filter((d) => d.deptId === null),
      (d) => d.orderId,
    );
    for (const o of orders) {
      const rows = reviews.get(o.orderId) ?? [];
      const passed = [...new Set(rows.filter((r) => r.result === 'pass').map((r) => r.step))];
      expect(passed.sort()).toEqual([...PASSED_STEPS[o.status as OrderStatus]].sort());
      // One person passes one level of a visit (issue 17): 初审, 主审 and 终审 by three people.
      const passers = new Map(rows.filter((r) => r.result === 'pass').map((r) => [r.step, r.reviewerId]));
      expect(new Set(passers.values()).size).toBe(passers.size);
      for (const r of rows.filter((row) => row.result === 'return')) expect(r.reason).toBeTruthy();
      const reviewed = at(o.status) >= at('first_trial');
      expect(o.conclusion !== null).toBe(reviewed);
      if (!reviewed) expect(overall.has(o.orderId)).toBe(false);
    }
  });

  it('logs the path each order took, every move one the status machine allows', async () => {
    const logs = groupBy(await db().select().from(t.orderStatusLog).orderBy(t.orderStatusLog.id), (l) => l.orderId);
    const allowed = (from: string, to: string) =>
      Object.values(ORDER_ACTIONS).some((a) => (a.from as readonly string[]).includes(from) && a.to === to);
    for (const o of orders) {
      const path = logs.get(o.orderId)!;
      expect(path[0]).toMatchObject({ fromStatus: null, toStatus: 'registered' });
      path.slice(1).forEach((step, i) => {
        expect(step.fromStatus).toBe(path[i]!.toStatus);
        expect(allowed(step.fromStatus!, step.toStatus), `${step.fromStatus} → ${step.toStatus}`).toBe(true);
      });
      expect(path[path.length - 1]!.toStatus).toBe(o.status);
    }
  });

  it('orders only unions the sex allows, never a mutex pair, and charges the sum of its unions', async () => {
    const unionById = new Map((await db().select().from(t.unions)).map((u) => [u.id, u]));
    const packageById = new Map((await db().select().from(t.packages)).map((p) => [p.id, p]));
    const mutex = await db().select().from(t.unionMutex);
    const unions = groupBy(await db().select().from(t.orderUnions), (u) => u.orderId);
    const cents = (value: string) => Math.round(Number(value) * 100);
    for (const o of orders) {
      const sex = customerOf.get(o.customerId)!.sex;
      const ordered = unions.get(o.orderId)!;
      for (const u of ordered) expect(['0', sex]).toContain(unionById.get(u.unionId)!.genderLimit);
      const ids = new Set(ordered.map((u) => u.unionId));
      for (const m of mutex) expect(ids.has(m.unionId) && ids.has(m.mutexUnionId)).toBe(false);
      expect(cents(o.totalPrice)).toBe(ordered.reduce((sum, u) => sum + cents(u.price), 0));
      if (o.packageId !== null) {
        const pkg = packageById.get(o.packageId)!;
        expect(['0', sex]).toContain(pkg.genderLimit);
        const inPackage = ordered.filter((u) => u.origin === 'package');
        expect(inPackage.reduce((sum, u) => sum + cents(u.price), 0)).toBe(cents(pkg.price));
      }
    }
  });

  it('gives each line its list price and the package share of the desk rule, the paid lines summing to the payments', async () => {
    const unionById = new Map((await db().select().from(t.unions)).map((u) => [u.id, u]));
    const packageById = new Map((await db().select().from(t.packages)).map((p) => [p.id, p]));
    const unions = groupBy(await db().select().from(t.orderUnions), (u) => u.orderId);
    const paid = groupBy(await db().select().from(t.payments), (p) => p.orderId);
    for (const o of orders) {
      const ordered = unions.get(o.orderId)!;
      for (const u of ordered) expect(u.listPrice).toBe(unionById.get(u.unionId)!.price);
      if (o.packageId !== null) {
        const inPackage = ordered.filter((u) => u.origin === 'package').sort((a, b) => a.unionId - b.unionId);
        const split = splitPackagePrice(
          toFen(packageById.get(o.packageId)!.price),
          inPackage.map((u) => toFen(u.listPrice)),
        );
        expect(inPackage.map((u) => toFen(u.price))).toEqual(split);
      }
      const charged = ordered.filter((u) => u.feeCharged).reduce((sum, u) => sum + toFen(u.price), 0);
      const payments = (paid.get(o.orderId) ?? []).reduce((sum, p) => sum + toFen(p.amount), 0);
      expect(charged).toBe(payments);
    }
  });

  it('judges every result as the department screen does, and reports each critical one', async () => {
    const items = new Map((await db().select().from(t.examItems)).map((i) => [i.id, i]));
    const done = new Set(
      (await db().select().from(t.orderUnions)).filter((u) => u.status === '1').map((u) => `${u.orderId}:${u.unionId}`),
    );
    const sexOf = new Map(orders.map((o) => [o.orderId, customerOf.get(o.customerId)!.sex]));
    const results = await db().select().from(t.itemResults);
    expect(results.length).toBeGreaterThan(1000);
    const num = (v: string | null) => (v === null ? null : Number(v));
    for (const r of results) {
      expect(done.has(`${r.orderId}:${r.unionId}`)).toBe(true);
      const item = items.get(r.itemId)!;
      const male = sexOf.get(r.orderId) === '1';
      const [refLow, refHigh] = male ? [item.refLowMale, item.refHighMale] : [item.refLowFemale, item.refHighFemale];
      const rule = {
        resultType: item.resultType as 'number' | 'text',
        refLow: num(refLow),
        refHigh: num(refHigh),
        criticalLow: num(item.criticalLow),
        criticalHigh: num(item.criticalHigh),
        normalText: item.normalText,
      };
      const verdict = judgeResult(rule, r.resultValue);
      expect(r.abnormalFlag).toBe(verdict.flag);
      expect(r.criticalFlag).toBe(verdict.critical ? '1' : '0');
      expect(r.refRange).toBe(refRangeText(rule.refLow, rule.refHigh));
    }
    const critical = results.filter((r) => r.criticalFlag === '1').map((r) => `${r.orderId}:${r.itemId}`);
    const raised = (await db().select().from(t.criticalValues)).map((c) => `${c.orderId}:${c.itemId}`);
    expect(raised.sort()).toEqual(critical.sort());
  });

  it('gives each printed report its print, each sent one its passed check and delivery, in time order', async () => {
    const prints = groupBy(await db().select().from(t.reportPrints), (p) => p.orderId);
    const checks = groupBy(await db().select().from(t.reportReviews), (r) => r.orderId);
    const deliveries = groupBy(await db().select().from(t.reportDeliveries), (d) => d.orderId);
    const moves = groupBy(await db().select().from(t.orderStatusLog), (l) => l.orderId);
    const movedTo = (orderId: string, status: string) =>
      moves.get(orderId)!.find((l) => l.toStatus === status)!.createdAt;
    for (const o of orders) {
      const printed = o.status === 'report_printed' || o.status === 'report_sent';
      expect(prints.get(o.orderId)?.length ?? 0).toBe(printed ? 1 : 0);
      if (!printed) {
        expect(checks.has(o.orderId) || deliveries.has(o.orderId)).toBe(false);
        continue;
      }
      const [print] = prints.get(o.orderId)!;
      expect(print).toMatchObject({ source: 'staff' });
      expect(print!.printedAt).toEqual(movedTo(o.orderId, 'report_printed'));
      for (const check of checks.get(o.orderId) ?? []) {
        expect(check.result).toBe('pass');
        expect(check.createdAt >= print!.printedAt).toBe(true);
      }
      if (o.status !== 'report_sent') {
        expect(deliveries.has(o.orderId)).toBe(false);
        continue;
      }
      const [check] = checks.get(o.orderId)!;
      const [delivery] = deliveries.get(o.orderId)!;
      expect(delivery).toMatchObject({ method: 'pickup', status: 'sent' });
      expect(delivery!.createdAt).toEqual(movedTo(o.orderId, 'report_sent'));
      expect(check!.createdAt <= delivery!.createdAt).toBe(true);
    }
    const waiting = orders.filter((o) => o.status === 'report_printed');
    expect(waiting.some((o) => checks.has(o.orderId))).toBe(true);
    expect(waiting.some((o) => !checks.has(o.orderId))).toBe(true);
  });

  it("registers a group member with the group's package, paid as the group says, and extras 自费", async () => {
    const groups = new Map((await db().select().from(t.companyGroups)).map((g) => [g.id, g]));
    expect(new Set([...groups.values()].map((g) => g.payMode))).toEqual(new Set(['company', 'self']));
    const lines = groupBy(await db().select().from(t.orderUnions), (u) => u.orderId);
    for (const o of orders) {
      const group = o.groupId === null ? null : groups.get(o.groupId)!;
      if (group) expect(o.packageId).toBe(group.packageId);
      for (const line of lines.get(o.orderId)!) {
        expect(line.payMode).toBe(group && line.origin === 'package' ? group.payMode : 'self');
      }
    }
  });

  it('leaves no row pointing at nothing (the bulk load skips foreign-key checks where it may)', async () => {
    const orphans = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(
        sql`(select order_id, customer_id from orders o where not exists (select 1 from customers c where c.id = o.customer_id)
          union all select r.order_id, 0 from item_results r left join orders o using (order_id) where o.order_id is null
          union all select r.order_id, 0 from item_results r where not exists (select 1 from union_items ui where ui.union_id = r.union_id and ui.item_id = r.item_id)
          union all select d.order_id, 0 from order_depts d left join orders o using (order_id) where o.order_id is null
          union all select u.order_id, 0 from order_unions u left join orders o using (order_id) where o.order_id is null
          union all select l.order_id, 0 from order_status_log l left join orders o using (order_id) where o.order_id is null
          union all select s.order_id, 0 from dept_summaries s left join orders o using (order_id) where o.order_id is null
          union all select d.order_id, 0 from order_diagnoses d left join diagnoses g on g.id = d.diag_id where g.id is null
          union all select p.order_id, 0 from payments p left join orders o using (order_id) where p.order_id is not null and o.order_id is null
          union all select p.order_id, 0 from report_prints p left join orders o using (order_id) where o.order_id is null
          union all select r.order_id, 0 from report_reviews r left join orders o using (order_id) where o.order_id is null
          union all select d.order_id, 0 from report_deliveries d left join orders o using (order_id) where o.order_id is null) as orphan`,
      );
    expect(orphans[0]!.n).toBe(0);
  });

  it('adds more orders on a second run, numbering each day after the first run', async () => {
    const before = new Set(orders.map((o) => o.orderId));
    const second = await seedDemoOrders(db(), { orders: 50, seed: 7, today: TODAY, personalData: testPersonalData });
    expect(second.orders).toBe(50);
    const all = await db().select({ orderId: t.orders.orderId }).from(t.orders);
    expect(all).toHaveLength(250);
    const firstToday = [...before].filter((id) => id.startsWith('20260316')).sort();
    const added = all.map((o) => o.orderId).filter((id) => !before.has(id) && id.startsWith('20260316'));
    for (const id of added) expect(id > firstToday[firstToday.length - 1]!).toBe(true);
  });
});
