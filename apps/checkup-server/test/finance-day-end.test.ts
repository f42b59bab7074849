import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cashierDayEndCloseRoute,
  cashierDayEndDetailRoute,
  cashierDayEndLinesRoute,
  cashierDayEndListRoute,
  cashierDayEndPreviewRoute,
  cashierDayEndPrintRoute,
  DAY_END_MESSAGES,
  financeDayEndCloseRoute,
  financeDayEndDetailRoute,
  financeDayEndListRoute,
  monthStatementCloseRoute,
  monthStatementListRoute,
  moneyText,
  type RouteDescriptor,
  type RouteOutput,
} from '@checkup/api-contract';
import { auditLog, cashierDayEnds, financeDayEnds, payments, users } from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, callerFor } from './support/domain.js';
import { fenOfText, insertCharge, insertInvoice, insertRefund } from './support/money-lines.js';

type Caller = ReturnType<typeof callerFor>;
const CASHIER_MENU = ['finance_mg', 'finance_mg/day_end_mg'];
const FINANCE_MENU = [...CASHIER_MENU, 'finance_mg/day_end_mg:finance'];

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let orderId: string;
  let serial = 0;

  /** A cashier (or finance) account with a session, and its id. */
  async function staff(menu: string[]): Promise<{ caller: Caller; id: number }> {
    serial += 1;
    const account = `dayend_${serial}`;
    const caller = callerFor(server, await staffSession(db(), account, menu));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, account));
    return { caller, id: user!.id };
  }
  const data = async <R extends RouteDescriptor>(
    _route: R,
    res: Promise<{ json(): { status: number; data: unknown }; body: string }>,
  ) => {
    const r = await res;
    expect(r.json().status, r.body).toBe(200);
    return r.json().data as RouteOutput<R>;
  };
  /** The database's refusal of a statement (drizzle wraps it: the cause says why). */
  const refusal = async (statement: SQL) => {
    try {
      await db().execute(statement);
    } catch (error) {
      const e = error as Error & { cause?: Error };
      return `${e.message} ${e.cause?.message ?? ''}`;
    }
    return 'accepted';
  };
  const refused = async (res: Promise<{ json(): { status: number; msg?: string } }>) => (await res).json();

  beforeAll(async () => {
    orderId = await addOrder(db(), { status: 'registered' });
  });

  describe('收费员日结', () => {
    let a: { caller: Caller; id: number };
    beforeAll(async () => {
      a = await staff(CASHIER_MENU);
    });

    it('previews, then closes the caller’s open lines and invoices; received and non-cash apart', async () => {
      const visit = { operatorId: a.id, orderId };
      const cash = await insertCharge(db(), { ...visit, amountFen: 30_000, method: 'cash' });
      await insertCharge(db(), { ...visit, amountFen: 12_345, method: 'wechat' });
      await insertRefund(db(), cash, 5_000, a.id);
      await insertCharge(db(), { ...visit, amountFen: 20_000, method: 'exam_card' });
      await insertCharge(db(), { ...visit, amountFen: 40_000, method: 'company' });
      await insertCharge(db(), { operatorId: a.id, purpose: 'settlement', amountFen: 100_000, method: 'transfer' });
      await insertCharge(db(), { operatorId: a.id, purpose: 'advance', amountFen: 7_000, method: 'cash' });
      await insertInvoice(db(), a.id, 30_000);
      await insertInvoice(db(), a.id, 1_000, a.id); // issued and voided the same day: 0
      // Another cashier's line stays out of a's day-end.
      const b = await staff(CASHIER_MENU);
      await insertCharge(db(), { operatorId: b.id, orderId, amountFen: 999, method: 'cash' });

      const preview = await data(cashierDayEndPreviewRoute, a.caller.get(cashierDayEndPreviewRoute.path));
      expect(preview).toMatchObject({
        line_count: 7,
        total: '2043.45',
        received_total: '1443.45',
        non_cash_total: '600.00',
        invoice_total: '300.00',
      });
      expect(preview.by_method).toEqual([
        { method: 'cash', name: '现金', amount: '320.00', received: true },
        { method: 'wechat', name: '微信', amount: '123.45', received: true },
        { method: 'transfer', name: '转账', amount: '1000.00', received: true },
        { method: 'exam_card', name: '体检卡', amount: '200.00', received: false },
        { method: 'company', name: '单位结算', amount: '400.00', received: false },
      ]);
      expect(preview.by_income).toEqual([
        { income: 'visit', label: '个检收入', amount: '373.45' },
        { income: 'settlement', label: '团检收入', amount: '1000.00' },
        { income: 'advance', label: '团体预缴', amount: '70.00' },
      ]);

      const closed = await data(cashierDayEndCloseRoute, a.caller.post(cashierDayEndCloseRoute.path, {}));
      expect(closed.day_end_no).toMatch(new RegExp(`^RJ${todayCst().replaceAll('-', '')}\\d{4}$`));
      expect(closed).toMatchObject({ ...preview, cashier_id: a.id, finance_day_end_no: null });
      const open = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(sql`${payments.operatorId} = ${a.id} and ${payments.dayEndId} is null`);
      expect(open[0]!.n).toBe(0);
      const [bOpen] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(sql`${payments.operatorId} = ${b.id} and ${payments.dayEndId} is null`);
      expect(bOpen!.n).toBe(1);
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.target, closed.day_end_no));
      expect(audit).toMatchObject({ action: 'cashier_day_end', userId: a.id });

      const detail = await data(
        cashierDayEndDetailRoute,
        a.caller.get(cashierDayEndDetailRoute.path, { id: closed.id }),
      );
      expect(detail.invoices.map((i: { amount: string; counted_as: string }) => [i.amount, i.counted_as])).toEqual([
        ['300.00', 'issued'],
        ['10.00', 'issued'],
        ['-10.00', 'voided'],
      ]);
      const lines = await data(
        cashierDayEndLinesRoute,
        a.caller.get(cashierDayEndLinesRoute.path, { id: closed.id, page: 2, size: 5 }),
      );
      expect([lines.total, lines.list.length]).toEqual([7, 2]);
      const pdf = await a.caller.get(cashierDayEndPrintRoute.path, { id: closed.id });
      expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
        200,
        'application/pdf',
        '%PDF-',
      ]);
      // Another cashier sees neither the day-end nor, in the history, anything but their own.
      expect((await refused(b.caller.get(cashierDayEndDetailRoute.path, { id: closed.id }))).msg).toBe(
        '只能查看本人的日结单',
      );
      const history = await data(
        cashierDayEndListRoute,
        b.caller.get(cashierDayEndListRoute.path, { cashier_id: a.id }),
      );
      expect(history.total).toBe(0);
    });

    it('refuses when nothing is open', async () => {
      expect(await refused(a.caller.post(cashierDayEndCloseRoute.path, {}))).toMatchObject({
        msg: DAY_END_MESSAGES.nothingOpen,
      });
    });

    it('keeps a closed line as it is: a later refund and a later void go into the next day-end', async () => {
      const c = await staff(CASHIER_MENU);
      const line = await insertCharge(db(), { operatorId: c.id, orderId, amountFen: 50_000, method: 'alipay' });
      const invoice = await insertInvoice(db(), c.id, 50_000);
      const first = await data(cashierDayEndCloseRoute, c.caller.post(cashierDayEndCloseRoute.path, {}));
      // The trigger refuses a second day-end taking the line, and any change to it.
      expect(await refusal(sql`update payments set day_end_id = ${first.id} + 0 where id = ${line}`)).toMatch(
        /收费记录不可修改/,
      );
      expect(await refusal(sql`update payments set amount = 1 where id = ${line}`)).toMatch(/收费记录不可修改/);
      expect(await refusal(sql`delete from payments where id = ${line}`)).toMatch(/收费记录不可删除/);

      await insertRefund(db(), line, 20_000, c.id);
      await db().execute(
        sql`update invoices set state = 'voided', voided_by = ${c.id}, voided_at = now() where id = ${invoice}`,
      );
      const second = await data(cashierDayEndCloseRoute, c.caller.post(cashierDayEndCloseRoute.path, {}));
      expect(second).toMatchObject({ line_count: 1, total: '-200.00', invoice_total: '-500.00' });
      expect(Number(second.day_end_no.slice(-4))).toBe(Number(first.day_end_no.slice(-4)) + 1);
      const [kept] = await db().select({ dayEndId: payments.dayEndId }).from(payments).where(eq(payments.id, line));
      expect(kept!.dayEndId).toBe(first.id);
    });
  });

  describe('财务日结 and 月结单', () => {
    it('a cashier may not run them', async () => {
      const a = await staff(CASHIER_MENU);
      const res = await a.caller.post(financeDayEndCloseRoute.path, {});
      expect(res.statusCode).toBe(403);
      expect((await a.caller.post(monthStatementCloseRoute.path, { month: '2026-11' })).statusCode).toBe(403);
    });

    it('rolls up every cashier day-end not yet rolled up, per method; refused when there is none', async () => {
      const fin = await staff(FINANCE_MENU);
      const x = await staff(CASHIER_MENU);
      const y = await staff(CASHIER_MENU);
      await insertCharge(db(), { operatorId: x.id, orderId, amountFen: 10_001, method: 'cash' });
      await insertCharge(db(), { operatorId: y.id, orderId, amountFen: 20_002, method: 'cash' });
      await insertCharge(db(), { operatorId: y.id, orderId, amountFen: 30_003, method: 'on_account' });
      await data(cashierDayEndCloseRoute, x.caller.post(cashierDayEndCloseRoute.path, {}));
      await data(cashierDayEndCloseRoute, y.caller.post(cashierDayEndCloseRoute.path, {}));
      const pending = await data(
        cashierDayEndListRoute,
        fin.caller.get(cashierDayEndListRoute.path, { pending: '1', size: 200 }),
      );
      const pendingRows = pending.list as { total: string; by_method: { method: string; amount: string }[] }[];
      const sumFen = (texts: string[]) => texts.reduce((s, t) => s + fenOfText(t), 0);

      const rolled = await data(financeDayEndCloseRoute, fin.caller.post(financeDayEndCloseRoute.path, {}));
      expect(rolled.day_end_no).toMatch(/^CW\d{12}$/);
      expect(rolled.month).toBe(todayCst().slice(0, 7));
      expect(rolled.cashier_count).toBe(new Set(pending.list.map((r: { cashier_id: number }) => r.cashier_id)).size);
      expect(fenOfText(rolled.total)).toBe(sumFen(pendingRows.map((r) => r.total)));
      const cash = (rows: { by_method: { method: string; amount: string }[] }[]) =>
        sumFen(rows.flatMap((r) => r.by_method.filter((m) => m.method === 'cash').map((m) => m.amount)));
      expect(fenOfText(rolled.by_method.find((m) => m.method === 'cash')!.amount)).toBe(cash(pendingRows));
      const detail = await data(
        financeDayEndDetailRoute,
        fin.caller.get(financeDayEndDetailRoute.path, { id: rolled.id }),
      );
      expect(detail.cashier_day_ends).toHaveLength(pending.total);
      const left = await db()
        .select()
        .from(cashierDayEnds)
        .where(sql`${cashierDayEnds.financeDayEndId} is null`);
      expect(left).toHaveLength(0);

      expect((await refused(fin.caller.post(financeDayEndCloseRoute.path, {}))).msg).toBe(
        '无收费员日结明细，不需要做日结',
      );
      const list = await data(
        financeDayEndListRoute,
        fin.caller.get(financeDayEndListRoute.path, { month: rolled.month }),
      );
      expect(list.list[0]!.id).toBe(rolled.id);
    });

    it('makes one month statement of the month’s finance day-ends, at least one', async () => {
      const fin = await staff(FINANCE_MENU);
      expect((await refused(fin.caller.post(monthStatementCloseRoute.path, { month: '2020-01' }))).msg).toBe(
        DAY_END_MESSAGES.noFinanceDayEnds('2020-01'),
      );
      expect((await refused(fin.caller.post(monthStatementCloseRoute.path, { month: '2026-13' }))).msg).toBe(
        '月份格式应为YYYY-MM',
      );
      const month = todayCst().slice(0, 7);
      const dayEnds = await db().select().from(financeDayEnds).where(eq(financeDayEnds.month, month));
      expect(dayEnds.length).toBeGreaterThan(0);
      const statement = await data(monthStatementCloseRoute, fin.caller.post(monthStatementCloseRoute.path, { month }));
      expect(statement).toMatchObject({
        statement_no: `YJ${month.replace('-', '')}`,
        month,
        finance_day_end_count: dayEnds.length,
        total: moneyText(dayEnds.reduce((s, d) => s + fenOfText(d.total), 0)),
      });
      expect((await refused(fin.caller.post(monthStatementCloseRoute.path, { month }))).msg).toBe(
        DAY_END_MESSAGES.monthDone(month),
      );
      const list = await data(monthStatementListRoute, fin.caller.get(monthStatementListRoute.path));
      expect(list.list.map((s: { month: string }) => s.month)).toContain(month);
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'month_statement'));
      expect(audit).toMatchObject({ userId: fin.id, target: statement.statement_no });
    });
  });
});
