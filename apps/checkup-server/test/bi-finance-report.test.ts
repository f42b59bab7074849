import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  arrearsStatisticsReport,
  cardIncomeReport,
  cashierDayEndPreviewRoute,
  companyIncomeReport,
  dailyIncomeReport,
  deptIncomeReport,
  discountStatisticsReport,
  errorCatalogue,
  FINANCE_REPORTS,
  invoiceStatisticsReport,
  moneyText,
  monthlyIncomeReport,
  packageIncomeReport,
  payMethodIncomeReport,
  refundStatisticsReport,
  ROW_KEY_SEPARATOR,
  unionIncomeReport,
  type BiReport,
  type BiResult,
  type BiRow,
} from '@checkup/api-contract';
import {
  cardBatches,
  cardTypes,
  companies,
  companyGroups,
  examCards,
  groupOrders,
  orders,
  orderUnions,
  packages,
  payments,
  settlementLines,
  settlements,
  unions,
  users,
} from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { refreshStatistics } from '../src/modules/bi/refresh.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor } from './support/domain.js';
import { insertCharge, insertInvoice, insertRefund } from './support/money-lines.js';

/**
 * 财务报表 (issue 24, breadth §4.6): every sub-report's figures and totals row to the fen from known
 * lines, a drill-down per report, refusal without the screen, and 日收入统计's 实收 equal to the
 * cashier's day-end preview of the same lines.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  /** The money of another cashier on another month; the visits of the revenue reports on their own day. */
  const earlierDay = '2026-10-15';
  const statsDay = '2026-06-15';
  const moneyRange = { date_from: earlierDay, date_to: today };
  const statsRange = { date_from: statsDay, date_to: statsDay };
  let cashier: ReturnType<typeof callerFor>;
  let cashierId: number;
  let cardTypeId: number;
  let cardNo: string;
  const ids = {} as Record<'package' | 'u1' | 'u2' | 'company' | 'groupOrder', number> &
    Record<'x' | 'y' | 'w' | 'z', string>;

  beforeAll(async () => {
    cashier = callerFor(
      server,
      await staffSession(db(), 'fin_cashier', ['finance_mg/day_end_mg', ...FINANCE_REPORTS.map((r) => r.spec.screen)]),
    );
    cashierId = await userId('fin_cashier');
    await staffSession(db(), 'fin_other', ['finance_mg/day_end_mg']);
    const otherId = await userId('fin_other');

    // Money lines of today, all the cashier's own and still open (what the day-end preview takes).
    const visit = await addOrder(db(), { status: 'registered', examDate: today });
    const cash = await insertCharge(db(), { operatorId: cashierId, orderId: visit, amountFen: 30_001, method: 'cash' });
    await insertRefund(db(), cash, 5_000, cashierId);
    await insertCharge(db(), { operatorId: cashierId, orderId: visit, amountFen: 12_345, method: 'wechat' });
    await insertCharge(db(), { operatorId: cashierId, orderId: visit, amountFen: 8_800, method: 'company' });
    await insertCharge(db(), { operatorId: cashierId, amountFen: 100_000, method: 'transfer', purpose: 'settlement' });
    await insertCharge(db(), { operatorId: cashierId, amountFen: 50_000, method: 'cash', purpose: 'advance' });
    const card = await addCard(cashierId);
    const sale = await cardLine(card, 'card_sale', 'cash', '600.00');
    await insertRefund(db(), sale, 10_000, cashierId);
    await cardLine(card, 'card_recharge', 'wechat', '100.00');
    await db().insert(payments).values({
      purpose: 'visit',
      orderId: visit,
      cardId: card,
      amount: '150.00',
      payMethod: 'exam_card',
      operatorId: cashierId,
    });
    await insertInvoice(db(), cashierId, 30_000);
    await insertInvoice(db(), cashierId, 12_050, cashierId);
    // Another cashier's line on an earlier day.
    const earlier = await addOrder(db(), { status: 'registered', examDate: earlierDay });
    await db()
      .insert(payments)
      .values({
        purpose: 'visit',
        orderId: earlier,
        amount: '77.77',
        payMethod: 'cash',
        operatorId: otherId,
        paidAt: new Date(`${earlierDay}T04:00:00Z`),
      });

    await addRevenueVisits();
    await refreshStatistics(db());
  });

  async function userId(account: string) {
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, account));
    return user!.id;
  }

  async function addCard(soldBy: number) {
    const [type] = await db()
      .insert(cardTypes)
      .values({ typeName: '储值卡', prefix: 'CZ', faceValue: '600.00', rechargeable: true, validityDays: 365 })
      .returning({ id: cardTypes.id });
    cardTypeId = type!.id;
    const [batch] = await db()
      .insert(cardBatches)
      .values({
        typeId: cardTypeId,
        startNo: 'CZ0001',
        endNo: 'CZ0001',
        cardCount: 1,
        faceValue: '600.00',
        validUntil: '2027-12-31',
      })
      .returning({ id: cardBatches.id });
    cardNo = 'CZ0001';
    const [card] = await db()
      .insert(examCards)
      .values({
        cardNo,
        typeId: cardTypeId,
        batchId: batch!.id,
        state: '已售',
        balance: '550.00',
        salePrice: '600.00',
        soldBy,
        soldAt: new Date(),
        validUntil: '2027-12-31',
      })
      .returning({ id: examCards.id });
    return card!.id;
  }

  async function cardLine(cardId: number, purpose: 'card_sale' | 'card_recharge', method: string, amount: string) {
    const [row] = await db()
      .insert(payments)
      .values({ purpose, cardId, amount, payMethod: method, operatorId: cashierId })
      .returning({ id: payments.id });
    return row!.id;
  }

  /**
   * X 个检 套餐 (隐私): U1 100→80 paid, U2 加项 50→40 unpaid. Y 团检: U1 100→90 统收, U2 加项 50→50 paid.
   * W 团检: U1 100→90 统收, settled (已结账). Z 个检 no package: U1 加项 100→100 paid, U2 50→45 退项.
   */
  async function addRevenueVisits() {
    const { deptId: d1 } = await addDept(db(), '内科');
    const { deptId: d2 } = await addDept(db(), '检验科');
    const [u1] = await db()
      .insert(unions)
      .values({ unionCode: 'FIN-U1', unionName: '内科检查', deptId: d1, price: '100.00' })
      .returning({ id: unions.id });
    const [u2] = await db()
      .insert(unions)
      .values({ unionCode: 'FIN-U2', unionName: '血常规', deptId: d2, price: '50.00' })
      .returning({ id: unions.id });
    const [pk] = await db()
      .insert(packages)
      .values({ packageCode: 'FIN-P1', packageName: '入职套餐', price: '150.00' })
      .returning({ id: packages.id });
    const [company] = await db()
      .insert(companies)
      .values({ companyName: '财务报表单位' })
      .returning({ id: companies.id });
    const [groupOrder] = await db()
      .insert(groupOrders)
      .values({
        orderNo: 'TD-FIN-1',
        orderName: '财务报表订单',
        companyId: company!.id,
        planFrom: '2026-01-01',
        planTo: '2026-12-31',
        approvalState: 'approved',
      })
      .returning({ id: groupOrders.id });
    const [group] = await db()
      .insert(companyGroups)
      .values({ companyId: company!.id, groupOrderId: groupOrder!.id, groupName: '职工组', packageId: pk!.id })
      .returning({ id: companyGroups.id });
    Object.assign(ids, {
      package: pk!.id,
      u1: u1!.id,
      u2: u2!.id,
      company: company!.id,
      groupOrder: groupOrder!.id,
    });

    const groupId = group!.id;
    const visit = async (group: boolean, packaged: boolean, confidential = false) => {
      const orderId = await addOrder(db(), { status: 'registered', examDate: statsDay, confidential });
      await db()
        .update(orders)
        .set({
          packageId: packaged ? pk!.id : null,
          ...(group ? { companyId: company!.id, groupId } : {}),
        })
        .where(eq(orders.orderId, orderId));
      return orderId;
    };
    const line = (
      orderId: string,
      unionId: number,
      deptId: number,
      listPrice: string,
      price: string,
      more: Partial<typeof orderUnions.$inferInsert> = {},
    ) =>
      db()
        .insert(orderUnions)
        .values({ orderId, unionId, deptId, listPrice, price, origin: 'package', payMode: 'self', ...more });

    ids.x = await visit(false, true, true);
    await line(ids.x, u1!.id, d1, '100.00', '80.00', { feeCharged: true });
    await line(ids.x, u2!.id, d2, '50.00', '40.00', { origin: 'extra' });
    ids.y = await visit(true, true);
    await line(ids.y, u1!.id, d1, '100.00', '90.00', { payMode: 'company' });
    await line(ids.y, u2!.id, d2, '50.00', '50.00', { origin: 'extra', feeCharged: true });
    ids.w = await visit(true, true);
    await line(ids.w, u1!.id, d1, '100.00', '90.00', { payMode: 'company' });
    ids.z = await visit(false, false);
    await line(ids.z, u1!.id, d1, '100.00', '100.00', { origin: 'extra', feeCharged: true });
    await line(ids.z, u2!.id, d2, '50.00', '45.00', { origin: 'extra', returnedAt: new Date() });

    const [settlement] = await db()
      .insert(settlements)
      .values({ settlementNo: 'JS-FIN-1', groupOrderId: groupOrder!.id, waiveMode: 'all', state: '已结账' })
      .returning({ id: settlements.id });
    await db()
      .insert(settlementLines)
      .values({ settlementId: settlement!.id, orderId: ids.w, unionId: u1!.id, price: '90.00', accCharge: '90.00' });
  }

  const query = async (report: BiReport, range: Record<string, string>, extra: Record<string, string> = {}) => {
    const res = await cashier.get(report.routes.query.path, { ...range, ...extra });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as BiResult;
  };
  const drill = async (report: BiReport, range: Record<string, string>, key: (string | number)[]) => {
    const res = await cashier.get(report.routes.drill.path, { ...range, row_key: key.join(ROW_KEY_SEPARATOR) });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as { list: BiRow[]; total: number };
  };
  const pick = (rows: BiRow[], keys: string[]) => rows.map((r) => keys.map((k) => r[k]));

  describe('income by money (收费日期, live)', () => {
    const incomeKeys = [
      'line_count',
      'visit_income',
      'settlement_income',
      'card_income',
      'advance_income',
      'received_total',
      'non_cash_total',
      'total',
    ];

    it('日收入统计 splits each day’s 实收 by income and keeps 非现金 apart, to the fen', async () => {
      const result = await query(dailyIncomeReport, moneyRange);
      expect(result.as_of).toBeNull();
      expect(pick(result.list, ['day', ...incomeKeys])).toEqual([
        [earlierDay, 1, '77.77', '0.00', '0.00', '0.00', '77.77', '0.00', '77.77'],
        [today, 10, '373.46', '1000.00', '600.00', '500.00', '2473.46', '238.00', '2711.46'],
      ]);
      expect(result.summary).toEqual({
        line_count: 11,
        visit_income: '451.23',
        settlement_income: '1000.00',
        card_income: '600.00',
        advance_income: '500.00',
        received_total: '2551.23',
        non_cash_total: '238.00',
        total: '2789.23',
      });
    });

    it('日收入统计’s 实收 of the day is the cashier day-end preview’s of the same lines', async () => {
      const preview = (await cashier.get(cashierDayEndPreviewRoute.path)).json().data;
      const day = (
        await query(dailyIncomeReport, { date_from: today, date_to: today }, { cashier_id: String(cashierId) })
      ).list[0]!;
      expect(day.received_total).toBe(preview.received_total);
      expect(day.total).toBe(preview.total);
      expect(day.non_cash_total).toBe(preview.non_cash_total);
      const byIncome = Object.fromEntries(
        (preview.by_income as { income: string; amount: string }[]).map((l) => [l.income, l.amount]),
      );
      expect([day.visit_income, day.settlement_income, day.card_income, day.advance_income]).toEqual([
        byIncome.visit,
        byIncome.settlement,
        byIncome.card,
        byIncome.advance,
      ]);
      const invoices = await query(invoiceStatisticsReport, { date_from: today, date_to: today });
      expect(invoices.summary.net_amount).toBe(preview.invoice_total);
    });

    it('drills from a day to its lines', async () => {
      const earlier = await drill(dailyIncomeReport, moneyRange, [earlierDay]);
      expect(pick(earlier.list, ['purpose_name', 'method_name', 'received_name', 'amount'])).toEqual([
        ['个检收费', '现金', '是', '77.77'],
      ]);
      expect((await drill(dailyIncomeReport, moneyRange, [today])).total).toBe(10);
    });

    it('月收入汇总 adds the same by month', async () => {
      const result = await query(monthlyIncomeReport, moneyRange);
      expect(pick(result.list, ['month', 'received_total', 'non_cash_total', 'total'])).toEqual([
        ['2026-10', '77.77', '0.00', '77.77'],
        [today.slice(0, 7), '2473.46', '238.00', '2711.46'],
      ]);
      expect(result.summary).toMatchObject({ line_count: 11, received_total: '2551.23', total: '2789.23' });
      expect((await drill(monthlyIncomeReport, moneyRange, ['2026-10'])).total).toBe(1);
    });

    it('收款方式统计 shows each method’s charges, refunds and net, received methods first', async () => {
      const result = await query(payMethodIncomeReport, moneyRange);
      expect(
        pick(result.list, ['method_name', 'received_name', 'line_count', 'charge_amount', 'refund_amount', 'amount']),
      ).toEqual([
        ['现金', '是', 6, '1477.78', '-150.00', '1327.78'],
        ['转账', '是', 1, '1000.00', '0.00', '1000.00'],
        ['微信', '是', 2, '223.45', '0.00', '223.45'],
        ['体检卡', '否', 1, '150.00', '0.00', '150.00'],
        ['单位结算', '否', 1, '88.00', '0.00', '88.00'],
      ]);
      expect(result.summary).toEqual({
        line_count: 11,
        charge_amount: '2939.23',
        refund_amount: '-150.00',
        amount: '2789.23',
      });
      const card = await drill(payMethodIncomeReport, moneyRange, ['exam_card']);
      expect(pick(card.list, ['card_no', 'order_id', 'amount'])).toEqual([[cardNo, expect.any(String), '150.00']]);
    });

    it('退费统计 counts the refunds of the day by purpose, as positive amounts', async () => {
      const result = await query(refundStatisticsReport, moneyRange);
      expect(result.list).toEqual([
        {
          day: today,
          refund_count: 2,
          refund_amount: '150.00',
          reversal_count: 0,
          reversal_amount: '0.00',
          visit_amount: '50.00',
          card_amount: '100.00',
          group_amount: '0.00',
          total_amount: '150.00',
        },
      ]);
      expect(result.summary).toMatchObject({ refund_count: 2, refund_amount: '150.00', total_amount: '150.00' });
      const lines = await drill(refundStatisticsReport, moneyRange, [today]);
      expect(pick(lines.list, ['purpose_name', 'kind_name', 'amount'])).toEqual([
        ['个检收费', '退费', '50.00'],
        ['售卡', '退费', '100.00'],
      ]);
      expect(lines.list.every((l) => typeof l.original_paid_at === 'string')).toBe(true);
    });

    it('发票统计 counts issues and voids; 净额 = 开票 − 作废', async () => {
      const result = await query(invoiceStatisticsReport, moneyRange);
      expect(result.list).toEqual([
        {
          day: today,
          issued_count: 2,
          issued_amount: '420.50',
          voided_count: 1,
          voided_amount: '120.50',
          net_amount: '300.00',
        },
      ]);
      const rows = await drill(invoiceStatisticsReport, moneyRange, [today]);
      expect(pick(rows.list, ['counted_name', 'amount']).sort()).toEqual([
        ['作废', '-120.50'],
        ['开票', '120.50'],
        ['开票', '300.00'],
      ]);
    });

    it('体检卡收入统计 counts sales, recharges and refunds as income, spending apart', async () => {
      const result = await query(cardIncomeReport, moneyRange);
      expect(result.list).toEqual([
        {
          type_id: cardTypeId,
          type_name: '储值卡',
          sold_count: 1,
          sale_amount: '600.00',
          recharge_amount: '100.00',
          refund_amount: '-100.00',
          income_total: '600.00',
          consume_count: 1,
          consume_amount: '150.00',
        },
      ]);
      expect(result.summary).toMatchObject({ income_total: '600.00', consume_amount: '150.00' });
      const lines = await drill(cardIncomeReport, moneyRange, [cardTypeId]);
      expect(lines.total).toBe(4);
      expect(lines.list.every((l) => l.card_no === cardNo)).toBe(true);
    });
  });

  describe('revenue by dimension (登记日期, stats)', () => {
    it('套餐收入统计: 人数, 原价, 优惠价, 折扣率, 自费/统收, 加项, 客单价', async () => {
      const result = await query(packageIncomeReport, statsRange);
      expect(result.as_of).not.toBeNull();
      const keys = [
        'package_name',
        'visit_count',
        'list_total',
        'price_total',
        'discount_rate',
        'self_total',
        'company_total',
        'extra_price_total',
        'avg_price',
      ];
      expect(pick(result.list, keys)).toEqual([
        ['入职套餐', 3, '400.00', '350.00', 87.5, '170.00', '180.00', '90.00', '116.67'],
        ['（无套餐）', 1, '100.00', '100.00', 100, '100.00', '0.00', '100.00', '100.00'],
      ]);
      expect(result.summary).toEqual({
        visit_count: 4,
        list_total: '500.00',
        price_total: '450.00',
        discount_rate: 90,
        self_total: '270.00',
        company_total: '180.00',
        extra_price_total: '190.00',
      });
      const visits = await drill(packageIncomeReport, statsRange, [ids.package]);
      expect(pick(visits.list, ['order_id', 'group_name', 'price_total'])).toEqual([
        [ids.x, '个检', '120.00'],
        [ids.y, '团检', '140.00'],
        [ids.w, '团检', '90.00'],
      ]);
      const single = await query(packageIncomeReport, statsRange, { is_group: '0' });
      expect(single.summary).toMatchObject({ visit_count: 2, price_total: '220.00' });
    });

    it('项目收入统计: 人次 and revenue per union, 退项 left out', async () => {
      const result = await query(unionIncomeReport, statsRange);
      const keys = ['union_name', 'dept_name', 'line_count', 'list_total', 'price_total', 'discount_rate'];
      expect(pick(result.list, [...keys, 'self_total', 'company_total'])).toEqual([
        ['内科检查', '内科', 4, '400.00', '360.00', 90, '180.00', '180.00'],
        ['血常规', '检验科', 2, '100.00', '90.00', 90, '90.00', '0.00'],
      ]);
      expect(result.summary).toEqual({
        line_count: 6,
        list_total: '500.00',
        price_total: '450.00',
        discount_rate: 90,
        self_total: '270.00',
        company_total: '180.00',
      });
      const lines = await drill(unionIncomeReport, statsRange, [ids.u2]);
      expect(pick(lines.list, ['order_id', 'origin_name', 'pay_mode_name', 'list_price', 'price'])).toEqual([
        [ids.x, '加项', '自费', '50.00', '40.00'],
        [ids.y, '加项', '自费', '50.00', '50.00'],
      ]);
    });

    it('科室收入统计: 人数, 人次, revenue and 科室加项费用 per department', async () => {
      const result = await query(deptIncomeReport, statsRange);
      expect(
        pick(result.list, [
          'dept_name',
          'visit_count',
          'line_count',
          'list_total',
          'price_total',
          'discount_rate',
          'extra_price_total',
        ]),
      ).toEqual([
        ['内科', 4, 4, '400.00', '360.00', 90, '100.00'],
        ['检验科', 2, 2, '100.00', '90.00', 90, '90.00'],
      ]);
      expect(result.summary).toMatchObject({ line_count: 6, price_total: '450.00', extra_price_total: '190.00' });
      const deptId = result.list[1]!.dept_id!;
      expect((await drill(deptIncomeReport, statsRange, [deptId])).total).toBe(2);
    });

    it('单位收入统计: a company’s 人数, 统收, 自费, 折扣率 and 客单价', async () => {
      const result = await query(companyIncomeReport, statsRange);
      expect(result.list).toEqual([
        {
          company_id: ids.company,
          company_name: '财务报表单位',
          visit_count: 2,
          list_total: '250.00',
          price_total: '230.00',
          discount_rate: 92,
          company_total: '180.00',
          self_total: '50.00',
          extra_price_total: '50.00',
          avg_price: '115.00',
        },
      ]);
      const visits = await drill(companyIncomeReport, statsRange, [ids.company]);
      expect(visits.list.map((v) => v.order_id)).toEqual([ids.y, ids.w]);
    });

    it('优惠折扣统计: visits by 折扣区间 with 优惠金额', async () => {
      const result = await query(discountStatisticsReport, statsRange);
      expect(
        pick(result.list, [
          'band_name',
          'visit_count',
          'list_total',
          'price_total',
          'discount_rate',
          'discount_amount',
        ]),
      ).toEqual([
        ['无优惠', 1, '100.00', '100.00', 100, '0.00'],
        ['9折及以上', 2, '250.00', '230.00', 92, '20.00'],
        ['8折至9折', 1, '150.00', '120.00', 80, '30.00'],
      ]);
      expect(result.summary).toEqual({
        visit_count: 4,
        list_total: '500.00',
        price_total: '450.00',
        discount_rate: 90,
        discount_amount: '50.00',
      });
      const band = await drill(discountStatisticsReport, statsRange, ['2']);
      expect(band.list.map((v) => v.order_id)).toEqual([ids.y, ids.w]);
    });
  });

  describe('欠费统计 (as of the refresh)', () => {
    it('lists visits owing 自费 lines and group orders with 统收 lines not checked out', async () => {
      const result = await query(arrearsStatisticsReport, statsRange);
      expect(
        pick(result.list, ['kind_name', 'debtor_no', 'debtor_name', 'person_count', 'line_count', 'arrears_amount']),
      ).toEqual([
        ['团体未结', 'TD-FIN-1', '财务报表订单', 1, 1, '90.00'],
        ['个人欠费', ids.x, expect.stringMatching(/^测\*+\d$/), 1, 1, '40.00'],
      ]);
      expect(result.summary).toEqual({ person_count: 2, line_count: 2, arrears_amount: '130.00' });
      const group = await drill(arrearsStatisticsReport, statsRange, ['group_order', ids.groupOrder]);
      expect(pick(group.list, ['order_id', 'union_name', 'pay_mode_name', 'price'])).toEqual([
        [ids.y, '内科检查', '统收', '90.00'],
      ]);
      const person = await drill(arrearsStatisticsReport, statsRange, ['visit', ids.x]);
      expect(pick(person.list, ['order_id', 'union_name', 'price'])).toEqual([[ids.x, '血常规', '40.00']]);
      const onlyPeople = await query(arrearsStatisticsReport, statsRange, { debtor: 'visit' });
      expect(onlyPeople.summary.arrears_amount).toBe(moneyText(4_000));
    });

    it('drops a group order’s line once its statement is checked out, and owes it again after 反结账, at the next refresh', async () => {
      const owedByGroup = async () =>
        (await query(arrearsStatisticsReport, statsRange, { debtor: 'group_order' })).summary.arrears_amount;
      const [statement] = await db()
        .insert(settlements)
        .values({
          settlementNo: 'JS-ARREARS',
          groupOrderId: ids.groupOrder,
          waiveMode: 'exclude_waived',
          state: '已结账',
        })
        .returning({ id: settlements.id });
      const [u1] = await db().select({ id: unions.id }).from(unions).where(eq(unions.id, ids.u1));
      await db()
        .insert(settlementLines)
        .values({ settlementId: statement!.id, orderId: ids.y, unionId: u1!.id, price: '90.00', accCharge: '90.00' });
      await db().update(settlements).set({ updatedAt: new Date() }).where(eq(settlements.id, statement!.id));
      expect(await owedByGroup()).toBe('90.00');
      await refreshStatistics(db());
      expect(await owedByGroup()).toBe('0.00');
      await db()
        .update(settlements)
        .set({ state: '已审核', updatedAt: new Date() })
        .where(eq(settlements.id, statement!.id));
      await refreshStatistics(db());
      expect(await owedByGroup()).toBe('90.00');
    });
  });

  it('hides a confidential (隐私) person’s name from a user who may not see them', async () => {
    const plain = callerFor(server, await staffSession(db(), 'fin_plain', [arrearsStatisticsReport.spec.screen]));
    await db().update(users).set({ specialFlag: '0' }).where(eq(users.userAccount, 'fin_plain'));
    const res = await plain.get(arrearsStatisticsReport.routes.query.path, { ...statsRange, debtor: 'visit' });
    expect((res.json().data as BiResult).list.map((r) => r.debtor_name)).toEqual(['***']);
    const lines = await plain.get(arrearsStatisticsReport.routes.drill.path, {
      ...statsRange,
      row_key: ['visit', ids.x].join(ROW_KEY_SEPARATOR),
    });
    expect(lines.json().data.list.map((r: BiRow) => r.cust_name)).toEqual(['***']);
  });

  it('refuses every report to a role without its screen', async () => {
    const other = callerFor(server, await staffSession(db(), 'fin_daily_only', ['bi/finance_report/daily_income']));
    expect((await other.get(dailyIncomeReport.routes.query.path, moneyRange)).json().status).toBe(200);
    for (const report of FINANCE_REPORTS.filter((r) => r !== dailyIncomeReport)) {
      const refused = await other.get(report.routes.query.path, moneyRange);
      expect(refused.statusCode, report.spec.key).toBe(403);
      expect(refused.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
    }
  });
});
