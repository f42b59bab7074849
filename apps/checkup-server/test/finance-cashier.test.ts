import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardBatchCreateRoute,
  cardSellRoute,
  cardTypeResource,
  costCollectRoute,
  costDetailRoute,
  costHistoryRoute,
  costListRoute,
  costRefundRoute,
  costReverseRoute,
  costSplitRoute,
  PAY_METHOD_NAMES,
  paymentSlipRoute,
  warehousingListRoute,
} from '@checkup/api-contract';
import {
  auditLog,
  cashierDayEnds,
  chargeHistory,
  dictData,
  dictTypes,
  examCards,
  orderUnions,
  orders,
  payments,
  unions,
  users,
} from '../src/db/schema.js';
import { PARAM } from '../src/modules/parameters/codes.js';
import { saveParameterValue } from '../src/modules/parameters/repository.js';
import { pickUp } from '../src/modules/report-logistics/pickup-service.js';
import { createShare } from '../src/modules/report-share/share-service.js';
import { assertOwnReport } from '../src/modules/selfprint/selfprint-service.js';
import { encrypt, testPersonalData, useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { readPdf } from './support/pdf.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

type Caller = ReturnType<typeof callerFor>;
const PASSWORD = 'Test@2026pass';
const json = (value: unknown) => JSON.stringify(value);
const CASHIER_MENU = [
  'finance_mg',
  'finance_mg/cost_mg',
  'finance_mg/cost_mg_detail',
  'finance_mg/cost_mg_detail:charge',
  'finance_mg/cost_mg_detail:refund',
  'finance_mg/cost_mg_detail:reverse',
];

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: Caller;
  let cashier: Caller;
  let viewer: Caller;
  let deptId: number;
  const unionIds: number[] = [];

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    await addStaff(db(), 'cost_cashier', '收费员甲', '0', { menu: CASHIER_MENU });
    cashier = callerFor(server, await tokenFor(server, 'cost_cashier'));
    viewer = callerFor(
      server,
      await staffSession(db(), 'cost_viewer', ['finance_mg', 'finance_mg/cost_mg', 'finance_mg/cost_mg_detail']),
    );
    const leaderId = await addStaff(db(), 'cost_leader', '主任乙');
    await db().update(users).set({ isLeader: true }).where(eq(users.id, leaderId));
    await addStaff(db(), 'cost_plain', '职员丙');
    deptId = (await addDept(db(), '收费测试科')).deptId;
    for (const [code, price] of [
      ['CM-1', '100.00'],
      ['CM-2', '200.00'],
      ['CM-3', '300.00'],
    ] as const) {
      const [u] = await db()
        .insert(unions)
        .values({ unionCode: code, unionName: `收费项目${code}`, deptId, price })
        .returning({ id: unions.id });
      unionIds.push(u!.id);
    }
    // The 付款方式 dictionary as the seed has it (flags decide 误操作退款).
    let [type] = await db().select().from(dictTypes).where(eq(dictTypes.typeCode, 'pay_method'));
    if (!type) {
      [type] = await db().insert(dictTypes).values({ typeCode: 'pay_method', typeName: '付款方式' }).returning();
      const flags: Record<string, string[]> = {
        cash: ['cash', 'personal', 'refund_cash', 'mistake_refund'],
        wechat: ['personal', 'mistake_refund'],
        alipay: ['personal', 'mistake_refund'],
        transfer: ['personal'],
        exam_card: ['personal'],
      };
      await db()
        .insert(dictData)
        .values(
          Object.entries(flags).map(([value, f]) => ({
            typeId: type!.id,
            value,
            label: PAY_METHOD_NAMES[value as 'cash'],
            flags: f,
          })),
        );
    }
  });

  /** A visit with 自费 lines of the given test unions (indexes 0..2: ¥100, ¥200, ¥300). */
  async function visit(lines: number[] = [0, 1], status = 'registered') {
    const orderId = await addOrder(db(), { status, idCard: '110101198005060012' });
    await db()
      .insert(orderUnions)
      .values(
        lines.map((i) => ({
          orderId,
          unionId: unionIds[i]!,
          deptId,
          price: ['100.00', '200.00', '300.00'][i]!,
          listPrice: ['120.00', '240.00', '360.00'][i]!,
          origin: 'extra',
          payMode: 'self' as const,
        })),
      );
    return orderId;
  }
  const collect = (caller: Caller, orderId: string, lines: object[], unionSubset?: number[]) =>
    caller.post(costCollectRoute.path, {
      order_id: orderId,
      payments: json(lines),
      ...(unionSubset ? { union_ids: json(unionSubset) } : {}),
    });
  const linesOf = (orderId: string) =>
    db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  const detail = async (orderId: string) =>
    (await cashier.get(costDetailRoute.path, { order_id: orderId })).json().data;

  let cardSerial = 0;
  async function soldCard() {
    cardSerial += 1;
    const type = await admin.post(cardTypeResource.routes.save.path, {
      type_name: `收费卡${cardSerial}`,
      prefix: `C${cardSerial}`,
      face_value: '1000',
      validity_days: '365',
    });
    const batch = await admin.post(cardBatchCreateRoute.path, {
      type_id: type.json().data.id,
      start_seq: 1,
      count: 1,
      receiver: '库管',
    });
    const cardNo = batch.json().data.start_no as string;
    const sold = await admin.post(cardSellRoute.path, {
      start_no: cardNo,
      sale_price: '1000',
      buyer_name: '李购卡',
      buyer_phone: '13912345678',
      payments: json([{ method: 'cash', amount: '1000' }]),
    });
    expect(sold.json().status, sold.body).toBe(200);
    return cardNo;
  }
  const balanceOf = async (cardNo: string) =>
    (await db().select().from(examCards).where(eq(examCards.cardNo, cardNo)))[0]!.balance;
  async function closeDay(paymentIds: number[]) {
    const [dayEnd] = await db()
      .insert(cashierDayEnds)
      .values({
        dayEndNo: `RJ${Date.now()}${paymentIds[0]}`.slice(0, 20),
        cashierId: 1,
        lineCount: paymentIds.length,
        total: '0',
        receivedTotal: '0',
        byMethod: {},
        byPurpose: {},
      })
      .returning({ id: cashierDayEnds.id });
    for (const id of paymentIds) {
      await db().update(payments).set({ dayEndId: dayEnd!.id }).where(eq(payments.id, id));
    }
  }

  describe('收款', () => {
    it('takes several methods whose sum is what is due, marks the lines paid and writes history and audit', async () => {
      const orderId = await visit([0, 1]);
      const before = await detail(orderId);
      expect(before).toMatchObject({ due: '300.00', paid: '0.00', id_card: expect.stringContaining('*') });
      expect(before.lines.map((l: { list_price: string; price: string }) => [l.list_price, l.price])).toEqual([
        ['120.00', '100.00'],
        ['240.00', '200.00'],
      ]);
      const res = await collect(cashier, orderId, [
        { method: 'cash', amount: '100' },
        { method: 'wechat', amount: '200', trade_no: 'WX001' },
      ]);
      expect(res.json(), res.body).toMatchObject({ status: 200, data: { paid: '300.00', due: '0.00' } });
      const rows = await linesOf(orderId);
      expect(rows.map((r) => [r.kind, r.payMethod, r.amount, r.purpose])).toEqual([
        ['charge', 'cash', '100.00', 'visit'],
        ['charge', 'wechat', '200.00', 'visit'],
      ]);
      expect(rows[1]!.tradeNo).toBe('WX001');
      expect(rows.every((r) => r.operatorId !== null)).toBe(true);
      const lines = await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId));
      expect(lines.every((l) => l.feeCharged)).toBe(true);
      const history = await db().select().from(chargeHistory).where(eq(chargeHistory.orderId, orderId));
      expect(history.map((h) => [h.action, h.oldDue, h.newDue, h.oldPaid, h.newPaid])).toEqual([
        ['收费', '300.00', '0.00', '0.00', '300.00'],
      ]);
      const audits = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audits.map((a) => a.action)).toContain('cost_collect');
      expect((await detail(orderId)).payments.map((p: { day_ended: boolean }) => p.day_ended)).toEqual([false, false]);
      // 缴费单 from 费用详情: the paid lines and the payment lines.
      const slip = await cashier.get(paymentSlipRoute.path, { order_id: orderId, with_paid: '1' });
      expect(slip.headers['content-type']).toBe('application/pdf');
      const { text } = await readPdf(slip.rawPayload);
      for (const words of ['缴费单', '已收项目', '收费项目CM-2', '收费记录', '微信', '200.00'])
        expect(text).toContain(words);
    });

    it('refuses a sum that does not match, a zero amount, and a second charge (also on a double click)', async () => {
      const orderId = await visit([0, 1]);
      const short = await collect(cashier, orderId, [{ method: 'cash', amount: '250' }]);
      expect(short.json().msg).toBe('收款合计¥250.00与应收¥300.00不一致');
      const zero = await collect(cashier, orderId, [
        { method: 'cash', amount: '0' },
        { method: 'cash', amount: '300' },
      ]);
      expect(zero.json().msg).toBe('金额不能为0');
      const part = await collect(cashier, orderId, [{ method: 'alipay', amount: '100' }], [unionIds[0]!]);
      expect(part.json().data).toMatchObject({ paid: '100.00', due: '200.00' });
      const again = await collect(cashier, orderId, [{ method: 'alipay', amount: '100' }], [unionIds[0]!]);
      expect(again.json().msg).toBe('该数据已收费,请勿重复操作');
      const twice = await Promise.all([
        collect(cashier, orderId, [{ method: 'cash', amount: '200' }]),
        collect(cashier, orderId, [{ method: 'cash', amount: '200' }]),
      ]);
      expect(twice.map((r) => (r.json().status === 200 ? 'ok' : r.json().msg)).sort()).toEqual(
        ['ok', '该数据已收费,请勿重复操作'].sort(),
      );
      expect((await linesOf(orderId)).map((r) => r.amount)).toEqual(['100.00', '200.00']);
      expect((await detail(orderId)).due).toBe('0.00');
    });

    it('draws on an exam card with its ledger, beside another method', async () => {
      const cardNo = await soldCard();
      const orderId = await visit([2]);
      const res = await collect(cashier, orderId, [
        { method: 'exam_card', amount: '120', card_no: cardNo },
        { method: 'cash', amount: '180' },
      ]);
      expect(res.json().status, res.body).toBe(200);
      expect(await balanceOf(cardNo)).toBe('880.00');
      const rows = await linesOf(orderId);
      expect(rows.map((r) => [r.payMethod, r.amount, r.cardId !== null])).toEqual([
        ['exam_card', '120.00', true],
        ['cash', '180.00', false],
      ]);
      expect((await detail(orderId)).payments[0].card_no).toBe(cardNo);
    });
  });

  describe('拆分', () => {
    it('splits an open line into a reversal and two charges; a day-ended line is refused', async () => {
      const orderId = await visit([2]);
      const paid = await collect(cashier, orderId, [{ method: 'cash', amount: '300' }]);
      const [lineId] = paid.json().data.payment_ids as number[];
      const bad = await cashier.post(costSplitRoute.path, {
        payment_id: lineId!,
        first_method: 'cash',
        first_amount: '100',
        second_method: 'alipay',
        second_amount: '150',
      });
      expect(bad.json().msg).toBe('拆分金额合计¥250.00与原收费¥300.00不一致');
      const ok = await cashier.post(costSplitRoute.path, {
        payment_id: lineId!,
        first_method: 'cash',
        first_amount: '100',
        second_method: 'alipay',
        second_amount: '200',
      });
      expect(ok.json().status, ok.body).toBe(200);
      const rows = await linesOf(orderId);
      expect(rows.map((r) => [r.kind, r.payMethod, r.amount, r.refundOf])).toEqual([
        ['charge', 'cash', '300.00', null],
        ['reversal', 'cash', '-300.00', lineId],
        ['charge', 'cash', '100.00', null],
        ['charge', 'alipay', '200.00', null],
      ]);
      expect((await detail(orderId)).due).toBe('0.00');
      const again = await cashier.post(costSplitRoute.path, {
        payment_id: lineId!,
        first_method: 'cash',
        first_amount: '100',
        second_method: 'alipay',
        second_amount: '200',
      });
      expect(again.json().msg).toBe('该收费记录已退费或冲正，不能拆分');
      await closeDay([rows[2]!.id]);
      const closed = await cashier.post(costSplitRoute.path, {
        payment_id: rows[2]!.id,
        first_method: 'cash',
        first_amount: '50',
        second_method: 'wechat',
        second_amount: '50',
      });
      expect(closed.json().msg).toBe('该收费记录已日结，不能拆分');
    });
  });

  describe('退项/退费', () => {
    it('returns paid lines with a negative refund line of the chosen charge, and marks them not to be examined', async () => {
      const orderId = await visit([0, 1]);
      const paid = await collect(cashier, orderId, [{ method: 'cash', amount: '300' }]);
      const [lineId] = paid.json().data.payment_ids as number[];
      const refund = (amount: string) =>
        cashier.post(costRefundRoute.path, {
          order_id: orderId,
          union_ids: json([unionIds[1]]),
          reason: '客户不做了',
          refunds: json([{ payment_id: lineId, amount }]),
        });
      expect((await refund('100')).json().msg).toBe('退款合计¥100.00与应退¥200.00不一致');
      const ok = await refund('200');
      expect(ok.json(), ok.body).toMatchObject({ status: 200, data: { refunded: '200.00' } });
      const rows = await linesOf(orderId);
      expect(rows.map((r) => [r.kind, r.payMethod, r.amount, r.refundOf])).toEqual([
        ['charge', 'cash', '300.00', null],
        ['refund', 'cash', '-200.00', lineId],
      ]);
      const [line] = await db()
        .select()
        .from(orderUnions)
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, unionIds[1]!)));
      // Not examined any more: the worklists skip it as they skip 弃检 (MUST_BE_RECORDED).
      expect([line!.status, line!.returnReason, line!.returnedAt !== null]).toEqual(['2', '客户不做了', true]);
      const view = await detail(orderId);
      expect(view).toMatchObject({ due: '0.00', refunded: '200.00' });
      expect(view.payments[0].refundable).toBe('100.00');
      expect((await refund('200')).json().msg).toBe(`项目「收费项目CM-2」已退项，请勿重复操作`);
      const list = (await cashier.get(costListRoute.path, { key: orderId })).json().data.list;
      expect(list[0]).toMatchObject({ state: 'refunded', paid: '300.00', refunded: '200.00', due: '0.00' });
    });

    it('gives a card payment back to the card', async () => {
      const cardNo = await soldCard();
      const orderId = await visit([0]);
      const paid = await collect(cashier, orderId, [{ method: 'exam_card', amount: '100', card_no: cardNo }]);
      expect(await balanceOf(cardNo)).toBe('900.00');
      const res = await cashier.post(costRefundRoute.path, {
        order_id: orderId,
        union_ids: json([unionIds[0]]),
        reason: '退项',
        refunds: json([{ payment_id: paid.json().data.payment_ids[0], amount: '100' }]),
      });
      expect(res.json().status, res.body).toBe(200);
      expect(await balanceOf(cardNo)).toBe('1000.00');
      expect((await linesOf(orderId)).map((r) => [r.kind, r.payMethod, r.amount])).toEqual([
        ['charge', 'exam_card', '100.00'],
        ['refund', 'exam_card', '-100.00'],
      ]);
    });

    it('refuses a refund above the method’s limit', async () => {
      const [type] = await db().select().from(dictTypes).where(eq(dictTypes.typeCode, 'pay_method'));
      const cashEntry = and(eq(dictData.typeId, type!.id), eq(dictData.value, 'wechat'));
      await db().update(dictData).set({ refundLimit: '50.00' }).where(cashEntry);
      const orderId = await visit([0]);
      const paid = await collect(cashier, orderId, [{ method: 'wechat', amount: '100' }]);
      const res = await cashier.post(costRefundRoute.path, {
        order_id: orderId,
        union_ids: json([unionIds[0]]),
        reason: '退项',
        refunds: json([{ payment_id: paid.json().data.payment_ids[0], amount: '100' }]),
      });
      expect(res.json().msg).toBe('该付款方式已超出退款金额上限，请更换退款方式');
      await db().update(dictData).set({ refundLimit: null }).where(cashEntry);
      expect((await linesOf(orderId)).length).toBe(1);
    });

    it('refuses an examined line unless a leader confirms with the right password, audited with both names', async () => {
      const orderId = await visit([0]);
      const paid = await collect(cashier, orderId, [{ method: 'cash', amount: '100' }]);
      await db().update(orderUnions).set({ status: '1' }).where(eq(orderUnions.orderId, orderId));
      const body = {
        order_id: orderId,
        union_ids: json([unionIds[0]]),
        reason: '已检退项',
        refunds: json([{ payment_id: paid.json().data.payment_ids[0], amount: '100' }]),
      };
      expect((await cashier.post(costRefundRoute.path, body)).json().msg).toBe(
        '项目「收费项目CM-1」已检查，退项需领导授权',
      );
      const secret = (p: string) => encrypt(p, server.keys.publicKeyPem);
      const wrong = await cashier.post(costRefundRoute.path, {
        ...body,
        leader_account: 'cost_leader',
        leader_password: secret('wrong-password'),
      });
      expect(wrong.json().msg).toBe('领导账号或密码错误');
      const plain = await cashier.post(costRefundRoute.path, {
        ...body,
        leader_account: 'cost_plain',
        leader_password: secret(PASSWORD),
      });
      expect(plain.json().msg).toBe('账号「cost_plain」不是领导，不能授权退项');
      expect((await linesOf(orderId)).length).toBe(1);
      const ok = await cashier.post(costRefundRoute.path, {
        ...body,
        leader_account: 'cost_leader',
        leader_password: secret(PASSWORD),
      });
      expect(ok.json().status, ok.body).toBe(200);
      const audits = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audits.filter((a) => a.action === 'cost_refund_leader_failed')).toHaveLength(2);
      const done = audits.find((a) => a.action === 'cost_refund');
      expect(done).toMatchObject({
        userAccount: 'cost_cashier',
        detail: expect.objectContaining({ leader_account: 'cost_leader', leader_name: '主任乙' }),
      });
    });
  });

  describe('误操作退款', () => {
    it('reverses an open line of today, and writes a refund line once the day-end closed it', async () => {
      const orderId = await visit([0, 1]);
      const paid = await collect(cashier, orderId, [
        { method: 'cash', amount: '100' },
        { method: 'wechat', amount: '200' },
      ]);
      const [cashId, wechatId] = paid.json().data.payment_ids as number[];
      const open = await cashier.post(costReverseRoute.path, { payment_id: cashId!, reason: '收错了' });
      expect(open.json().data).toMatchObject({ kind: 'reversal' });
      expect((await cashier.post(costReverseRoute.path, { payment_id: cashId!, reason: '再来' })).json().msg).toBe(
        '该收费记录已退费或冲正，请勿重复操作',
      );
      await closeDay([wechatId!]);
      const closed = await cashier.post(costReverseRoute.path, { payment_id: wechatId!, reason: '收错了' });
      expect(closed.json().data).toMatchObject({ kind: 'refund' });
      const rows = await linesOf(orderId);
      expect(rows.slice(2).map((r) => [r.kind, r.amount, r.refundOf, r.dayEndId])).toEqual([
        ['reversal', '-100.00', cashId, null],
        ['refund', '-200.00', wechatId, null],
      ]);
      // The money went back: the lines are unpaid again and can be charged anew.
      const view = await detail(orderId);
      expect(view.due).toBe('300.00');
      expect(view.lines.every((l: { fee_charged: boolean }) => !l.fee_charged)).toBe(true);
      const history = (await cashier.get(costHistoryRoute.path, { order_id: orderId })).json().data;
      expect(history.map((h: { action: string }) => h.action)).toEqual(['收费', '冲正', '退费']);
    });

    it('refuses a method without the 误操作退款 flag', async () => {
      const orderId = await visit([0]);
      const paid = await collect(cashier, orderId, [{ method: 'transfer', amount: '100' }]);
      const res = await cashier.post(costReverseRoute.path, {
        payment_id: paid.json().data.payment_ids[0],
        reason: '错',
      });
      expect(res.json().msg).toBe('该付款方式不支持误操作退款');
    });
  });

  describe('收费历史 and payment lines', () => {
    it('are append-only: the database refuses an update or a delete', async () => {
      const orderId = await visit([0]);
      await collect(cashier, orderId, [{ method: 'cash', amount: '100' }]);
      await expect(
        db().update(chargeHistory).set({ detail: '改' }).where(eq(chargeHistory.orderId, orderId)),
      ).rejects.toThrow();
      await expect(db().delete(chargeHistory).where(eq(chargeHistory.orderId, orderId))).rejects.toThrow();
      await expect(
        db().update(payments).set({ amount: '1.00' }).where(eq(payments.orderId, orderId)),
      ).rejects.toThrow();
    });
  });

  describe('暂缓发放报告', () => {
    it('holds the report at the desk, the kiosk and the share link while a 自费 balance is unpaid', async () => {
      const orderId = await visit([0], 'final_trial');
      const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      const held = '该体检者尚有自费费用未缴清（¥100.00），报告暂缓发放，请先到收费处缴费';
      const actor = { userId: 1, userAccount: 'admin', ip: '127.0.0.1' };
      const pickup = () =>
        pickUp(
          db(),
          testPersonalData,
          { orderId, method: 'self', receiver: '本人', courierCompany: null, trackingNo: null, remark: null },
          { user: { id: 1, user_name: '管理员' }, ip: '127.0.0.1' } as never,
        );
      // Off by default: nothing is held for money.
      await expect(createShare(db(), orderId, 7, actor)).resolves.toBeTruthy();
      await saveParameterValue(db(), PARAM.REGISTRATION, '登记收费设置', {
        rounding: 'fen',
        pay_timing: 'after',
        hold_report_unpaid: true,
      });
      try {
        await expect(pickup()).rejects.toThrow(held);
        await expect(assertOwnReport(db(), order!.customerId, orderId)).rejects.toThrow(held);
        await expect(createShare(db(), orderId, 7, actor)).rejects.toThrow(held);
        // The report desk's list shows the 欠费 and filters by it.
        const owed = (await admin.get(warehousingListRoute.path, { key: orderId, owed: '1' })).json().data;
        expect(owed.list.map((r: { unpaid: string; held: boolean }) => [r.unpaid, r.held])).toEqual([['100.00', true]]);
        await collect(cashier, orderId, [{ method: 'cash', amount: '100' }]);
        await expect(createShare(db(), orderId, 7, actor)).resolves.toBeTruthy();
        await expect(assertOwnReport(db(), order!.customerId, orderId)).resolves.toBeTruthy();
        expect((await admin.get(warehousingListRoute.path, { key: orderId, owed: '1' })).json().data.list).toEqual([]);
      } finally {
        await saveParameterValue(db(), PARAM.REGISTRATION, '登记收费设置', { rounding: 'fen', pay_timing: 'after' });
      }
    });
  });

  describe('权限', () => {
    it('refuses money actions to a role without the button keys, and the list to a role without the screen', async () => {
      const orderId = await visit([0]);
      expect((await viewer.get(costDetailRoute.path, { order_id: orderId })).statusCode).toBe(200);
      expect((await collect(viewer, orderId, [{ method: 'cash', amount: '100' }])).statusCode).toBe(403);
      const paid = await collect(cashier, orderId, [{ method: 'cash', amount: '100' }]);
      const id = paid.json().data.payment_ids[0];
      expect(
        (await viewer.post(costRefundRoute.path, { order_id: orderId, union_ids: json([unionIds[0]]), reason: '退' }))
          .statusCode,
      ).toBe(403);
      expect((await viewer.post(costReverseRoute.path, { payment_id: id, reason: '错' })).statusCode).toBe(403);
      expect(
        (
          await viewer.post(costSplitRoute.path, {
            payment_id: id,
            first_method: 'cash',
            first_amount: '50',
            second_method: 'wechat',
            second_amount: '50',
          })
        ).statusCode,
      ).toBe(403);
      const outsider = callerFor(server, await staffSession(db(), 'cost_outsider', ['exam_mg', 'exam_mg/order_mg']));
      expect((await outsider.get(costListRoute.path)).statusCode).toBe(403);
      expect(
        (
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(payments)
            .where(eq(payments.orderId, orderId))
        )[0]!.n,
      ).toBe(1);
    });

    it('lists visits by 收费状态 with the ID number and phone masked', async () => {
      const orderId = await visit([0, 1]);
      const unpaid = (await cashier.get(costListRoute.path, { key: orderId, state: 'unpaid' })).json().data;
      expect(unpaid.list).toHaveLength(1);
      expect(unpaid.list[0]).toMatchObject({ due: '300.00', state: 'unpaid', id_card: expect.stringMatching(/\*/) });
      await collect(cashier, orderId, [{ method: 'cash', amount: '100' }], [unionIds[0]!]);
      const partial = (await cashier.get(costListRoute.path, { key: orderId, state: 'partial' })).json().data;
      expect(partial.list[0]).toMatchObject({ state: 'partial', paid: '100.00', due: '200.00' });
      expect((await cashier.get(costListRoute.path, { key: orderId, state: 'paid' })).json().data.list).toHaveLength(0);
    });
  });
});
