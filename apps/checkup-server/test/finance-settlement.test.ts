import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  advanceAccountsRoute,
  advanceLedgerRoute,
  advanceOpenRoute,
  advanceRefundRoute,
  advanceStateRoute,
  advanceTopupRoute,
  banAbsentRoute,
  checkoutSheetExportRoute,
  checkoutSheetRoute,
  settleDetailRoute,
  settleOrderPaymentsRoute,
  settleOrdersRoute,
  statementAuditRoute,
  statementCheckoutRoute,
  statementCreateRoute,
  statementDeductRoute,
  statementFeeAddRoute,
  statementFeeRemoveRoute,
  statementRoute,
  statementUncheckoutRoute,
  statementVoidRoute,
  type CompanyAccountRow,
  type Statement,
} from '@checkup/api-contract';
import {
  auditLog,
  cashierDayEnds,
  companies,
  companyAccountLedger,
  groupOrders,
  groupPersons,
  orderUnions,
  orders,
  payments,
  unions,
} from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';

type Caller = ReturnType<typeof callerFor>;
const fen = (text: string) => Math.round(Number(text) * 100);
const lines = (list: { method: string; amount: string }[]) => JSON.stringify(list);

interface LineSpec {
  price: string;
  /** UNION_EXEC: '0' 未检, '1' 已检, '2' 弃检, '4' 拒检 */
  exec?: string;
  self?: boolean;
  returned?: boolean;
}
interface PersonSpec {
  status: string | null;
  lines?: LineSpec[];
  cap?: string;
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: Caller;
  let deptId: number;
  const unionIds: number[] = [];
  let serial = 0;

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    deptId = (await addDept(db(), '结算测试科')).deptId;
    for (let i = 1; i <= 6; i += 1) {
      const [u] = await db()
        .insert(unions)
        .values({ unionCode: `ST-U${i}`, unionName: `结算项目${i}`, deptId, price: '100.00' })
        .returning({ id: unions.id });
      unionIds.push(u!.id);
    }
  });

  /** A company, its approved group order, and people with visits in the given states and lines. */
  async function groupOrder(people: PersonSpec[]) {
    serial += 1;
    const [company] = await db()
      .insert(companies)
      .values({ companyName: `结算测试单位${serial}` })
      .returning({ id: companies.id });
    const [order] = await db()
      .insert(groupOrders)
      .values({
        orderNo: `TDST${String(serial).padStart(6, '0')}`,
        orderName: `结算测试订单${serial}`,
        companyId: company!.id,
        planFrom: '2026-01-01',
        planTo: '2030-12-31',
        approvalState: 'approved',
      })
      .returning({ id: groupOrders.id });
    const visits: (string | null)[] = [];
    for (const [i, person] of people.entries()) {
      const orderId = person.status === null ? null : await addOrder(db(), { status: person.status });
      await db()
        .insert(groupPersons)
        .values({
          groupOrderId: order!.id,
          custName: `结算人${serial}-${i}`,
          sex: '1',
          birthday: '1980-01-01',
          orderId,
          priceLimit: person.cap ?? null,
        });
      for (const [j, line] of (person.lines ?? []).entries()) {
        await db()
          .insert(orderUnions)
          .values({
            orderId: orderId!,
            unionId: unionIds[j]!,
            deptId,
            price: line.price,
            status: line.exec ?? '1',
            origin: 'package',
            payMode: line.self ? 'self' : 'company',
            returnedAt: line.returned ? new Date() : null,
          });
      }
      visits.push(orderId);
    }
    return { companyId: company!.id, groupOrderId: order!.id, visits };
  }

  const ok = <T>(res: { json: () => { status: number; data: T; msg: string }; body: string }): T => {
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  };
  const create = (groupOrderId: number, waive = 'exclude_waived', pre = '0', caller = admin) =>
    caller.post(statementCreateRoute.path, { group_order_id: groupOrderId, pre_settle: pre, waive_mode: waive });
  const statement = async (id: number) =>
    ok<{
      statement: Statement;
      lines: { dec_charges: string; acc_charge: string; personal_pay: string; order_id: string }[];
    }>(await admin.get(statementRoute.path, { id }));
  const audit = async (st: Statement) =>
    ok<Statement>(await admin.post(statementAuditRoute.path, { id: st.id, version: st.version, audit: '1' }));
  const checkout = (st: Statement, amount: string, pay: { method: string; amount: string }[], caller = admin) =>
    caller.post(statementCheckoutRoute.path, { id: st.id, version: st.version, amount, payments: lines(pay) });

  async function openAccount(companyId: number, topup?: string) {
    let account = ok<CompanyAccountRow>(await admin.post(advanceOpenRoute.path, { company_id: companyId }));
    if (topup) {
      account = ok<CompanyAccountRow>(
        await admin.post(advanceTopupRoute.path, {
          id: account.id,
          version: account.version,
          method: 'transfer',
          amount: topup,
        }),
      );
    }
    return account;
  }
  const accountOf = async (companyId: number) =>
    ok<{ list: CompanyAccountRow[] }>(await admin.get(advanceAccountsRoute.path)).list.find(
      (a) => a.company_id === companyId,
    )!;

  describe('团体预缴', () => {
    it('opens one account per company, tops up with one method, refunds unused balance, and keeps the ledger to the fen', async () => {
      const { companyId } = await groupOrder([]);
      const account = await openAccount(companyId);
      expect(account).toMatchObject({ state: '正常', balance: '0.00', topped_up: false });
      expect((await admin.post(advanceOpenRoute.path, { company_id: companyId })).json().msg).toBe(
        '该单位已开立预缴账户',
      );

      const bad = await admin.post(advanceTopupRoute.path, {
        id: account.id,
        version: account.version,
        method: 'advance',
        amount: '10',
      });
      expect(bad.json().msg).toBe('请选择付款方式');
      const zero = await admin.post(advanceTopupRoute.path, {
        id: account.id,
        version: account.version,
        method: 'cash',
        amount: '0',
      });
      expect(zero.json().msg).toBe('金额不能为0');

      const topped = ok<CompanyAccountRow>(
        await admin.post(advanceTopupRoute.path, {
          id: account.id,
          version: account.version,
          method: 'cash',
          amount: '1000.10',
        }),
      );
      expect(topped).toMatchObject({ balance: '1000.10', topped_up: true });
      const stale = await admin.post(advanceTopupRoute.path, {
        id: account.id,
        version: account.version,
        method: 'cash',
        amount: '1',
      });
      expect(stale.json().msg).toBe('数据已被他人修改，请刷新后重试');

      const [line] = await db().select().from(payments).where(eq(payments.companyAccountId, account.id));
      expect(line).toMatchObject({ purpose: 'advance', kind: 'charge', payMethod: 'cash', amount: '1000.10' });

      const tooMuch = await admin.post(advanceRefundRoute.path, {
        id: account.id,
        version: topped.version,
        method: 'cash',
        amount: '1000.11',
        reason: '退余额',
      });
      expect(tooMuch.json().msg).toContain('超过预缴余额');
      const refunded = ok<CompanyAccountRow>(
        await admin.post(advanceRefundRoute.path, {
          id: account.id,
          version: topped.version,
          method: 'cash',
          amount: '300.05',
          reason: '退余额',
        }),
      );
      expect(refunded.balance).toBe('700.05');
      const [back] = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.companyAccountId, account.id), eq(payments.kind, 'refund')));
      expect(back).toMatchObject({ amount: '-300.05', refundOf: line!.id, purpose: 'advance' });

      const ledger = ok<{ ledger: { kind: string; amount: string; balance_after: string }[] }>(
        await admin.get(advanceLedgerRoute.path, { id: account.id }),
      ).ledger;
      expect(ledger.map((l) => l.kind)).toEqual(['充值', '退款']);
      expect(ledger.reduce((s, l) => s + fen(l.amount), 0)).toBe(fen(refunded.balance));
      expect(ledger.at(-1)!.balance_after).toBe('700.05');
    });

    it('only a 正常 account is topped up; frozen and closed accounts are refused, a closed one only when empty', async () => {
      const { companyId } = await groupOrder([]);
      let account = await openAccount(companyId, '50');
      account = ok(
        await admin.post(advanceStateRoute.path, {
          id: account.id,
          version: account.version,
          action: 'freeze',
          reason: '对账中',
        }),
      );
      expect(account.state).toBe('冻结');
      const frozen = await admin.post(advanceTopupRoute.path, {
        id: account.id,
        version: account.version,
        method: 'cash',
        amount: '1',
      });
      expect(frozen.json().msg).toBe('该账户已冻结，不能充值');
      expect(
        (
          await admin.post(advanceStateRoute.path, {
            id: account.id,
            version: account.version,
            action: 'freeze',
            reason: '再冻',
          })
        ).json().msg,
      ).toBe('只有正常状态的账户可以冻结');
      expect(
        (
          await admin.post(advanceStateRoute.path, {
            id: account.id,
            version: account.version,
            action: 'close',
            reason: '销户',
          })
        ).json().msg,
      ).toContain('请先退款再销户');
      account = ok(
        await admin.post(advanceStateRoute.path, {
          id: account.id,
          version: account.version,
          action: 'unfreeze',
          reason: '对账完',
        }),
      );
      account = ok(
        await admin.post(advanceRefundRoute.path, {
          id: account.id,
          version: account.version,
          method: 'cash',
          amount: '50',
          reason: '清户',
        }),
      );
      account = ok(
        await admin.post(advanceStateRoute.path, {
          id: account.id,
          version: account.version,
          action: 'close',
          reason: '不再合作',
        }),
      );
      expect(account).toMatchObject({ state: '销户', balance: '0.00', state_note: '不再合作' });
      const closed = await admin.post(advanceTopupRoute.path, {
        id: account.id,
        version: account.version,
        method: 'cash',
        amount: '1',
      });
      expect(closed.json().msg).toBe('该账户已销户，不能充值');
      const [audits] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.target, `company_account:${account.id}`));
      expect(audits!.n).toBe(5);
    });
  });

  describe('结算单', () => {
    it('takes finished people, or everyone registered when pre-settling; a line is in one live statement only', async () => {
      const line = [{ price: '100.00' }];
      const { groupOrderId, visits } = await groupOrder([
        { status: 'final_trial', lines: line },
        { status: 'in_exam', lines: line },
        { status: 'prepared', lines: line },
        { status: null },
      ]);
      const first = ok<Statement>(await create(groupOrderId));
      expect(first).toMatchObject({ person_count: 1, settle_amount: '100.00', state: '草稿', pre_settle: false });
      expect((await statement(first.id)).lines.map((l) => l.order_id)).toEqual([visits[0]]);
      expect((await create(groupOrderId)).json().msg).toContain('没有可结算的统收项目');
      const pre = ok<Statement>(await create(groupOrderId, 'exclude_waived', '1'));
      expect(pre).toMatchObject({ person_count: 1, settle_amount: '100.00', pre_settle: true });
      expect((await statement(pre.id)).lines.map((l) => l.order_id)).toEqual([visits[1]]);
    });

    it('filters the lines by the four 含弃检 modes; returned and 自费 lines are never settled', async () => {
      const { groupOrderId } = await groupOrder([
        {
          status: 'report_printed',
          lines: [
            { price: '100.00', exec: '1' },
            { price: '50.00', exec: '2' },
            { price: '30.00', exec: '0' },
            { price: '20.00', exec: '4' },
            { price: '70.00', exec: '1', returned: true },
            { price: '40.00', exec: '1', self: true },
          ],
        },
      ]);
      const expected: Record<string, string> = {
        exclude_waived: '130.00',
        all: '200.00',
        done_only: '100.00',
        done_waived: '170.00',
      };
      for (const [mode, amount] of Object.entries(expected)) {
        const st = ok<Statement>(await create(groupOrderId, mode));
        expect(st.settle_amount, mode).toBe(amount);
        expect(st.waive_mode).toBe(mode);
        // 作废 frees the lines for the next mode.
        const voided = ok<Statement>(await admin.post(statementVoidRoute.path, { id: st.id, version: st.version }));
        expect(voided.state).toBe('已作废');
      }
    });

    describe('减免 and 附加费用', () => {
      let st: Statement;
      beforeAll(async () => {
        const { groupOrderId } = await groupOrder([
          { status: 'final_trial', lines: [{ price: '100.00' }, { price: '50.00' }] },
          { status: 'final_trial', lines: [{ price: '33.33' }] },
          // 统收限额 80: the company pays 60 + 20, the person 20.
          { status: 'final_trial', lines: [{ price: '60.00' }, { price: '40.00' }], cap: '80' },
        ]);
        st = ok<Statement>(await create(groupOrderId));
      });
      const deduct = async (mode: string, amount: string) => {
        st = ok<Statement>(
          await admin.post(statementDeductRoute.path, { id: st.id, version: st.version, mode, amount }),
        );
        return (await statement(st.id)).lines.map((l) => l.dec_charges);
      };

      it('splits by the 统收限额 and adds up 应收, 结算金额 and 人次', async () => {
        expect(st).toMatchObject({
          person_count: 3,
          receivable: '263.33',
          settle_amount: '263.33',
          net_amount: '263.33',
        });
        expect((await statement(st.id)).lines.map((l) => [l.acc_charge, l.personal_pay])).toEqual([
          ['100.00', '0.00'],
          ['50.00', '0.00'],
          ['33.33', '0.00'],
          ['60.00', '0.00'],
          ['20.00', '20.00'],
        ]);
      });

      it('spreads per item: each line takes min(D, acc_charge)', async () => {
        expect(await deduct('item', '40')).toEqual(['40.00', '40.00', '33.33', '40.00', '20.00']);
        expect(st).toMatchObject({ deduction: '173.33', net_amount: '90.00' });
      });

      it('spreads per person: each person’s lines take D in order until it is used up', async () => {
        expect(await deduct('person', '120')).toEqual(['100.00', '20.00', '33.33', '60.00', '20.00']);
        expect(st.deduction).toBe('233.33');
      });

      it('spreads proportionally: the shares add up to D to the fen and none passes its line', async () => {
        const shares = await deduct('ratio', '100.01');
        expect(shares.reduce((s, v) => s + fen(v), 0)).toBe(10001);
        const accs = (await statement(st.id)).lines.map((l) => fen(l.acc_charge));
        shares.forEach((v, i) => expect(fen(v)).toBeLessThanOrEqual(accs[i]!));
        expect(shares).toEqual(['37.98', '18.99', '12.66', '22.79', '7.59']);
        expect(st).toMatchObject({ deduction: '100.01', net_amount: '163.32' });
        const all = await deduct('ratio', '263.33');
        expect(all).toEqual(['100.00', '50.00', '33.33', '60.00', '20.00']);
        const over = await admin.post(statementDeductRoute.path, {
          id: st.id,
          version: st.version,
          mode: 'ratio',
          amount: '263.34',
        });
        expect(over.json().msg).toBe('减免金额¥263.34不能超过结算金额¥263.33');
      });

      it('adds fees until audited: 实收 = 结算金额 + 附加费用 − 减免', async () => {
        await deduct('ratio', '13.33');
        st = ok<Statement>(
          await admin.post(statementFeeAddRoute.path, {
            id: st.id,
            version: st.version,
            fee_name: '外出采血费',
            amount: '25.50',
          }),
        );
        st = ok<Statement>(
          await admin.post(statementFeeAddRoute.path, {
            id: st.id,
            version: st.version,
            fee_name: '报告邮寄',
            amount: '10',
          }),
        );
        expect(st).toMatchObject({ fee_total: '35.50', deduction: '13.33', net_amount: '285.50' });
        const detail = ok<{ fees: { id: number }[] }>(await admin.get(statementRoute.path, { id: st.id }));
        st = ok<Statement>(
          await admin.post(statementFeeRemoveRoute.path, {
            id: st.id,
            version: st.version,
            fee_id: detail.fees[1]!.id,
          }),
        );
        expect(st).toMatchObject({ fee_total: '25.50', net_amount: '275.50' });
        st = await audit(st);
        const late = await admin.post(statementFeeAddRoute.path, {
          id: st.id,
          version: st.version,
          fee_name: '迟到',
          amount: '1',
        });
        expect(late.json().msg).toBe('结算单已审核，不能修改附加费用');
        const lateDeduct = await admin.post(statementDeductRoute.path, {
          id: st.id,
          version: st.version,
          mode: 'item',
          amount: '1',
        });
        expect(lateDeduct.json().msg).toBe('结算单已审核，不能减免');
        st = ok<Statement>(await admin.post(statementAuditRoute.path, { id: st.id, version: st.version, audit: '0' }));
        expect(st.state).toBe('草稿');
        st = ok<Statement>(
          await admin.post(statementFeeAddRoute.path, { id: st.id, version: st.version, fee_name: '补', amount: '1' }),
        );
        expect(st.net_amount).toBe('276.50');
      });
    });
  });

  describe('结账', () => {
    it('needs an audited statement and payment lines adding up to 实际结帐金额, none of them 0', async () => {
      const { groupOrderId } = await groupOrder([{ status: 'final_trial', lines: [{ price: '300.00' }] }]);
      let st = ok<Statement>(await create(groupOrderId));
      expect((await checkout(st, '300', [{ method: 'cash', amount: '300' }])).json().msg).toBe(
        '结算单草稿，请先审核再结账',
      );
      st = await audit(st);
      expect((await checkout(st, '300', [{ method: 'cash', amount: '299.99' }])).json().msg).toBe(
        '输入金额需要和实际结帐金额一致',
      );
      expect(
        (
          await checkout(st, '300', [
            { method: 'cash', amount: '300' },
            { method: 'card', amount: '0' },
          ])
        ).json().msg,
      ).toBe('金额不能为0');
      expect((await checkout(st, '0', [{ method: 'cash', amount: '0' }])).json().msg).toBe('金额不能为0');
      const done = ok<Statement>(
        await checkout(st, '280', [
          { method: 'cash', amount: '200' },
          { method: 'transfer', amount: '80' },
        ]),
      );
      expect(done).toMatchObject({ state: '已结账', checkout_amount: '280.00' });
      expect((await checkout(done, '280', [{ method: 'cash', amount: '280' }])).json().msg).toBe(
        '该数据已收费,请勿重复操作',
      );
      const row = ok<{ list: { id: number; receivable: string; settled: string; pending: string }[] }>(
        await admin.get(settleOrdersRoute.path),
      ).list.find((o) => o.id === groupOrderId);
      expect(row).toMatchObject({ receivable: '300.00', settled: '280.00', pending: '20.00' });
      const paid = ok<{ list: { pay_method: string; amount: string }[] }>(
        await admin.get(settleOrderPaymentsRoute.path, { group_order_id: groupOrderId }),
      ).list;
      expect(paid.map((p) => [p.pay_method, p.amount])).toEqual([
        ['cash', '200.00'],
        ['transfer', '80.00'],
      ]);
    });

    it('划账 is refused for an account never topped up, frozen, or short, and draws the balance otherwise', async () => {
      const { groupOrderId, companyId } = await groupOrder([{ status: 'final_trial', lines: [{ price: '500.00' }] }]);
      const st = await audit(ok<Statement>(await create(groupOrderId)));
      const draw = (amount: string) => checkout(st, amount, [{ method: 'advance', amount }]);
      expect((await draw('500')).json().msg).toBe('此商户还未充值，请先充值才能划账');
      let account = await openAccount(companyId);
      expect((await draw('500')).json().msg).toBe('此商户还未充值，请先充值才能划账');
      account = ok(
        await admin.post(advanceTopupRoute.path, {
          id: account.id,
          version: account.version,
          method: 'transfer',
          amount: '400',
        }),
      );
      account = ok(
        await admin.post(advanceStateRoute.path, {
          id: account.id,
          version: account.version,
          action: 'freeze',
          reason: '核对',
        }),
      );
      expect((await draw('400')).json().msg).toBe('该商户预缴账户已冻结，不能划账');
      account = ok(
        await admin.post(advanceStateRoute.path, {
          id: account.id,
          version: account.version,
          action: 'unfreeze',
          reason: '核对完',
        }),
      );
      expect((await draw('500')).json().msg).toBe('预缴余额不足，当前余额¥400.00，划账¥500.00');
      const done = ok<Statement>(
        await checkout(st, '500', [
          { method: 'advance', amount: '400' },
          { method: 'cash', amount: '100' },
        ]),
      );
      expect(done.state).toBe('已结账');
      expect((await accountOf(companyId)).balance).toBe('0.00');
      const [ledger] = await db()
        .select()
        .from(companyAccountLedger)
        .where(and(eq(companyAccountLedger.accountId, account.id), eq(companyAccountLedger.kind, '划账')));
      expect(ledger).toMatchObject({ amount: '-400.00', balanceAfter: '0.00', settlementId: st.id });
      const detail = ok<{ account: CompanyAccountRow }>(
        await admin.get(settleDetailRoute.path, { group_order_id: groupOrderId }),
      );
      expect(detail.account.balance).toBe('0.00');
    });

    it('draws one checkout at a time: of two at once on one account, one wins and the balance never goes below 0', async () => {
      const { groupOrderId, companyId, visits } = await groupOrder([
        { status: 'final_trial', lines: [{ price: '80.00' }] },
        { status: 'in_exam', lines: [{ price: '80.00' }] },
      ]);
      await openAccount(companyId, '100');
      // Two statements of 80: the second person finishes after the first statement is made.
      const one = await audit(ok<Statement>(await create(groupOrderId)));
      await db().update(orders).set({ status: 'final_trial' }).where(eq(orders.orderId, visits[1]!));
      const two = await audit(ok<Statement>(await create(groupOrderId)));
      expect([one.net_amount, two.net_amount]).toEqual(['80.00', '80.00']);
      const results = await Promise.all([
        checkout(one, '80', [{ method: 'advance', amount: '80' }]),
        checkout(two, '80', [{ method: 'advance', amount: '80' }]),
      ]);
      const statuses = results.map((r) => r.json().status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(results.find((r) => r.json().status !== 200)!.json().msg).toBe('预缴余额不足，当前余额¥20.00，划账¥80.00');
      expect((await accountOf(companyId)).balance).toBe('20.00');
    });

    it('反结账 writes negative lines and restores the prepaid balance, and is refused once a line is day-ended', async () => {
      const { groupOrderId, companyId } = await groupOrder([{ status: 'final_trial', lines: [{ price: '150.00' }] }]);
      await openAccount(companyId, '100');
      let st = await audit(ok<Statement>(await create(groupOrderId)));
      st = ok<Statement>(
        await checkout(st, '150', [
          { method: 'advance', amount: '100' },
          { method: 'cash', amount: '50' },
        ]),
      );
      expect((await accountOf(companyId)).balance).toBe('0.00');
      st = ok<Statement>(
        await admin.post(statementUncheckoutRoute.path, { id: st.id, version: st.version, reason: '金额有误' }),
      );
      expect(st).toMatchObject({ state: '已审核', checkout_amount: null });
      expect((await accountOf(companyId)).balance).toBe('100.00');
      const lines1 = await db().select().from(payments).where(eq(payments.settlementId, st.id)).orderBy(payments.id);
      expect(lines1.map((l) => [l.kind, l.payMethod, l.amount])).toEqual([
        ['charge', 'advance', '100.00'],
        ['charge', 'cash', '50.00'],
        ['refund', 'advance', '-100.00'],
        ['refund', 'cash', '-50.00'],
      ]);
      expect(lines1[2]!.refundOf).toBe(lines1[0]!.id);
      const order = ok<{ list: { id: number; settled: string }[] }>(await admin.get(settleOrdersRoute.path)).list.find(
        (o) => o.id === groupOrderId,
      );
      expect(order!.settled).toBe('0.00');

      st = ok<Statement>(await checkout(st, '150', [{ method: 'transfer', amount: '150' }]));
      const [dayEnd] = await db()
        .insert(cashierDayEnds)
        .values({
          dayEndNo: `RJ-ST-${serial}`,
          cashierId: 1,
          lineCount: 1,
          total: '150',
          receivedTotal: '150',
          byMethod: {},
          byPurpose: {},
        })
        .returning({ id: cashierDayEnds.id });
      await db()
        .update(payments)
        .set({ dayEndId: dayEnd!.id })
        .where(and(eq(payments.settlementId, st.id), eq(payments.payMethod, 'transfer')));
      const refused = await admin.post(statementUncheckoutRoute.path, {
        id: st.id,
        version: st.version,
        reason: '再改',
      });
      expect(refused.json().msg).toBe('该结算已日结，不能反结账');
      expect((await statement(st.id)).statement.state).toBe('已结账');
    });
  });

  describe('体检结账单', () => {
    it('counts who came and who did not, pauses everyone who never came, and exports .xlsx', async () => {
      const { groupOrderId, visits } = await groupOrder([
        { status: 'final_trial', lines: [{ price: '10.00' }] },
        { status: 'in_exam', lines: [{ price: '20.00' }] },
        { status: 'prepared', lines: [{ price: '30.00' }] },
        { status: null },
      ]);
      const sheet = ok<{ summary: Record<string, number>; people: { state: string; company_total: string }[] }>(
        await admin.get(checkoutSheetRoute.path, { group_order_id: groupOrderId }),
      );
      expect(sheet.summary).toEqual({ total: 4, not_registered: 2, registered: 2, finished: 1, banned: 0 });
      expect(sheet.people.map((p) => p.company_total)).toEqual(['10.00', '20.00', '30.00', '0.00']);
      const banned = ok<{ banned: number }>(
        await admin.post(banAbsentRoute.path, { group_order_id: groupOrderId, reason: '未到检' }),
      );
      expect(banned.banned).toBe(2);
      const [visit] = await db().select({ ban: orders.banReason }).from(orders).where(eq(orders.orderId, visits[2]!));
      expect(visit!.ban).toBe('未到检');
      const after = ok<{ summary: Record<string, number> }>(
        await admin.get(checkoutSheetRoute.path, { group_order_id: groupOrderId }),
      );
      expect(after.summary).toMatchObject({ not_registered: 0, banned: 2 });
      expect(
        (await admin.post(banAbsentRoute.path, { group_order_id: groupOrderId, reason: '未到检' })).json().msg,
      ).toBe('没有未登记的人员需要禁检');
      const file = await admin.get(checkoutSheetExportRoute.path, { group_order_id: groupOrderId });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });

  describe('权限', () => {
    it('reads with the screen; statements need :settle, checkout needs :checkout, top-up needs :topup', async () => {
      const { groupOrderId, companyId } = await groupOrder([{ status: 'final_trial', lines: [{ price: '10.00' }] }]);
      const viewer = callerFor(server, await staffSession(db(), 'st_viewer', ['finance_mg/team_balance_accounts']));
      const settler = callerFor(
        server,
        await staffSession(db(), 'st_settler', [
          'finance_mg/team_balance_accounts',
          'finance_mg/team_balance_accounts:settle',
        ]),
      );
      const outsider = callerFor(server, await staffSession(db(), 'st_outsider', ['finance_mg/cost_mg']));
      const advanceViewer = callerFor(server, await staffSession(db(), 'st_adv', ['finance_mg/team_advance_payment']));
      expect((await outsider.get(settleOrdersRoute.path)).statusCode).toBe(403);
      expect((await viewer.get(settleOrdersRoute.path)).statusCode).toBe(200);
      expect((await create(groupOrderId, 'all', '0', viewer)).statusCode).toBe(403);
      const st = ok<Statement>(await create(groupOrderId, 'all', '0', settler));
      const audited = ok<Statement>(
        await settler.post(statementAuditRoute.path, { id: st.id, version: st.version, audit: '1' }),
      );
      expect((await checkout(audited, '10', [{ method: 'cash', amount: '10' }], settler)).statusCode).toBe(403);
      expect((await advanceViewer.get(advanceAccountsRoute.path)).statusCode).toBe(200);
      expect((await advanceViewer.post(advanceOpenRoute.path, { company_id: companyId })).statusCode).toBe(403);
      expect(
        (await viewer.post(banAbsentRoute.path, { group_order_id: groupOrderId, reason: '未到' })).statusCode,
      ).toBe(403);
    });
  });
});
