import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idNumberCheckChar } from '@checkup/api-contract';
import { customers, orderExceptions, orderStatusLog, orders, reportPrints } from '../src/db/schema.js';
import { kioskTicket } from '../src/modules/selfprint/kiosk-ticket.js';
import { NOT_FOUND_BY_ID_CARD, TICKET_REFUSED } from '../src/modules/selfprint/routes.js';
import { NOT_OWN_REPORT } from '../src/modules/selfprint/selfprint-service.js';
import { form, testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, orderStatus } from './support/domain.js';

const FIND = '/manager/api/selfprint/find_examinee';
const LIST = '/manager/api/selfprint/report_list';
const PDF = '/manager/api/selfprint/report_pdf';
const MARK = '/manager/api/selfprint/mark_printed';

/** A valid 18-digit ID number born 1980-05-06 with the given sequence. */
const idNumber = (sequence: string) => {
  const first17 = `11010119800506${sequence}`;
  return first17 + idNumberCheckChar(first17);
};

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const kiosk = {
    post: (url: string, fields: Record<string, string>) => server.app.inject({ method: 'POST', url, ...form(fields) }),
    get: (url: string, query: Record<string, string>) =>
      server.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(query)}` }),
  };
  const ownCard = idNumber('123');
  const otherCard = idNumber('456');
  const mine: Record<string, string> = {};
  let others: string;

  beforeAll(async () => {
    mine.final = await addOrder(db(), {
      status: 'final_trial',
      name: '张小三',
      idCard: ownCard,
      examDate: '2026-11-02',
    });
    // The same person registered again under a second customer row: still theirs.
    mine.printed = await addOrder(db(), { status: 'report_printed', idCard: ownCard, examDate: '2025-10-01' });
    mine.inReview = await addOrder(db(), { status: 'main_trial', idCard: ownCard, examDate: '2026-11-20' });
    others = await addOrder(db(), { status: 'final_trial', name: '李四', idCard: otherCard });
    // Every row of the number carries the one name the kiosk greets.
    await db()
      .update(customers)
      .set({ custName: '张小三' })
      .where(eq(customers.custIdCardHash, testPersonalData.idCardLookup(ownCard)));
  });

  async function ticketOf(card: string): Promise<string> {
    const res = await kiosk.post(FIND, { cust_id_card: card });
    expect(res.statusCode).toBe(200);
    return res.json().data.ticket as string;
  }

  describe('find_examinee', () => {
    it('answers a ticket and the examinee masked', async () => {
      const res = await kiosk.post(FIND, { cust_id_card: ownCard.toLowerCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        cust_name: '张*三',
        sex: '1',
        cust_id_card: `110101********${ownCard.slice(-4)}`,
        ticket: expect.stringMatching(/^\d+\.\d+\.[\w-]+$/),
      });
      expect(res.json().data.age).toBeGreaterThanOrEqual(45);
    });

    it('refuses a malformed ID number and says when nobody has it', async () => {
      const bad = await kiosk.post(FIND, { cust_id_card: '110101198005061230' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('错误的身份证号码，请核对！');
      const unknown = await kiosk.post(FIND, { cust_id_card: idNumber('789') });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().msg).toBe(NOT_FOUND_BY_ID_CARD);
    });
  });

  describe('report_list', () => {
    it('lists only the holder’s own reports whose final review passed, newest first', async () => {
      const res = await kiosk.get(LIST, { ticket: await ticketOf(ownCard) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.list.map((r: { order_id: string; status: string }) => [r.order_id, r.status])).toEqual([
        [mine.final, 'final_trial'],
        [mine.printed, 'report_printed'],
      ]);
    });

    it('leaves out a report with an unhandled exception, which waits for the staff', async () => {
      const abnormal = await addOrder(db(), { status: 'final_trial', idCard: ownCard, examDate: '2026-11-21' });
      await db()
        .insert(orderExceptions)
        .values({ orderId: abnormal, exceptionType: 'dept', reviewException: '需复查', exceptionUser: '陈建华' });
      const ticket = await ticketOf(ownCard);
      const ids = (await kiosk.get(LIST, { ticket })).json().data.list.map((r: { order_id: string }) => r.order_id);
      expect(ids).toEqual([mine.final, mine.printed]);
      const pdf = await kiosk.get(PDF, { ticket, order_id: abnormal });
      expect(pdf.statusCode).not.toBe(200);
    });

    it('requires a ticket, and refuses a forged or expired one', async () => {
      const none = await kiosk.get(LIST, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().msg).toBe('请先刷身份证');

      const [customer] = await db().select({ id: orders.customerId }).from(orders).where(eq(orders.orderId, others));
      const real = await ticketOf(ownCard);
      // Someone else's customer id under a signature made for another payload.
      const forged = `${customer!.id}.${real.split('.')[1]}.${real.split('.')[2]}`;
      const expired = kioskTicket.issue(server.apiKeys.sign, customer!.id, Date.now() - kioskTicket.ttlMs - 1000);
      for (const ticket of [forged, expired.ticket]) {
        const res = await kiosk.get(LIST, { ticket });
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe(TICKET_REFUSED);
      }
    });
  });

  describe('report_pdf and mark_printed', () => {
    it('refuses another person’s report and one not yet through final review', async () => {
      const ticket = await ticketOf(ownCard);
      for (const orderId of [others, mine.inReview!]) {
        const pdf = await kiosk.get(PDF, { ticket, order_id: orderId });
        expect(pdf.statusCode).toBe(404);
        expect(pdf.json().msg).toBe(NOT_OWN_REPORT);
        const mark = await kiosk.post(MARK, { ticket, order_id: orderId });
        expect(mark.statusCode).toBe(404);
      }
      expect(await orderStatus(db(), others)).toBe('final_trial');
      expect(await db().$count(reportPrints, eq(reportPrints.orderId, others))).toBe(0);
    });

    it('answers the holder’s report as a PDF', async () => {
      const pdf = await kiosk.get(PDF, { ticket: await ticketOf(ownCard), order_id: mine.final! });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('records every kiosk print and moves the report to printed once', async () => {
      const ticket = await ticketOf(ownCard);
      const first = await kiosk.post(MARK, { ticket, order_id: mine.final! });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ order_id: mine.final, status: 'report_printed', print_count: 1 });
      const again = await kiosk.post(MARK, { ticket, order_id: mine.final! });
      expect(again.json().data).toEqual({ order_id: mine.final, status: 'report_printed', print_count: 2 });

      const prints = await db().select().from(reportPrints).where(eq(reportPrints.orderId, mine.final!));
      expect(prints.map((p) => [p.source, p.operatorId])).toEqual([
        ['kiosk', null],
        ['kiosk', null],
      ]);
      const moves = await db()
        .select({ from: orderStatusLog.fromStatus, to: orderStatusLog.toStatus, userId: orderStatusLog.userId })
        .from(orderStatusLog)
        .where(and(eq(orderStatusLog.orderId, mine.final!), eq(orderStatusLog.toStatus, 'report_printed')))
        .orderBy(asc(orderStatusLog.id));
      expect(moves).toEqual([{ from: 'final_trial', to: 'report_printed', userId: null }]);
    });
  });
});
