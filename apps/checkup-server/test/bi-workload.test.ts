import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ROW_KEY_SEPARATOR,
  WORKLOAD_REPORTS,
  deptAnalysisReport,
  deptWorkloadReport,
  dispatchOrdersReport,
  doctorAnalysisReport,
  errorCatalogue,
  maskName,
  registerWorkloadReport,
  reviewWorkloadReport,
  tollCollectorReport,
  type BiReport,
  type BiResult,
  type BiRow,
} from '@checkup/api-contract';
import {
  companies,
  companyGroups,
  examItems,
  itemResults,
  orderDepts,
  orderUnionAdditions,
  orderUnions,
  orders,
  payments,
  reviews,
  unions,
  users,
} from '../src/db/schema.js';
import { refreshStatistics } from '../src/modules/bi/refresh.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor } from './support/domain.js';

/**
 * 科室分析, 医生分析 and the 工作量 reports (issue 24, breadth §4.1, §4.5) over a small week of their own
 * (2025-01-06 星期一 and 2025-01-07, away from the seed): three visits and a 预登记 with known lines,
 * signatures, results, reviews and money, every row and total checked to the fen.
 */
const D1 = '2025-01-06';
const D2 = '2025-01-07';
const AT_D1 = new Date('2025-01-06T03:00:00Z');
const range = { date_from: D1, date_to: D2 };

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let caller: ReturnType<typeof callerFor>;
  const ids: Record<string, number> = {};
  const visit: Record<string, string> = {};

  async function addUser(account: string, name: string) {
    const [row] = await db()
      .insert(users)
      .values({ userAccount: account, userName: name, passwordHash: 'unused' })
      .returning({ id: users.id });
    return row!.id;
  }

  async function addUnion(code: string, name: string, deptId: number) {
    const [row] = await db()
      .insert(unions)
      .values({ unionCode: code, unionName: name, deptId, price: '0.00' })
      .returning({ id: unions.id });
    return row!.id;
  }

  type Line = Partial<typeof orderUnions.$inferInsert> & { unionId: number; deptId: number };
  const addLines = (orderId: string, lines: Line[]) =>
    db()
      .insert(orderUnions)
      .values(lines.map((l) => ({ orderId, origin: 'package', ...l, price: l.price ?? '0', listPrice: l.listPrice })));

  beforeAll(async () => {
    caller = callerFor(
      server,
      await staffSession(
        db(),
        'bi_wl',
        WORKLOAD_REPORTS.map((r) => r.spec.screen),
      ),
    );
    ids.deptA = (await addDept(db(), 'A内科')).deptId;
    ids.deptB = (await addDept(db(), 'B彩超', true)).deptId;
    ids.u1 = await addUnion('WL-U1', 'A1血常规', ids.deptA);
    ids.u2 = await addUnion('WL-U2', 'A2血压', ids.deptA);
    ids.u3 = await addUnion('WL-U3', 'B1腹部彩超', ids.deptB);
    ids.docA = await addUser('wl_doc_a', 'A科室医生');
    ids.docB = await addUser('wl_doc_b', 'B影像医生');
    ids.nurse = await addUser('wl_nurse', 'C录入员');
    ids.chief = await addUser('wl_chief', 'D总检医生');
    ids.finalR = await addUser('wl_final', 'E终审医生');
    ids.registrar = await addUser('wl_reg', 'F登记员');
    ids.cashier = await addUser('wl_cashier', 'G收费员');
    const [company] = await db().insert(companies).values({ companyName: '工作量测试单位' }).returning();
    const [group] = await db()
      .insert(companyGroups)
      .values({ companyId: company!.id, groupName: '工作量测试组' })
      .returning();

    visit.v1 = await addOrder(db(), { status: 'final_trial', examDate: D1, name: '张三丰' });
    visit.v2 = await addOrder(db(), { status: 'in_exam', examDate: D1, name: '李四' });
    visit.v3 = await addOrder(db(), { status: 'registered', examDate: D2, name: '王五', confidential: true });
    visit.v4 = await addOrder(db(), { status: 'prepared', examDate: D1 });
    await db()
      .update(orders)
      .set({ registeredBy: ids.registrar })
      .where(inArray(orders.orderId, Object.values(visit)));
    await db().update(orders).set({ groupId: group!.id, companyId: company!.id }).where(eq(orders.orderId, visit.v2));

    const { u1, u2, u3, deptA, deptB } = ids as Record<string, number>;
    await addLines(visit.v1, [
      { unionId: u1!, deptId: deptA!, listPrice: '100.00', price: '80.00', status: '1', feeCharged: true },
      {
        unionId: u3!,
        deptId: deptB!,
        listPrice: '200.00',
        price: '200.00',
        status: '1',
        feeCharged: true,
        origin: 'extra',
      },
    ]);
    await addLines(visit.v2, [
      { unionId: u1!, deptId: deptA!, listPrice: '100.00', price: '60.00', status: '5', payMode: 'company' },
      { unionId: u2!, deptId: deptA!, listPrice: '50.00', price: '50.00', status: '3' },
      {
        unionId: u3!,
        deptId: deptB!,
        listPrice: '200.00',
        price: '150.00',
        status: '2',
        feeCharged: true,
        origin: 'dept',
      },
    ]);
    await addLines(visit.v3, [
      { unionId: u2!, deptId: deptA!, listPrice: '50.00', price: '50.00', origin: 'extra' },
      { unionId: u1!, deptId: deptA!, listPrice: '100.00', price: '100.00', origin: 'extra', returnedAt: AT_D1 },
    ]);
    await db()
      .insert(orderUnionAdditions)
      .values({ orderId: visit.v2, unionId: u3!, deptId: deptB!, addedBy: ids.docA! });

    await db()
      .insert(orderDepts)
      .values([
        { orderId: visit.v1, deptId: deptA!, examDate: D1, status: '2', signUserId: ids.docA, signedAt: AT_D1 },
        {
          orderId: visit.v1,
          deptId: deptB!,
          examDate: D1,
          status: '2',
          signUserId: ids.docB,
          signedAt: AT_D1,
          imagingSignUserId: ids.docB,
          imagingSignedAt: AT_D1,
        },
        { orderId: visit.v2, deptId: deptA!, examDate: D1, status: '2', signUserId: ids.docA, signedAt: AT_D1 },
      ]);
    const items = await db()
      .insert(examItems)
      .values([
        { itemCode: 'WL-I1', itemName: '白细胞', deptId: deptA!, resultType: 'number' },
        { itemCode: 'WL-I2', itemName: '红细胞', deptId: deptA!, resultType: 'number' },
        { itemCode: 'WL-I3', itemName: '肝脏', deptId: deptB!, resultType: 'text' },
      ])
      .returning({ id: examItems.id });
    const [i1, i2, i3] = items.map((i) => i.id);
    await db()
      .insert(itemResults)
      .values([
        { orderId: visit.v1, itemId: i1!, unionId: u1!, deptId: deptA!, resultValue: '5', enteredBy: ids.docA },
        { orderId: visit.v1, itemId: i2!, unionId: u1!, deptId: deptA!, resultValue: '4', enteredBy: ids.docA },
        { orderId: visit.v1, itemId: i3!, unionId: u3!, deptId: deptB!, resultValue: '未见异常', enteredBy: ids.nurse },
        { orderId: visit.v2, itemId: i1!, unionId: u1!, deptId: deptA!, resultValue: '6', enteredBy: ids.nurse },
      ]);

    const review = (orderId: string, step: string, result: string, reviewerId: number, name: string) => ({
      orderId,
      step,
      result,
      reviewerId,
      reviewerName: name,
      createdAt: AT_D1,
    });
    await db()
      .insert(reviews)
      .values([
        review(visit.v1, 'first', 'pass', ids.chief!, 'D总检医生'),
        review(visit.v1, 'main', 'pass', ids.chief!, 'D总检医生'),
        review(visit.v1, 'final', 'pass', ids.finalR!, 'E终审医生'),
        review(visit.v2, 'first', 'return', ids.chief!, 'D总检医生'),
      ]);

    // Money lines are append-only: written with their day rather than moved to it.
    const pay = async (line: Partial<typeof payments.$inferInsert>) => {
      const [row] = await db()
        .insert(payments)
        .values({ amount: '0', payMethod: 'cash', operatorId: ids.cashier!, paidAt: AT_D1, ...line })
        .returning({ id: payments.id });
      return row!.id;
    };
    const cash = await pay({ orderId: visit.v1, amount: '280.00' });
    await pay({ orderId: visit.v1, amount: '-30.00', kind: 'refund', refundOf: cash });
    await pay({ orderId: visit.v2, amount: '150.01', payMethod: 'wechat' });

    await refreshStatistics(db());
  });

  const query = async (report: BiReport, extra: Record<string, string | number> = {}) => {
    const res = await caller.get(report.routes.query.path, { ...range, ...extra });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as BiResult;
  };
  const drill = async (report: BiReport, rowKey: (string | number)[]) => {
    const res = await caller.get(report.routes.drill.path, { ...range, row_key: rowKey.join(ROW_KEY_SEPARATOR) });
    expect(res.json().status, res.body).toBe(200);
    return (res.json().data as { list: BiRow[] }).list;
  };
  const pick = (row: BiRow, keys: string[]) => keys.map((k) => row[k]);
  const MEASURES = [
    'visits_personal',
    'visits_group',
    'visits',
    'list_personal',
    'list_group',
    'price_personal',
    'price_group',
    'lines',
    'done',
    'makeup',
    'deferred',
    'waived',
  ];

  describe('科室分析', () => {
    it('counts each department’s 人次 个/团, 原始/优惠金额 个/团 and item states, returned lines left out', async () => {
      const result = await query(deptAnalysisReport);
      expect(result.as_of).not.toBeNull();
      expect(result.list.map((r) => [r.dept_name, ...pick(r, MEASURES)])).toEqual([
        ['A内科', 2, 1, 3, '150.00', '150.00', '130.00', '110.00', 4, 1, 1, 1, 0],
        ['B彩超', 1, 1, 2, '200.00', '200.00', '200.00', '150.00', 2, 1, 0, 0, 1],
      ]);
      expect(pick(result.summary, MEASURES)).toEqual([3, 2, 5, '350.00', '350.00', '330.00', '260.00', 6, 2, 1, 1, 1]);
    });

    it('splits by day with the weekday, and by 收费项目', async () => {
      const byDay = await query(deptAnalysisReport, { dimension: 'day' });
      expect(byDay.list.map((r) => [r.dept_name, r.day, r.weekday, r.visits, r.lines])).toEqual([
        ['A内科', D1, '星期一', 2, 3],
        ['A内科', D2, '星期二', 1, 1],
        ['B彩超', D1, '星期一', 2, 2],
      ]);
      const byUnion = await query(deptAnalysisReport, { dimension: 'union', dept_id: ids.deptA! });
      expect(byUnion.list.map((r) => [r.union_name, r.lines, r.done, r.makeup, r.deferred, r.price_personal])).toEqual([
        ['A1血常规', 2, 1, 1, 0, '80.00'],
        ['A2血压', 2, 0, 0, 1, '50.00'],
      ]);
    });

    it('drills from a department to its visits, names masked and 保密 hidden', async () => {
      const rows = await drill(deptAnalysisReport, [ids.deptA!, '', '']);
      expect(rows.map((r) => pick(r, ['order_id', 'cust_name', 'exam_date', 'type_name', 'status_name']))).toEqual([
        [visit.v1, maskName('张三丰'), D1, '个检', '已终审'],
        [visit.v2, maskName('李四'), D1, '团检', '检查中'],
        [visit.v3, '***', D2, '个检', '已登记'],
      ]);
      const day2 = await drill(deptAnalysisReport, [ids.deptA!, D2, '']);
      expect(day2.map((r) => r.order_id)).toEqual([visit.v3]);
    });
    it('exports the department rows and a 合计 row as .xlsx', async () => {
      const res = await caller.get(deptAnalysisReport.routes.export.path, range);
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      expect(rows).toHaveLength(4);
      expect(rows.at(-1)!.slice(1, 13)).toEqual([
        '合计',
        undefined,
        undefined,
        undefined,
        3,
        2,
        5,
        350,
        350,
        330,
        260,
        6,
      ]);
    });
  });

  describe('医生分析', () => {
    it('counts the signing doctor’s department lines and the reviewers’ whole visits', async () => {
      const result = await query(doctorAnalysisReport);
      expect(result.list.map((r) => [r.doctor_name, r.role_name, ...pick(r, MEASURES)])).toEqual([
        ['A科室医生', '科室医生', 1, 1, 2, '100.00', '150.00', '80.00', '110.00', 3, 1, 1, 1, 0],
        ['B影像医生', '科室医生', 1, 0, 1, '200.00', '0.00', '200.00', '0.00', 1, 1, 0, 0, 0],
        ['D总检医生', '总检医生', 1, 0, 1, '300.00', '0.00', '280.00', '0.00', 2, 2, 0, 0, 0],
        ['E终审医生', '终审医生', 1, 0, 1, '300.00', '0.00', '280.00', '0.00', 2, 2, 0, 0, 0],
      ]);
      expect(pick(result.summary, MEASURES)).toEqual([4, 1, 5, '900.00', '150.00', '840.00', '110.00', 8, 6, 1, 1, 0]);
      const chiefOnly = await query(doctorAnalysisReport, { role: 'chief' });
      expect(chiefOnly.list.map((r) => r.doctor_name)).toEqual(['D总检医生']);
      const rows = await drill(doctorAnalysisReport, [ids.docA!, 'dept']);
      expect(rows.map((r) => r.order_id)).toEqual([visit.v1, visit.v2]);
    });
  });

  describe('工作量', () => {
    it('登记: registered visits per day 个/团/总, 金额, 已缴费 and the status funnel (预登记 left out)', async () => {
      const result = await query(registerWorkloadReport);
      const keys = [
        'day',
        'weekday',
        'personal',
        'group',
        'total',
        'amount',
        'paid',
        'reached_checked_in',
        'reached_in_exam',
        'reached_depts_done',
        'reached_first_trial',
        'reached_main_trial',
        'reached_final_trial',
        'reached_report_printed',
        'reached_report_sent',
      ];
      expect(result.list.map((r) => pick(r, keys))).toEqual([
        [D1, '星期一', 1, 1, 2, '540.00', 1, 2, 2, 1, 1, 1, 1, 0, 0],
        [D2, '星期二', 1, 0, 1, '50.00', 0, 0, 0, 0, 0, 0, 0, 0, 0],
      ]);
      expect(pick(result.summary, keys.slice(2))).toEqual([2, 1, 3, '590.00', 1, 2, 2, 1, 1, 1, 1, 0, 0]);
      const rows = await drill(registerWorkloadReport, [D1]);
      expect(rows.map((r) => [r.order_id, r.amount])).toEqual([
        [visit.v1, '280.00'],
        [visit.v2, '260.00'],
      ]);
    });

    it('收费员: each cashier’s money by 收费方式, refunds negative', async () => {
      const result = await query(tollCollectorReport, { cashier_id: ids.cashier! });
      expect(
        result.list.map((r) => pick(r, ['cashier_name', 'line_count', 'by_cash', 'by_wechat', 'by_alipay', 'amount'])),
      ).toEqual([['G收费员', 3, '250.00', '150.01', '0.00', '400.01']]);
      expect(pick(result.summary, ['line_count', 'by_cash', 'by_wechat', 'amount'])).toEqual([
        3,
        '250.00',
        '150.01',
        '400.01',
      ]);
      const rows = await drill(tollCollectorReport, [ids.cashier!]);
      expect(rows.map((r) => [r.method_name, r.kind_name, r.amount])).toHaveLength(3);
    });

    it('科室: per department and person, results entered and departments signed', async () => {
      const result = await query(deptWorkloadReport);
      const keys = ['dept_name', 'user_name', 'entered_visits', 'entered_items', 'signed_visits', 'imaging_visits'];
      expect(result.list.map((r) => pick(r, keys))).toEqual([
        ['A内科', 'A科室医生', 1, 2, 2, 0],
        ['A内科', 'C录入员', 1, 1, 0, 0],
        ['B彩超', 'B影像医生', 0, 0, 1, 1],
        ['B彩超', 'C录入员', 1, 1, 0, 0],
      ]);
      expect(pick(result.summary, keys.slice(2))).toEqual([3, 4, 3, 1]);
      const rows = await drill(deptWorkloadReport, [ids.deptA!, ids.docA!]);
      expect(rows.map((r) => [r.order_id, r.entered_items])).toEqual([
        [visit.v1, 2],
        [visit.v2, 0],
      ]);
    });

    it('派单: 加项 lines by the doctor who added them, else the 登记人, with 总价格 and 总优惠', async () => {
      const result = await query(dispatchOrdersReport);
      const keys = ['adder_name', 'visits', 'lines', 'list_total', 'discount_total', 'price_total'];
      expect(result.list.map((r) => pick(r, keys))).toEqual([
        ['A科室医生', 1, 1, '200.00', '50.00', '150.00'],
        ['F登记员', 2, 2, '250.00', '0.00', '250.00'],
      ]);
      expect(pick(result.summary, keys.slice(1))).toEqual([3, 3, '450.00', '50.00', '400.00']);
      // One department: only its lines, each adder's visits counted within it.
      const inB = await query(dispatchOrdersReport, { dept_id: ids.deptB! });
      expect(inB.list.find((r) => r.adder_name === 'A科室医生')).toMatchObject({ visits: 1, lines: 1 });
      const byDept = await Promise.all(
        [ids.deptA!, ids.deptB!].map(
          async (dept) => (await query(dispatchOrdersReport, { dept_id: dept })).summary.lines,
        ),
      );
      expect(byDept.reduce((a, b) => Number(a) + Number(b), 0)).toBe(3);
      expect((await query(dispatchOrdersReport, { dept_id: 'x' })).list).toEqual([]);
      const rows = await drill(dispatchOrdersReport, [ids.docA!]);
      expect(
        rows.map((r) => pick(r, ['order_id', 'cust_name', 'union_name', 'dept_name', 'list_price', 'price'])),
      ).toEqual([[visit.v2, maskName('李四'), 'B1腹部彩超', 'B彩超', '200.00', '150.00']]);
    });

    it('主审: each reviewer’s acts per step, 合计/个/团, passes and returns', async () => {
      const result = await query(reviewWorkloadReport, { date_kind: 'audit' });
      const keys = ['reviewer_name', 'step_name', 'total', 'personal', 'group', 'passed', 'returned'];
      expect(result.list.map((r) => pick(r, keys))).toEqual([
        ['D总检医生', '初审', 2, 1, 1, 1, 1],
        ['D总检医生', '主审', 1, 1, 0, 1, 0],
        ['E终审医生', '终审', 1, 1, 0, 1, 0],
      ]);
      expect(pick(result.summary, keys.slice(2))).toEqual([4, 3, 1, 3, 1]);
      const rows = await drill(reviewWorkloadReport, [ids.chief!, 'first']);
      expect(rows.map((r) => [r.order_id, r.result_name])).toEqual([
        [visit.v1, '通过'],
        [visit.v2, '退回'],
      ]);
    });
  });

  it('refuses every report to a role without its screen', async () => {
    const other = callerFor(server, await staffSession(db(), 'bi_wl_other', ['bi/report_export/payment_method']));
    for (const report of WORKLOAD_REPORTS) {
      const res = await other.get(report.routes.query.path, range);
      expect(res.statusCode, report.spec.key).toBe(403);
      expect(res.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
    }
  });
});
