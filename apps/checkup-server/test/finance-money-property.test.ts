import { asc, eq, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardBatchCreateRoute,
  cardPayRoute,
  cardRechargeRoute,
  cardSellRoute,
  cardTypeResource,
  cashierDayEndCloseRoute,
  DAY_END_MESSAGES,
  financeDayEndCloseRoute,
  isMoneyReceived,
  moneyText,
} from '@checkup/api-contract';
import { cashierDayEnds, examCards, financeDayEnds, orderUnions, payments, unions, users } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';
import { fenOfText, insertCharge, insertRefund } from './support/money-lines.js';

/**
 * The money lines reconcile (issue 23): random sequences of charges, discounts, refunds, card sales,
 * recharges and card payments by several cashiers, with cashier day-ends and finance day-ends at random
 * points. Every total is checked against the Σ of its lines, added up here in integer fen from the
 * stored text; no line is in two day-ends; a refund after a day-end goes into the next one. A fixed
 * seed and number of runs keep CI time flat.
 */
const RUNS = 25;
const SEED = 20_261_129;
const CASHIERS = 3;
const CARD_MENU = ['crm/exam_card_mg', 'crm/exam_card_mg:sell', 'exam_mg/order_mg_detail'];
const DESK_METHODS = ['cash', 'wechat', 'alipay', 'card', 'transfer', 'on_account', 'company', 'advance'] as const;
const CARD_SALE_METHODS = ['cash', 'wechat', 'alipay', 'transfer'] as const;

type Caller = ReturnType<typeof callerFor>;
type Op =
  | { t: 'charge'; who: number; fen: number; method: string; purpose: 'visit' | 'settlement' | 'advance' }
  | { t: 'discount'; who: number; fen: number; percent: number; method: string }
  | { t: 'refund'; who: number; pick: number; percent: number }
  | { t: 'cardSale'; who: number; fen: number; method: string }
  | { t: 'recharge'; who: number; fen: number; method: string }
  | { t: 'cardPay'; who: number; fen: number }
  | { t: 'dayEnd'; who: number }
  | { t: 'financeDayEnd' };

const who = fc.integer({ min: 0, max: CASHIERS - 1 });
const fen = fc.integer({ min: 1, max: 500_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('charge' as const),
      who,
      fen,
      method: fc.constantFrom(...DESK_METHODS),
      purpose: fc.constantFrom('visit' as const, 'settlement' as const, 'advance' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('discount' as const),
      who,
      fen,
      percent: fc.integer({ min: 50, max: 99 }),
      method: fc.constantFrom(...DESK_METHODS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('refund' as const),
      who,
      pick: fc.nat(),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('cardSale' as const),
      who,
      fen,
      method: fc.constantFrom(...CARD_SALE_METHODS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('recharge' as const),
      who,
      fen,
      method: fc.constantFrom(...CARD_SALE_METHODS),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cardPay' as const), who, fen }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('dayEnd' as const), who }) },
  { weight: 1, arbitrary: fc.constant({ t: 'financeDayEnd' as const }) },
);

/** What the test knows of a line, apart from the server's sums. */
interface ModelLine {
  id: number;
  operatorId: number;
  fen: number;
  method: string;
  refundOf: number | null;
  /** The cashier day-end the model expects it in (null: open). */
  dayEnd: number | null;
  /** The day-end its refunded line was already in when the refund was written. */
  originalClosedIn: number | null;
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const cashiers: { caller: Caller; id: number }[] = [];
  let finance: Caller;
  let admin: Caller;
  let cardPrefix: string;
  let nextCardSeq = 2;
  let mainCard: string;
  let cardOrderId: string;
  let visitOrderId: string;
  /** Every line written in this file, by id. */
  const model = new Map<number, ModelLine>();
  let seenId = 0;

  const ok = async (res: Promise<{ json(): { status: number; data: unknown }; body: string }>) => {
    const r = await res;
    expect(r.json().status, r.body).toBe(200);
    return r.json().data as { id: number; prefix: string };
  };

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    for (let i = 0; i < CASHIERS; i += 1) {
      const account = `prop_cashier_${i}`;
      const caller = callerFor(server, await staffSession(db(), account, ['finance_mg/day_end_mg', ...CARD_MENU]));
      const [user] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, account));
      cashiers.push({ caller, id: user!.id });
    }
    finance = callerFor(
      server,
      await staffSession(db(), 'prop_finance', ['finance_mg/day_end_mg', 'finance_mg/day_end_mg:finance']),
    );
    const type = await ok(
      admin.post(cardTypeResource.routes.save.path, {
        type_name: '性质测试卡',
        prefix: 'PQ',
        face_value: '100',
        validity_days: '365',
        rechargeable: '1',
      }),
    );
    cardPrefix = type.prefix;
    await ok(admin.post(cardBatchCreateRoute.path, { type_id: type.id, start_seq: 1, count: 400, receiver: '库管' }));
    mainCard = `${cardPrefix}00000001`;
    await ok(
      cashiers[0]!.caller.post(cardSellRoute.path, {
        start_no: mainCard,
        sale_price: '100',
        buyer_name: '李购卡',
        buyer_phone: '13912345678',
        payments: JSON.stringify([{ method: 'cash', amount: '100' }]),
      }),
    );
    const { deptId } = await addDept(db(), '性质测试科');
    const [u] = await db()
      .insert(unions)
      .values({ unionCode: 'PROP-U1', unionName: '性质测试项目', deptId, price: '99999999.00' })
      .returning({ id: unions.id });
    cardOrderId = await addOrder(db(), { status: 'registered' });
    await db()
      .insert(orderUnions)
      .values({ orderId: cardOrderId, unionId: u!.id, deptId, price: '99999999.00', origin: 'extra', payMode: 'self' });
    visitOrderId = await addOrder(db(), { status: 'registered' });
    await absorbNewLines();
  });

  /** Lines the server (or a helper) wrote since the last look join the model, open. */
  async function absorbNewLines() {
    const rows = await db()
      .select({
        id: payments.id,
        operatorId: payments.operatorId,
        amount: payments.amount,
        method: payments.payMethod,
        refundOf: payments.refundOf,
      })
      .from(payments)
      .where(gt(payments.id, seenId))
      .orderBy(asc(payments.id));
    for (const r of rows) {
      const original = r.refundOf === null ? undefined : model.get(r.refundOf);
      model.set(r.id, {
        id: r.id,
        operatorId: r.operatorId ?? 0,
        fen: fenOfText(r.amount),
        method: r.method,
        refundOf: r.refundOf,
        dayEnd: null,
        originalClosedIn: original?.dayEnd ?? null,
      });
      seenId = Math.max(seenId, r.id);
    }
  }

  /** What a charge line still has to give back. */
  function refundable(): { id: number; left: number }[] {
    const given = new Map<number, number>();
    for (const l of model.values())
      if (l.refundOf !== null) given.set(l.refundOf, (given.get(l.refundOf) ?? 0) - l.fen);
    return [...model.values()]
      .filter((l) => l.refundOf === null && l.fen > 0 && l.method !== 'exam_card')
      .map((l) => ({ id: l.id, left: l.fen - (given.get(l.id) ?? 0) }))
      .filter((l) => l.left > 0);
  }

  async function run(op: Op) {
    const c = op.t === 'financeDayEnd' ? null : cashiers[op.who]!;
    switch (op.t) {
      case 'charge':
        await insertCharge(db(), {
          operatorId: c!.id,
          amountFen: op.fen,
          method: op.method,
          purpose: op.purpose,
          orderId: visitOrderId,
        });
        break;
      case 'discount':
        // 折扣: the price times the rate, rounded down to the fen, in integers.
        await insertCharge(db(), {
          operatorId: c!.id,
          amountFen: Math.max(1, Math.floor((op.fen * op.percent) / 100)),
          method: op.method,
          orderId: visitOrderId,
        });
        break;
      case 'refund': {
        const open = refundable();
        if (!open.length) return;
        const line = open[op.pick % open.length]!;
        await insertRefund(db(), line.id, Math.max(1, Math.floor((line.left * op.percent) / 100)), c!.id);
        break;
      }
      case 'cardSale': {
        const cardNo = `${cardPrefix}${String(nextCardSeq).padStart(8, '0')}`;
        nextCardSeq += 1;
        await ok(
          c!.caller.post(cardSellRoute.path, {
            start_no: cardNo,
            sale_price: moneyText(op.fen),
            buyer_name: '王购卡',
            buyer_phone: '13912345679',
            payments: JSON.stringify([{ method: op.method, amount: moneyText(op.fen) }]),
          }),
        );
        break;
      }
      case 'recharge':
        await ok(
          c!.caller.post(cardRechargeRoute.path, {
            card_no: mainCard,
            amount: moneyText(op.fen),
            payments: JSON.stringify([{ method: op.method, amount: moneyText(op.fen) }]),
          }),
        );
        break;
      case 'cardPay': {
        const [card] = await db()
          .select({ balance: examCards.balance })
          .from(examCards)
          .where(eq(examCards.cardNo, mainCard));
        const amount = Math.min(op.fen, fenOfText(card!.balance));
        if (amount <= 0) return;
        await ok(
          c!.caller.post(cardPayRoute.path, { card_no: mainCard, order_id: cardOrderId, amount: moneyText(amount) }),
        );
        break;
      }
      case 'dayEnd': {
        await absorbNewLines();
        const mine = [...model.values()].filter((l) => l.operatorId === c!.id && l.dayEnd === null);
        const res = await c!.caller.post(cashierDayEndCloseRoute.path, {});
        if (!mine.length) {
          expect(res.json().msg).toBe(DAY_END_MESSAGES.nothingOpen);
          return;
        }
        expect(res.json().status, res.body).toBe(200);
        const dayEnd = res.json().data as { id: number; line_count: number };
        expect(dayEnd.line_count).toBe(mine.length);
        for (const l of mine) l.dayEnd = dayEnd.id;
        // The trigger refuses a second day-end taking a closed line.
        const closed = mine[0]!;
        await expect(
          db().transaction((tx) =>
            tx.execute(sql`update payments set day_end_id = ${dayEnd.id} where id = ${closed.id}`),
          ),
        ).rejects.toSatisfy((e: Error & { cause?: Error }) =>
          /收费记录不可修改/.test(`${e.message} ${e.cause?.message}`),
        );
        const [after] = await db().select({ d: payments.dayEndId }).from(payments).where(eq(payments.id, closed.id));
        expect(after!.d).toBe(dayEnd.id);
        break;
      }
      case 'financeDayEnd': {
        const [pending] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(cashierDayEnds)
          .where(sql`${cashierDayEnds.financeDayEndId} is null`);
        const res = await finance.post(financeDayEndCloseRoute.path, {});
        if (Number(pending!.n) === 0) expect(res.json().msg).toBe(DAY_END_MESSAGES.noCashierDayEnds);
        else expect(res.json().status, res.body).toBe(200);
        break;
      }
    }
    await absorbNewLines();
  }

  /** Every stored total against the Σ of its lines, added up here from the stored text. */
  async function reconcile() {
    const lines = await db()
      .select({
        id: payments.id,
        amount: payments.amount,
        method: payments.payMethod,
        dayEndId: payments.dayEndId,
        operatorId: payments.operatorId,
      })
      .from(payments);
    const cdes = await db().select().from(cashierDayEnds);
    const fdes = await db().select().from(financeDayEnds);
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

    for (const d of cdes) {
      const own = lines.filter((l) => l.dayEndId === d.id);
      expect(own.every((l) => l.operatorId === d.cashierId)).toBe(true);
      expect(d.lineCount).toBe(own.length);
      expect(fenOfText(d.total)).toBe(sum(own.map((l) => fenOfText(l.amount))));
      expect(fenOfText(d.receivedTotal)).toBe(
        sum(own.filter((l) => isMoneyReceived(l.method)).map((l) => fenOfText(l.amount))),
      );
      const methods = new Set([...own.map((l) => l.method), ...Object.keys(d.byMethod)]);
      for (const m of methods) {
        expect(fenOfText(d.byMethod[m] ?? '0'), `${d.dayEndNo} ${m}`).toBe(
          sum(own.filter((l) => l.method === m).map((l) => fenOfText(l.amount))),
        );
      }
    }
    // Σ of every day-end and the open lines is Σ of every line.
    const open = lines.filter((l) => l.dayEndId === null);
    expect(sum(cdes.map((d) => fenOfText(d.total))) + sum(open.map((l) => fenOfText(l.amount)))).toBe(
      sum(lines.map((l) => fenOfText(l.amount))),
    );
    // A finance day-end is the Σ of its cashier day-ends, in total and per method.
    for (const f of fdes) {
      const rolled = cdes.filter((d) => d.financeDayEndId === f.id);
      expect(rolled.length).toBeGreaterThan(0);
      expect(fenOfText(f.total)).toBe(sum(rolled.map((d) => fenOfText(d.total))));
      expect(fenOfText(f.receivedTotal)).toBe(sum(rolled.map((d) => fenOfText(d.receivedTotal))));
      const methods = new Set([...rolled.flatMap((d) => Object.keys(d.byMethod)), ...Object.keys(f.byMethod)]);
      for (const m of methods) {
        expect(fenOfText(f.byMethod[m] ?? '0')).toBe(sum(rolled.map((d) => fenOfText(d.byMethod[m] ?? '0'))));
      }
    }
    // Each line is where the model says: in the first day-end of its cashier after it was written.
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const l of model.values()) {
      expect(byId.get(l.id)!.dayEndId, `line ${l.id}`).toBe(l.dayEnd);
      // A refund written after its line was closed is in a later day-end (or still open).
      if (l.originalClosedIn !== null && l.dayEnd !== null) expect(l.dayEnd).toBeGreaterThan(l.originalClosedIn);
    }
  }

  describe('money lines reconcile', () => {
    it(`to the fen over ${RUNS} random sequences (seed ${SEED})`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 24 }), async (ops) => {
          for (const op of ops) await run(op);
          // Each run ends with every cashier's day-end and a finance day-end, so its lines are all closed.
          for (let i = 0; i < CASHIERS; i += 1) await run({ t: 'dayEnd', who: i });
          await run({ t: 'financeDayEnd' });
          await reconcile();
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const refundsAfterClose = [...model.values()].filter((l) => l.originalClosedIn !== null);
      expect(refundsAfterClose.length).toBeGreaterThan(0);
    }, 60_000);
  });
});
