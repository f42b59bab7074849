import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardBatchCreateRoute,
  cardConsumeListReport,
  cardSellRoute,
  cardTypeResource,
  cashierDayEndCloseRoute,
  costCollectRoute,
  errorCatalogue,
  groupDiscountReport,
  incomeDetailsReport,
  paymentMethodStatisticsReport,
  REPORT_EXPORT_REPORTS,
  settleOrdersRoute,
  settlementDetailsReport,
  settlementInvoiceDetailsReport,
  statementAuditRoute,
  statementCheckoutRoute,
  statementCreateRoute,
  statementDeductRoute,
  statementFeeAddRoute,
  type BiReport,
  type BiResult,
  type BiRow,
  type Statement,
} from '@checkup/api-contract';
import {
  companies,
  groupOrders,
  groupPersons,
  invoiceApplications,
  invoices,
  orderUnions,
  orders,
  payments,
  unions,
  users,
} from '../src/db/schema.js';
import { refreshStatistics } from '../src/modules/bi/refresh.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';
import { insertRefund } from './support/money-lines.js';

type Caller = ReturnType<typeof callerFor>;
type Reply = { json: () => { status: number; data: unknown; msg: string }; body: string };
const json = (value: unknown) => JSON.stringify(value);

/**
 * 报表导出 (issue 24, breadth §4.4): the six payment and settlement sub-reports beside 支付方式, read
 * from money lines written by the real cashier, card, settlement and invoice calls, and agreeing to the
 * fen with the cashier's day-end and 团体结算.
 *
 * Today's lines (all by admin): 售卡 cash 1000.00; 李四's visit cash 120.50 + wechat 179.50, then a cash
 * refund −20.00; 张三丰's 自费 line 33.33 by exam card; the settlement's checkout transfer 200.00 + cash
 * 59.99 — 7 lines, 1573.32.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  const range = { date_from: today, date_to: today };
  let admin: Caller;
  let adminId: number;
  let companyId: number;
  let groupOrderId: number;
  let groupVisit: string;
  let personalVisit: string;
  let cardNo: string;
  let statement: Statement;
  let issuedApplication: number;

  const ok = <T>(res: Reply): T => {
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as T;
  };
  const query = async (report: BiReport, extra: Record<string, string | number> = {}) =>
    ok<BiResult>(await admin.get(report.routes.query.path, { ...range, ...extra }));
  const drill = async (report: BiReport, rowKey: string, extra: Record<string, string | number> = {}) =>
    ok<{ list: BiRow[]; total: number }>(
      await admin.get(report.routes.drill.path, { ...range, row_key: rowKey, ...extra }),
    );
  async function exported(report: BiReport, extra: Record<string, string | number> = {}) {
    const res = await admin.get(report.routes.export.path, { ...range, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(report.spec.title));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
  }

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, 'admin'));
    adminId = me!.id;
    const { deptId } = await addDept(db(), '报表测试科');
    const unionIds: number[] = [];
    for (const [i, price] of ['100.00', '200.00', '33.33'].entries()) {
      const [u] = await db()
        .insert(unions)
        .values({ unionCode: `RE-U${i}`, unionName: `报表项目${i}`, deptId, price })
        .returning({ id: unions.id });
      unionIds.push(u!.id);
    }

    // A company's approved group order at 八五折 with one finished person: two 统收 lines and one 自费.
    const [company] = await db()
      .insert(companies)
      .values({ companyName: '报表测试单位' })
      .returning({ id: companies.id });
    companyId = company!.id;
    const [order] = await db()
      .insert(groupOrders)
      .values({
        orderNo: 'TDRE000001',
        orderName: '报表测试年度体检',
        companyId,
        planFrom: '2026-01-01',
        planTo: '2026-12-31',
        discountRate: '0.8500',
        salesUserId: adminId,
        approvalState: 'approved',
        approvedAt: new Date(),
      })
      .returning({ id: groupOrders.id });
    groupOrderId = order!.id;
    groupVisit = await addOrder(db(), { status: 'final_trial', examDate: today, name: '张三丰' });
    await db().update(orders).set({ companyId }).where(eq(orders.orderId, groupVisit));
    await db().insert(groupPersons).values({
      groupOrderId,
      custName: '张三丰',
      sex: '1',
      birthday: '1980-01-01',
      orderId: groupVisit,
    });
    const line = (orderId: string, i: number, price: string, listPrice: string, payMode: 'self' | 'company') => ({
      orderId,
      unionId: unionIds[i]!,
      deptId,
      price,
      listPrice,
      status: '1',
      origin: 'package',
      payMode,
    });
    await db()
      .insert(orderUnions)
      .values([
        line(groupVisit, 0, '85.00', '100.00', 'company'),
        line(groupVisit, 1, '170.00', '200.00', 'company'),
        line(groupVisit, 2, '33.33', '50.00', 'self'),
      ]);

    // A personal visit with two 自费 lines (list 120 + 240, price 100 + 200).
    personalVisit = await addOrder(db(), { status: 'registered', examDate: today, name: '李四' });
    await db()
      .insert(orderUnions)
      .values([line(personalVisit, 0, '100.00', '120.00', 'self'), line(personalVisit, 1, '200.00', '240.00', 'self')]);

    // 售卡: a card of ¥1000 sold for cash.
    const type = ok<{ id: number }>(
      await admin.post(cardTypeResource.routes.save.path, {
        type_name: '报表测试卡',
        prefix: 'RE',
        face_value: '1000',
        validity_days: '365',
      }),
    );
    const batch = ok<{ start_no: string }>(
      await admin.post(cardBatchCreateRoute.path, { type_id: type.id, start_seq: 1, count: 1, receiver: '库管' }),
    );
    cardNo = batch.start_no;
    ok(
      await admin.post(cardSellRoute.path, {
        start_no: cardNo,
        sale_price: '1000',
        buyer_name: '王购卡',
        buyer_phone: '13912345678',
        payments: json([{ method: 'cash', amount: '1000' }]),
      }),
    );

    // 收款 at the desk, then a cash refund of 20.00.
    const paid = ok<{ payment_ids: number[] }>(
      await admin.post(costCollectRoute.path, {
        order_id: personalVisit,
        payments: json([
          { method: 'cash', amount: '120.50' },
          { method: 'wechat', amount: '179.50', trade_no: 'WX-RE-1' },
        ]),
      }),
    );
    await insertRefund(db(), paid.payment_ids[0]!, 2_000, adminId);
    ok(
      await admin.post(costCollectRoute.path, {
        order_id: groupVisit,
        payments: json([{ method: 'exam_card', amount: '33.33', card_no: cardNo }]),
      }),
    );

    // 团体结算: 应收 255.00, 附加费用 10.00, 减免 5.01 → 实收 259.99, paid by transfer 200 + cash 59.99.
    statement = ok<Statement>(
      await admin.post(statementCreateRoute.path, {
        group_order_id: groupOrderId,
        pre_settle: '0',
        waive_mode: 'exclude_waived',
      }),
    );
    statement = ok<Statement>(
      await admin.post(statementFeeAddRoute.path, {
        id: statement.id,
        version: statement.version,
        fee_name: '外出采血费',
        amount: '10',
      }),
    );
    statement = ok<Statement>(
      await admin.post(statementDeductRoute.path, {
        id: statement.id,
        version: statement.version,
        mode: 'ratio',
        amount: '5.01',
      }),
    );
    statement = ok<Statement>(
      await admin.post(statementAuditRoute.path, { id: statement.id, version: statement.version, audit: '1' }),
    );
    expect(statement).toMatchObject({ receivable: '255.00', net_amount: '259.99' });
    statement = ok<Statement>(
      await admin.post(statementCheckoutRoute.path, {
        id: statement.id,
        version: statement.version,
        amount: '259.99',
        payments: json([
          { method: 'transfer', amount: '200' },
          { method: 'cash', amount: '59.99' },
        ]),
      }),
    );

    // 开票申请: one issued (发票 259.99), one not yet audited (100.00).
    const [issued] = await db()
      .insert(invoiceApplications)
      .values({
        companyId,
        groupOrderId,
        invoiceType: 'vat_normal',
        title: '报表测试单位',
        amount: '259.99',
        state: 2,
        appliedBy: adminId,
        invoiceNo: 'FP-RE-0001',
        issuedBy: adminId,
        issuedAt: new Date(),
      })
      .returning({ id: invoiceApplications.id });
    issuedApplication = issued!.id;
    const [invoice] = await db()
      .insert(invoices)
      .values({
        invoiceNo: 'FP-RE-0001',
        scope: 'group',
        groupOrderId,
        applicationId: issuedApplication,
        title: '报表测试单位',
        amount: '259.99',
        issuedBy: adminId,
      })
      .returning({ id: invoices.id });
    await db()
      .update(invoiceApplications)
      .set({ invoiceId: invoice!.id })
      .where(eq(invoiceApplications.id, issuedApplication));
    await db().insert(invoiceApplications).values({
      companyId,
      groupOrderId,
      invoiceType: 'receipt',
      title: '报表测试单位',
      amount: '100.00',
      appliedBy: adminId,
    });
  });

  describe('支付方式统计', () => {
    it('adds each method’s lines per day, refunds negative, to the fen', async () => {
      const result = await query(paymentMethodStatisticsReport);
      expect(result.total).toBe(1);
      expect(result.list[0]).toMatchObject({
        period: today,
        cash_count: 4,
        cash_amount: '1160.49',
        wechat_count: 1,
        wechat_amount: '179.50',
        exam_card_amount: '33.33',
        transfer_amount: '200.00',
        alipay_amount: '0.00',
        line_count: 7,
        amount: '1573.32',
      });
      expect(result.summary).toMatchObject({ line_count: 7, amount: '1573.32', cash_amount: '1160.49' });
      const month = await query(paymentMethodStatisticsReport, { period: 'month' });
      expect(month.list[0]).toMatchObject({ period: today.slice(0, 7), amount: '1573.32' });
    });

    it('drills from a day to its lines', async () => {
      const lines = await drill(paymentMethodStatisticsReport, today);
      expect(lines.total).toBe(7);
      expect(lines.list.map((l) => l.amount).sort()).toEqual(
        ['-20.00', '1000.00', '120.50', '179.50', '200.00', '33.33', '59.99'].sort(),
      );
    });

    it('a day’s total is the total of that cashier’s day-end, closed by the finance_mg route', async () => {
      const report = await query(paymentMethodStatisticsReport);
      const closed = ok<{ total: string; line_count: number }>(await admin.post(cashierDayEndCloseRoute.path, {}));
      expect(closed.total).toBe(report.summary.amount);
      expect(closed.total).toBe('1573.32');
    });
  });

  describe('结算明细', () => {
    it('lists the checked-out statement with 应收, 结算金额, 减免 and 实收 as 团体结算 has them', async () => {
      const result = await query(settlementDetailsReport);
      expect(result.total).toBe(1);
      const row = result.list[0]!;
      expect(row).toMatchObject({
        settlement_id: statement.id,
        order_no: 'TDRE000001',
        company_name: '报表测试单位',
        settle_date: today,
        person_count: 1,
        receivable: '255.00',
        settle_amount: '255.00',
        fee_total: '10.00',
        deduction: '5.01',
        paid: '259.99',
        operator_name: expect.any(String),
      });
      expect(String(row.methods).split('、').sort()).toEqual(['现金', '转账'].sort());
      expect(result.summary).toMatchObject({ receivable: '255.00', deduction: '5.01', paid: '259.99' });
      const settled = ok<{ list: { id: number; settled: string }[] }>(await admin.get(settleOrdersRoute.path)).list;
      expect(row.paid).toBe(settled.find((o) => o.id === groupOrderId)!.settled);
      expect(row.paid).toBe(statement.checkout_amount);
      expect((await query(settlementDetailsReport, { company_id: companyId + 1000 })).total).toBe(0);
    });

    it('drills to the settlement’s payment lines, and exports its rows with a 合计 row', async () => {
      const lines = await drill(settlementDetailsReport, String(statement.id));
      expect(lines.list.map((l) => [l.method_name, l.amount, l.kind_name])).toEqual([
        ['转账', '200.00', '收费'],
        ['现金', '59.99', '收费'],
      ]);
      expect(lines.list[0]).toHaveProperty('day_end_no');
      const sheet = await exported(settlementDetailsReport);
      expect(sheet[0]).toContain('实收');
      const paidColumn = sheet[0]!.indexOf('实收');
      expect(sheet.at(-1)![0]).toBe('合计');
      expect(sheet.at(-1)![paidColumn]).toBe(259.99);
    });
  });

  describe('收入明细', () => {
    it('lists every money line, names masked, 原价 once per visit, totalled to the fen', async () => {
      const all = await query(incomeDetailsReport);
      expect(all.total).toBe(7);
      expect(all.summary).toMatchObject({ amount: '1573.32', list_amount: '410.00' });
      const li = await query(incomeDetailsReport, { cust_name: '李四' });
      expect(li.list.map((r) => [r.cust_name, r.method_name, r.kind_name, r.list_amount, r.amount])).toEqual([
        ['李*', '现金', '收费', '360.00', '120.50'],
        ['李*', '微信', '收费', '0.00', '179.50'],
        ['李*', '现金', '退费', '0.00', '-20.00'],
      ]);
      expect(li.summary).toMatchObject({ list_amount: '360.00', amount: '280.00' });
      const company = await query(incomeDetailsReport, { company_id: companyId });
      expect(company.list.map((r) => [r.purpose_name, r.group_order_no, r.amount])).toEqual([
        ['个检收费', 'TDRE000001', '33.33'],
        ['团体结算', 'TDRE000001', '200.00'],
        ['团体结算', 'TDRE000001', '59.99'],
      ]);
      expect(company.list[0]).toMatchObject({ cust_name: '张*丰', exam_type_name: '健康体检', card_no: cardNo });
      expect(company.summary.amount).toBe('293.32');
      const cards = await query(incomeDetailsReport, { purpose: 'card_sale', pay_method: 'cash' });
      expect(cards.list.map((r) => [r.card_no, r.amount])).toEqual([[cardNo, '1000.00']]);
    });

    it('exports the masked names and the 合计 row', async () => {
      const sheet = await exported(incomeDetailsReport, { order_id: personalVisit });
      const name = sheet[0]!.indexOf('姓名');
      const amount = sheet[0]!.indexOf('实收');
      expect(sheet.slice(1, -1).map((r) => r[name])).toEqual(['李*', '李*', '李*']);
      expect(sheet.at(-1)![amount]).toBe(280);
      expect(JSON.stringify(sheet)).not.toContain('李四');
    });
  });

  describe('结算发票明细', () => {
    it('lists the group’s applications with 面额, 发票号 and what stands issued', async () => {
      const result = await query(settlementInvoiceDetailsReport, { group_order_id: groupOrderId });
      expect(result.list.map((r) => [r.state_name, r.face_amount, r.invoice_no, r.issued_amount])).toEqual([
        ['已出票', '259.99', 'FP-RE-0001', '259.99'],
        ['未审核', '100.00', null, '0.00'],
      ]);
      expect(result.summary).toEqual({ face_amount: '359.99', issued_amount: '259.99' });
      const pending = await query(settlementInvoiceDetailsReport, { state_name: '未审核' });
      expect(pending.list.map((r) => r.invoice_type_name)).toEqual(['收据']);
      const issued = await query(settlementInvoiceDetailsReport, { date_kind: 'issue' });
      expect(issued.list.map((r) => r.invoice_no)).toEqual(['FP-RE-0001']);
    });

    it('drills from an application to its invoices', async () => {
      const lines = await drill(settlementInvoiceDetailsReport, `A${issuedApplication}`);
      expect(lines.list.map((l) => [l.invoice_no, l.state_name, l.amount])).toEqual([
        ['FP-RE-0001', '已出票', '259.99'],
      ]);
    });
  });

  describe('团体折扣', () => {
    it('shows each order’s 订单折扣, 销售经理, plan dates, and its people’s lines at list and at price', async () => {
      // Its figures are the refreshed statistics of the order's visits.
      await refreshStatistics(db());
      const result = await query(groupDiscountReport, { discounted: '1' });
      expect(result.list).toHaveLength(1);
      expect(result.list[0]).toMatchObject({
        order_no: 'TDRE000001',
        company_name: '报表测试单位',
        sales_name: expect.any(String),
        book_date: today,
        plan_from: '2026-01-01',
        plan_to: '2026-12-31',
        discount_rate: 85,
        visit_count: 1,
        list_total: '350.00',
        price_total: '288.33',
        discount_total: '61.67',
        actual_rate: 82.38,
      });
      expect(result.summary).toMatchObject({ list_total: '350.00', price_total: '288.33', actual_rate: 82.38 });
      expect((await query(groupDiscountReport, { discounted: '0', order_no: 'TDRE000001' })).total).toBe(0);
      const lines = await drill(groupDiscountReport, String(groupOrderId));
      expect(lines.list).toEqual([
        expect.objectContaining({
          order_id: groupVisit,
          cust_name: '张*丰',
          list_total: '350.00',
          price_total: '288.33',
        }),
      ]);
    });
  });

  describe('体检卡消费明细', () => {
    it('lists the card’s money moves with the balance left', async () => {
      const result = await query(cardConsumeListReport, { card_no: cardNo });
      expect(result.list.map((r) => [r.kind, r.amount, r.balance_after, r.order_id])).toEqual([
        ['消费', '-33.33', '966.67', groupVisit],
      ]);
      expect(result.summary).toEqual({ amount: '-33.33' });
      expect((await query(cardConsumeListReport, { card_no: cardNo, direction: 'in' })).total).toBe(0);
      const sheet = await exported(cardConsumeListReport, { card_no: cardNo });
      expect(sheet.at(-1)![0]).toBe('合计');
      expect(sheet.at(-1)![sheet[0]!.indexOf('金额')]).toBe(-33.33);
    });
  });

  it('refuses each report to a role without its screen', async () => {
    const other = callerFor(
      server,
      await staffSession(db(), 'bi_export_other', ['bi', 'bi/report_export/payment_method']),
    );
    for (const report of REPORT_EXPORT_REPORTS.slice(1)) {
      const refused = await other.get(report.routes.query.path, range);
      expect(refused.statusCode, report.spec.key).toBe(403);
      expect(refused.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
      expect((await other.get(report.routes.export.path, range)).statusCode).toBe(403);
    }
    expect((await other.get(REPORT_EXPORT_REPORTS[0].routes.query.path, range)).statusCode).toBe(200);
    // Every line read above was written by the cashier, card and settlement calls.
    expect((await db().select().from(payments)).length).toBe(7);
  });
});
