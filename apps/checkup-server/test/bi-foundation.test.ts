import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BI_MESSAGES,
  biRefreshRoute,
  cashierDayEndPreviewRoute,
  errorCatalogue,
  paymentMethodReport,
  ROW_KEY_SEPARATOR,
  type BiResult,
} from '@checkup/api-contract';
import { auditLog, biVisitFacts, orderUnions, unions, users } from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor } from './support/domain.js';
import { insertCharge, insertRefund } from './support/money-lines.js';

/**
 * 统计分析's shared layer (issue 24): a report's 查询 pages and totals exactly, its 明细 shows the rows
 * behind a total, its export streams the same figures, only its screen may run it, and the refresh
 * builds the aggregate tables from the working ones.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  const range = { date_from: today, date_to: today };
  let cashier: ReturnType<typeof callerFor>;
  let cashierId: number;
  let orderId: string;

  beforeAll(async () => {
    cashier = callerFor(
      server,
      await staffSession(db(), 'bi_cashier', ['finance_mg/day_end_mg', 'bi/report_export/payment_method']),
    );
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, 'bi_cashier'));
    cashierId = user!.id;
    orderId = await addOrder(db(), { status: 'registered', examDate: today });
    const cash = await insertCharge(db(), { operatorId: cashierId, orderId, amountFen: 30_001, method: 'cash' });
    await insertRefund(db(), cash, 5_000, cashierId);
    await insertCharge(db(), { operatorId: cashierId, orderId, amountFen: 12_345, method: 'wechat' });
    await insertCharge(db(), { operatorId: cashierId, orderId, amountFen: 20_000, method: 'exam_card' });
  });

  const query = async (extra: Record<string, string | number> = {}) => {
    const res = await cashier.get(paymentMethodReport.routes.query.path, { ...range, ...extra });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as BiResult;
  };

  describe('a live report: 支付方式', () => {
    it('groups by cashier and method, pages, and totals every row to the fen', async () => {
      const all = await query({ cashier_id: cashierId });
      expect(all.total).toBe(3);
      expect(all.list.map((r) => [r.method_name, r.line_count, r.amount])).toEqual([
        ['现金', 2, '250.01'],
        ['体检卡', 1, '200.00'],
        ['微信', 1, '123.45'],
      ]);
      expect(all.summary).toEqual({ line_count: 4, amount: '573.46' });
      expect(all.as_of).toBeNull();
      const second = await query({ cashier_id: cashierId, page: 2, size: 2 });
      expect(second.list).toHaveLength(1);
      expect(second.summary).toEqual(all.summary);
    });

    it('agrees with the cashier’s day-end preview of the same lines', async () => {
      const preview = await cashier.get(cashierDayEndPreviewRoute.path);
      const report = await query({ cashier_id: cashierId });
      expect(report.summary.amount).toBe(preview.json().data.total);
    });

    it('drills from a total to its lines, refunds negative', async () => {
      const res = await cashier.get(paymentMethodReport.routes.drill.path, {
        ...range,
        row_key: `${cashierId}${ROW_KEY_SEPARATOR}cash`,
      });
      expect(res.json().status, res.body).toBe(200);
      const page = res.json().data as { list: Record<string, unknown>[]; total: number };
      expect(page.total).toBe(2);
      expect(page.list.map((r) => [r.kind_name, r.amount])).toEqual([
        ['收费', '300.01'],
        ['退费', '-50.00'],
      ]);
      const bad = await cashier.get(paymentMethodReport.routes.drill.path, { ...range, row_key: 'x' });
      expect(bad.json().msg).toBe(BI_MESSAGES.rowKey);
    });

    it('exports the rows and a 合计 row as .xlsx', async () => {
      const res = await cashier.get(paymentMethodReport.routes.export.path, { ...range, cashier_id: cashierId });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('支付方式'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      expect(rows[0]!.slice(1)).toEqual(['收费员', '收费方式', '笔数', '金额']);
      expect(rows.at(-1)!.slice(1)).toEqual(['合计', undefined, 4, 573.46]);
    });

    it('refuses a bad range in Chinese and a role without the screen', async () => {
      const missing = await cashier.get(paymentMethodReport.routes.query.path, { date_from: today });
      expect(missing.json().msg).toBe(BI_MESSAGES.dateTo);
      const reversed = await cashier.get(paymentMethodReport.routes.query.path, {
        date_from: '2026-02-01',
        date_to: '2026-01-01',
      });
      expect(reversed.json().msg).toBe(BI_MESSAGES.dateOrder);
      const other = callerFor(server, await staffSession(db(), 'bi_other', ['finance_mg/day_end_mg']));
      const refused = await other.get(paymentMethodReport.routes.query.path, range);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
    });
  });

  describe('the aggregate tables', () => {
    it('refresh derives a visit’s figures, again after its lines change, and leaves an audit row', async () => {
      const { deptId: dept } = await addDept(db(), '统计科室');
      const visit = await addOrder(db(), { status: 'registered', examDate: today });
      const unionId = await addUnion(dept);
      await db()
        .insert(orderUnions)
        .values({ orderId: visit, unionId, deptId: dept, price: '80.00', listPrice: '100.00', origin: 'extra' });
      const res = await cashier.post(biRefreshRoute.path, {});
      expect(res.json().status, res.body).toBe(200);
      const [fact] = await db().select().from(biVisitFacts).where(eq(biVisitFacts.orderId, visit));
      expect(fact).toMatchObject({ lineCount: 1, listTotal: '100.00', priceTotal: '80.00', extraPriceTotal: '80.00' });
      await db().update(orderUnions).set({ returnedAt: new Date() }).where(eq(orderUnions.orderId, visit));
      await cashier.post(biRefreshRoute.path, {});
      const [after] = await db().select().from(biVisitFacts).where(eq(biVisitFacts.orderId, visit));
      expect(after).toMatchObject({ lineCount: 0, priceTotal: '0.00' });
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'bi_refresh'));
      expect(audit.length).toBeGreaterThanOrEqual(2);
    });
  });

  async function addUnion(deptId: number): Promise<number> {
    const [row] = await db()
      .insert(unions)
      .values({ unionCode: 'BI-T1', unionName: '统计测试项目', deptId, price: '100.00' })
      .returning({ id: unions.id });
    return row!.id;
  }
});
