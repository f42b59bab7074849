import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardBatchCreateRoute,
  cardBatchResource,
  cardFreezeRoute,
  cardItemsRoute,
  cardLedgerRoute,
  cardNextNoRoute,
  cardPayRefundRoute,
  cardPayRoute,
  cardRechargeRoute,
  cardSellRoute,
  cardTypeResource,
  cardVisitDueRoute,
  cardVoidRoute,
  examCardResource,
} from '@checkup/api-contract';
import { auditLog, cardBatches, cardLedger, examCards, orderUnions, payments, unions } from '../src/db/schema.js';
import { seedDemoCards } from '../src/db/demo/exam-cards.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

type Caller = ReturnType<typeof callerFor>;
const pay = (lines: { method: string; amount: string }[]) => JSON.stringify(lines);
const fen = (text: string) => Math.round(Number(text) * 100);

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: Caller;
  let unionId: number;
  let deptId: number;
  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    deptId = (await addDept(db(), '卡测试科')).deptId;
    const [u] = await db()
      .insert(unions)
      .values({ unionCode: 'EC-U1', unionName: '卡测血常规', deptId, price: '300.00' })
      .returning({ id: unions.id });
    unionId = u!.id;
  });

  describeResource(server, cardTypeResource, {
    valid: (n) => ({ type_name: `测试卡类型${n}`, prefix: `T${n}`, face_value: '500', validity_days: '365' }),
    invalid: [
      { form: { type_name: '', prefix: 'A', face_value: '1', validity_days: '1' }, message: '请填写卡类型名称' },
      {
        form: { type_name: '甲', prefix: 'A-1', face_value: '1', validity_days: '1' },
        message: '卡号前缀只能包含字母和数字',
      },
      { form: { type_name: '甲', prefix: 'A', face_value: '1' }, message: '请填写有效天数或截止日期' },
      {
        form: { type_name: '甲', prefix: 'A', face_value: '-1', validity_days: '1' },
        message: '面值应为不小于0的金额，最多两位小数',
      },
    ],
    filterFor: (n) => ({ key: `测试卡类型${n}` }),
    reference: async (database, id) => {
      await database.insert(cardBatches).values({
        typeId: id,
        startNo: 'R00000001',
        endNo: 'R00000001',
        cardCount: 1,
        faceValue: '1',
        validUntil: '2099-01-01',
      });
    },
  });

  /** A type of its own prefix per test, so numbers never meet across tests. */
  let typeSerial = 0;
  async function newType(fields: Record<string, string> = {}) {
    typeSerial += 1;
    const saved = await admin.post(cardTypeResource.routes.save.path, {
      type_name: `卡类型${typeSerial}`,
      prefix: `K${typeSerial}`,
      face_value: '1000',
      validity_days: '365',
      ...fields,
    });
    expect(saved.json().status, saved.body).toBe(200);
    return saved.json().data as { id: number; prefix: string };
  }
  async function makeBatch(typeId: number, startSeq: number, count: number) {
    const made = await admin.post(cardBatchCreateRoute.path, {
      type_id: typeId,
      start_seq: startSeq,
      count,
      receiver: '库管',
    });
    expect(made.json().status, made.body).toBe(200);
    return made.json().data as { id: number; start_no: string; end_no: string };
  }
  const sell = (fields: Record<string, string>) =>
    admin.post(cardSellRoute.path, { buyer_name: '李购卡', buyer_phone: '13912345678', ...fields });
  async function soldCard(fields: Record<string, string> = {}, typeFields: Record<string, string> = {}) {
    const type = await newType(typeFields);
    const batch = await makeBatch(type.id, 1, 1);
    const sold = await sell({
      start_no: batch.start_no,
      sale_price: '900',
      payments: pay([{ method: 'cash', amount: '900' }]),
      ...fields,
    });
    expect(sold.json().status, sold.body).toBe(200);
    return batch.start_no;
  }
  const cardRow = async (cardNo: string) =>
    (await admin.get(examCardResource.routes.list.path, { key: cardNo })).json().data.list[0];
  /** The ledger adds up to the balance, to the fen, and each line's balance_after runs on from the last. */
  async function expectLedgerBalanced(cardNo: string) {
    const [card] = await db().select().from(examCards).where(eq(examCards.cardNo, cardNo));
    const lines = await db()
      .select()
      .from(cardLedger)
      .where(eq(cardLedger.cardId, card!.id))
      .orderBy(asc(cardLedger.id));
    let running = 0;
    for (const line of lines) {
      running += fen(line.amount);
      expect(fen(line.balanceAfter)).toBe(running);
    }
    expect(running).toBe(fen(card!.balance));
    return running;
  }
  async function visit(priceYuan = '300.00') {
    const orderId = await addOrder(db(), { status: 'registered' });
    await db()
      .insert(orderUnions)
      .values({ orderId, unionId, deptId, price: priceYuan, origin: 'extra', payMode: 'self' });
    return orderId;
  }

  describe('制卡', () => {
    it('makes consecutive numbers from the prefix with a 制卡 line each; overlapping numbers are refused', async () => {
      const type = await newType();
      const next = (await admin.get(cardNextNoRoute.path, { type_id: type.id })).json().data;
      expect(next).toEqual({ prefix: type.prefix, max_no: null, next_seq: 1 });
      const batch = await makeBatch(type.id, 1, 20);
      expect(batch.start_no).toBe(`${type.prefix}00000001`);
      expect(batch.end_no).toBe(`${type.prefix}00000020`);
      const after = (await admin.get(cardNextNoRoute.path, { type_id: type.id })).json().data;
      expect(after).toMatchObject({ max_no: `${type.prefix}00000020`, next_seq: 21 });
      const overlap = await admin.post(cardBatchCreateRoute.path, { type_id: type.id, start_seq: 15, count: 10 });
      expect([overlap.statusCode, overlap.json().msg]).toEqual([
        409,
        `存在相同的卡号（${type.prefix}00000015），请更换起始卡号或数量`,
      ]);
      const none = await admin.post(cardBatchCreateRoute.path, { type_id: type.id, start_seq: 30, count: 0 });
      expect(none.json().msg).toBe('请至少发一张卡');
      const cards = (await admin.get(examCardResource.routes.list.path, { batch_id: batch.id, size: 50 })).json().data;
      expect(cards.total).toBe(20);
      expect(
        cards.list.every((c: { state: string; balance: string }) => c.state === '未售' && c.balance === '1000.00'),
      ).toBe(true);
      const batches = (await admin.get(cardBatchResource.routes.list.path, { key: `${type.prefix}00000007` })).json()
        .data;
      expect(batches.list.map((b: { id: number }) => b.id)).toEqual([batch.id]);
      await expectLedgerBalanced(`${type.prefix}00000020`);
      const unique = await db().execute(
        sql`select count(*)::int as n, count(distinct card_no)::int as d from exam_cards`,
      );
      const [row] = (unique as unknown as { rows: { n: number; d: number }[] }).rows;
      expect(row!.n).toBe(row!.d);
    });
  });

  describe('售卡与充值', () => {
    it('sells a range; the payment lines must equal the price of them all; a sold card cannot be sold again', async () => {
      const type = await newType();
      const batch = await makeBatch(type.id, 1, 5);
      const range = { start_no: `${type.prefix}00000001`, end_no: `${type.prefix}00000003`, sale_price: '950' };
      const short = await sell({ ...range, payments: pay([{ method: 'cash', amount: '950' }]) });
      expect(short.json().msg).toBe('收款合计与售价不一致（当前收款¥950.00，应收¥2850.00）');
      const ok = await sell({
        ...range,
        password: '123456',
        payments: pay([
          { method: 'wechat', amount: '2000' },
          { method: 'cash', amount: '850' },
        ]),
      });
      expect(ok.json().data).toEqual({ cards: 3, total: '2850.00' });
      const lines = await db().select().from(payments).where(eq(payments.purpose, 'card_sale'));
      const mine = lines.filter((l) => l.note?.includes(range.start_no));
      expect(mine.map((l) => [l.payMethod, l.amount, l.orderId])).toEqual([
        ['wechat', '2000.00', null],
        ['cash', '850.00', null],
      ]);
      const again = await sell({
        start_no: `${type.prefix}00000003`,
        end_no: `${type.prefix}00000004`,
        sale_price: '1',
        payments: pay([{ method: 'cash', amount: '2' }]),
      });
      expect(again.json().msg).toBe(`体检卡${type.prefix}00000003已经售卡，无法再进行卡办理`);
      // Nothing half-written: card 4 is still unsold.
      expect((await cardRow(`${type.prefix}00000004`)).state).toBe('未售');
      const row = await cardRow(`${type.prefix}00000002`);
      expect(row).toMatchObject({
        state: '已售',
        sale_price: '950.00',
        balance: '1000.00',
        has_password: true,
        batch_id: batch.id,
      });
      expect(row.buyer_name).not.toBe('李购卡');
      expect(row.buyer_phone).toMatch(/^139\*+5678$/);
      const [stored] = await db()
        .select()
        .from(examCards)
        .where(eq(examCards.cardNo, `${type.prefix}00000002`));
      expect(stored!.buyerPhoneEnc).not.toContain('13912345678');
      // Found by the buyer's whole phone.
      const byPhone = (
        await admin.get(examCardResource.routes.list.path, { buyer: '13912345678', type_id: type.id })
      ).json();
      expect(byPhone.data.total).toBe(3);
      const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'exam_card_sell'));
      expect(audits.length).toBeGreaterThan(0);
      expect(JSON.stringify(audits.map((a) => a.detail))).not.toContain('13912345678');
    });

    it('recharges a rechargeable card only, with lines equal to the amount; the ledger adds up', async () => {
      const fixed = await soldCard();
      const refused = await admin.post(cardRechargeRoute.path, {
        card_no: fixed,
        amount: '100',
        payments: pay([{ method: 'cash', amount: '100' }]),
      });
      expect(refused.json().msg).toBe('该类型体检卡不能充值');
      const card = await soldCard({}, { rechargeable: '1' });
      const mismatch = await admin.post(cardRechargeRoute.path, {
        card_no: card,
        amount: '200.50',
        payments: pay([{ method: 'alipay', amount: '200' }]),
      });
      expect(mismatch.json().msg).toBe('收款合计与售价不一致（当前收款¥200.00，应收¥200.50）');
      const ok = await admin.post(cardRechargeRoute.path, {
        card_no: card,
        amount: '200.50',
        payments: pay([
          { method: 'alipay', amount: '200.10' },
          { method: 'transfer', amount: '0.40' },
        ]),
      });
      expect(ok.json().data).toEqual({ card_no: card, balance: '1200.50' });
      expect(await expectLedgerBalanced(card)).toBe(120050);
      const [row] = await db().select({ id: examCards.id }).from(examCards).where(eq(examCards.cardNo, card));
      const lines = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.cardId, row!.id), eq(payments.purpose, 'card_recharge')));
      expect(lines.reduce((s, l) => s + fen(l.amount), 0)).toBe(20050);
      const ledger = (await admin.get(cardLedgerRoute.path, { id: row!.id })).json().data;
      expect(ledger.ledger.map((l: { kind: string }) => l.kind)).toEqual(['制卡', '售卡', '充值']);
      expect(ledger.payments.map((p: { purpose: string }) => p.purpose)).toEqual([
        'card_sale',
        'card_recharge',
        'card_recharge',
      ]);
    });
  });

  describe('卡支付', () => {
    it('pays a visit, writes the 消费 line and a payments line, and is given back by 退款', async () => {
      const card = await soldCard({ password: '654321' });
      const orderId = await visit('300.00');
      const body = { card_no: card, order_id: orderId, amount: '120.00' };
      expect((await admin.post(cardPayRoute.path, body)).json().msg).toBe('该卡设有密码，请输入卡密码');
      expect((await admin.post(cardPayRoute.path, { ...body, password: '111111' })).json().msg).toBe('卡密码不正确');
      const over = await admin.post(cardPayRoute.path, { ...body, password: '654321', amount: '300.01' });
      expect(over.json().msg).toBe('支付金额¥300.01超过待收自费金额¥300.00');
      const paid = await admin.post(cardPayRoute.path, { ...body, password: '654321' });
      expect(paid.json().data).toEqual({ card_no: card, paid: '120.00', balance: '880.00', unpaid: '180.00' });
      const rest = await admin.post(cardPayRoute.path, { ...body, password: '654321', amount: '180' });
      expect(rest.json().data).toMatchObject({ balance: '700.00', unpaid: '0.00' });
      const [line] = await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId));
      expect(line!.feeCharged).toBe(true);
      const visitLines = await db().select().from(payments).where(eq(payments.orderId, orderId));
      expect(visitLines.map((l) => [l.payMethod, l.amount, l.purpose])).toEqual([
        ['exam_card', '120.00', 'visit'],
        ['exam_card', '180.00', 'visit'],
      ]);
      const due = (await admin.get(cardVisitDueRoute.path, { order_id: orderId })).json().data;
      expect(due.unpaid).toBe('0.00');
      const first = due.card_lines[0];
      expect(first).toMatchObject({ kind: '消费', amount: '-120.00', refundable: true, card_no: card });
      const refund = await admin.post(cardPayRefundRoute.path, { ledger_id: first.id, reason: '项目退费' });
      expect(refund.json().data).toEqual({ card_no: card, balance: '820.00' });
      const twice = await admin.post(cardPayRefundRoute.path, { ledger_id: first.id, reason: '项目退费' });
      expect(twice.json().msg).toBe('该消费已退款，不能重复退款');
      expect((await admin.get(cardVisitDueRoute.path, { order_id: orderId })).json().data.unpaid).toBe('120.00');
      expect(await expectLedgerBalanced(card)).toBe(82000);
      const audits = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audits.map((a) => a.action).sort()).toEqual(['exam_card_pay', 'exam_card_pay', 'exam_card_refund']);
      const [row] = await db().select({ id: examCards.id }).from(examCards).where(eq(examCards.cardNo, card));
      const items = (await admin.get(cardItemsRoute.path, { id: row!.id })).json().data;
      expect(items.consumption.map((l: { kind: string }) => l.kind)).toEqual(['消费', '消费', '退款']);
    });

    it('refuses an unsold, frozen, void or expired card and a short balance, writing nothing', async () => {
      const type = await newType({ face_value: '100' });
      await makeBatch(type.id, 1, 4);
      const no = (n: number) => `${type.prefix}0000000${n}`;
      const orderId = await visit('300.00');
      const payWith = (cardNo: string, amount = '10') =>
        admin.post(cardPayRoute.path, { card_no: cardNo, order_id: orderId, amount });
      expect((await payWith(no(1))).json().msg).toBe('该卡尚未售出，不能使用');
      for (const n of [1, 2, 3, 4]) {
        const sold = await sell({
          start_no: no(n),
          sale_price: '100',
          payments: pay([{ method: 'cash', amount: '100' }]),
        });
        expect(sold.json().status).toBe(200);
      }
      const noReason = await admin.post(cardFreezeRoute.path, { card_no: no(1), freeze: '1', reason: '' });
      expect(noReason.json().msg).toBe('请填写原因');
      expect(
        (await admin.post(cardFreezeRoute.path, { card_no: no(1), freeze: '1', reason: '挂失' })).json().data.state,
      ).toBe('已冻结');
      expect((await payWith(no(1))).json().msg).toBe('该卡已冻结，不能使用');
      expect(
        (await admin.post(cardFreezeRoute.path, { card_no: no(1), freeze: '0', reason: '找回' })).json().data.state,
      ).toBe('已售');
      expect((await payWith(no(1))).json().data.balance).toBe('90.00');
      const voidSold = await admin.post(cardVoidRoute.path, { card_no: no(2), reason: '损坏' });
      expect(voidSold.json().msg).toBe('该卡已售出且尚有余额¥100.00，不能作废');
      await db()
        .update(examCards)
        .set({ balance: '0' })
        .where(eq(examCards.cardNo, no(2)));
      await db()
        .insert(cardLedger)
        .values({
          cardId: (
            await db()
              .select({ id: examCards.id })
              .from(examCards)
              .where(eq(examCards.cardNo, no(2)))
          )[0]!.id,
          kind: '消费',
          amount: '-100',
          balanceAfter: '0',
        });
      expect((await admin.post(cardVoidRoute.path, { card_no: no(2), reason: '损坏' })).json().data.state).toBe(
        '已作废',
      );
      expect((await payWith(no(2))).json().msg).toBe('该卡已作废，不能使用');
      await db()
        .update(examCards)
        .set({ validUntil: '2020-01-01' })
        .where(eq(examCards.cardNo, no(3)));
      expect((await payWith(no(3))).json().msg).toBe('该卡已过期（有效期至 2020-01-01），不能使用');
      expect((await cardRow(no(3))).state).toBe('已过期');
      expect((await payWith(no(4), '100.01')).json().msg).toBe('余额不足，当前余额¥100.00');
      expect((await payWith('NOPE00000001')).json().msg).toBe('找不到卡信息，请核对卡号');
      const visitLines = await db().select().from(payments).where(eq(payments.orderId, orderId));
      expect(visitLines).toHaveLength(1);
      for (const n of [1, 2, 3, 4]) await expectLedgerBalanced(no(n));
    });

    it('concurrent payments cannot overdraw a card', async () => {
      const card = await soldCard({}, { face_value: '100' });
      const orders: string[] = [];
      for (let i = 0; i < 5; i += 1) orders.push(await visit('30.00'));
      const results = await Promise.all(
        orders.map((orderId) => admin.post(cardPayRoute.path, { card_no: card, order_id: orderId, amount: '30' })),
      );
      const ok = results.filter((r) => r.json().status === 200);
      expect(ok).toHaveLength(3);
      for (const r of results.filter((x) => x.json().status !== 200))
        expect(r.json().msg).toMatch(/^余额不足，当前余额¥10\.00$/);
      expect(await expectLedgerBalanced(card)).toBe(1000);
    });
  });

  describe('演示数据', () => {
    it('seeds two types and a batch of 20 with five sold, each ledger adding up; a second run adds nothing', async () => {
      await seedDemoCards(db(), '2026-11-28', testPersonalData);
      await seedDemoCards(db(), '2026-11-28', testPersonalData);
      const demo = await db()
        .select()
        .from(examCards)
        .where(sql`${examCards.cardNo} like 'TJ%'`);
      expect(demo).toHaveLength(20);
      expect(
        demo
          .filter((c) => c.state !== '未售')
          .map((c) => c.state)
          .sort(),
      ).toEqual(['已冻结', '已售', '已售', '已售', '已售']);
      for (const card of demo) await expectLedgerBalanced(card.cardNo);
      const row = await cardRow('TJ00000001');
      expect(row).toMatchObject({ balance: '1500.00', state: '已售' });
    });
  });

  describe('权限', () => {
    it('needs the screen to read and its button permissions to make, sell and freeze; the desk may pay', async () => {
      const card = await soldCard({}, { face_value: '100' });
      const type = await newType();
      const viewer = callerFor(server, await staffSession(db(), 'card_viewer', ['crm/exam_card_mg']));
      const seller = callerFor(
        server,
        await staffSession(db(), 'card_seller', ['crm/exam_card_mg', 'crm/exam_card_mg:sell']),
      );
      const outsider = callerFor(server, await staffSession(db(), 'card_outsider', ['crm/advise_feedback']));
      const desk = callerFor(server, await staffSession(db(), 'card_desk', ['exam_mg/order_quick_register']));
      expect((await outsider.get(examCardResource.routes.list.path)).statusCode).toBe(403);
      expect((await viewer.get(examCardResource.routes.list.path)).statusCode).toBe(200);
      expect(
        (await viewer.post(cardBatchCreateRoute.path, { type_id: type.id, start_seq: 1, count: 1 })).statusCode,
      ).toBe(403);
      expect((await viewer.post(cardFreezeRoute.path, { card_no: card, freeze: '1', reason: '挂失' })).statusCode).toBe(
        403,
      );
      expect((await seller.post(cardFreezeRoute.path, { card_no: card, freeze: '1', reason: '挂失' })).statusCode).toBe(
        403,
      );
      const sale = {
        start_no: card,
        sale_price: '1',
        buyer_name: '王',
        buyer_phone: '13900000000',
        payments: pay([{ method: 'cash', amount: '1' }]),
      };
      expect((await viewer.post(cardSellRoute.path, sale)).statusCode).toBe(403);
      expect((await seller.post(cardSellRoute.path, sale)).json().msg).toContain('已经售卡');
      expect(
        (await outsider.post(cardPayRoute.path, { card_no: card, order_id: await visit(), amount: '1' })).statusCode,
      ).toBe(403);
      expect(
        (await desk.post(cardPayRoute.path, { card_no: card, order_id: await visit(), amount: '1' })).json().data
          .balance,
      ).toBe('99.00');
      expect((await desk.get(examCardResource.routes.list.path)).statusCode).toBe(403);
    });
  });
});
