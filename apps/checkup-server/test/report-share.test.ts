import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MAX_WRONG_CODES, SHARE_MESSAGES } from '@checkup/api-contract';
import { auditLog, orderExceptions, orders, reportShares } from '../src/db/schema.js';
import { tokenHashOf } from '../src/modules/report-share/share-secrets.js';
import { form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { addReviewedOrder } from './report-fixture.js';

const CREATE = '/manager/api/report_share/create';
const LIST = '/manager/api/report_share/list';
const REVOKE = '/manager/api/report_share/revoke';
const OPEN = '/manager/api/report_share/open';
const PDF = '/manager/api/report_share/pdf';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let staff: ReturnType<typeof callerFor>;
  let printer: ReturnType<typeof callerFor>;

  /** The examinee's browser, on the public listener: no session, a phone's address. */
  const visitor = {
    open: (token: string, code: string, address = '10.9.8.7') =>
      server.app.inject({
        method: 'POST',
        url: OPEN,
        ...form({ token, code }),
        headers: { ...form({ token, code }).headers, 'user-agent': 'Mozilla/5.0 (iPhone)' },
        remoteAddress: address,
      }),
    pdf: (ticket: string) => server.app.inject({ method: 'GET', url: `${PDF}?${new URLSearchParams({ ticket })}` }),
  };

  const ready = (status = 'final_trial') =>
    addReviewedOrder(db(), { status: status as 'final_trial', name: '钱分享', unionCodes: ['NKJC'] });

  async function share(orderId: string, validDays = 7) {
    const res = await staff.post(CREATE, { order_id: orderId, valid_days: validDays });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { share: { share_id: number; state: string }; token: string; code: string; path: string };
  }

  const auditsOf = (orderId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, orderId), eq(auditLog.action, action)));

  beforeAll(async () => {
    await addStaff(db(), 'rs_staff', '发送员甲', '0', { menu: ['exam_mg', 'exam_mg/send_rpt'] });
    await addStaff(db(), 'rs_printer', '打印员乙', '0', { menu: ['exam_mg', 'exam_mg/print_rpt'] });
    staff = callerFor(server, await tokenFor(server, 'rs_staff'));
    printer = callerFor(server, await tokenFor(server, 'rs_printer'));
  });

  describe('making a link', () => {
    it('answers a link and a six-character code once, and keeps only their hashes', async () => {
      const orderId = await ready();
      const made = await share(orderId, 3);
      expect(made.code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
      expect(made.path).toBe(`/#/report_share?t=${made.token}`);
      expect(made.share).toMatchObject({ order_id: orderId, state: 'active', valid_days: 3, created_by: '发送员甲' });

      const [row] = await db().select().from(reportShares).where(eq(reportShares.orderId, orderId));
      expect(row!.tokenHash).toBe(tokenHashOf(made.token));
      expect(row!.codeHash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(row)).not.toContain(made.code);
      expect(JSON.stringify(row)).not.toContain(made.token);
      const days = (row!.expiresAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
      expect(days).toBeCloseTo(3, 2);
      expect(await auditsOf(orderId, 'report_share_create')).toHaveLength(1);
    });

    it('makes a link open until revoked with 0 days, and refuses other spans', async () => {
      const orderId = await ready();
      expect((await share(orderId, 0)).share).toMatchObject({ valid_days: 0, state: 'active' });
      const [row] = await db().select().from(reportShares).where(eq(reportShares.orderId, orderId));
      expect(row!.expiresAt).toBeNull();
      const bad = await staff.post(CREATE, { order_id: orderId, valid_days: 5 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('请选择有效期');
    });

    it('refuses a report that is not final-reviewed, a banned visit and an abnormal report', async () => {
      const inReview = await ready('main_trial');
      const notFinal = await staff.post(CREATE, { order_id: inReview, valid_days: 7 });
      expect(notFinal.statusCode).toBe(409);
      expect(notFinal.json().msg).toBe('该体检尚未终审通过，不能分享报告');

      const banned = await ready();
      await db()
        .update(orders)
        .set({ banReason: '费用未结清', bannedAt: new Date() })
        .where(eq(orders.orderId, banned));
      const refused = await staff.post(CREATE, { order_id: banned, valid_days: 7 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe('该体检已禁检，不能分享报告');

      const abnormal = await ready();
      await db()
        .insert(orderExceptions)
        .values({ orderId: abnormal, exceptionType: 'review', reviewException: '报告异常', exceptionUser: '吴静' });
      expect((await staff.post(CREATE, { order_id: abnormal, valid_days: 7 })).json().msg).toBe(
        '该体检有未处理的异常，不能分享报告',
      );
      expect(await db().select().from(reportShares).where(eq(reportShares.orderId, banned))).toHaveLength(0);
    });

    it('refuses the calls to an account whose role does not open 报告发送', async () => {
      const orderId = await ready();
      const res = await printer.post(CREATE, { order_id: orderId, valid_days: 7 });
      expect(res.statusCode).toBe(403);
      expect((await printer.get(LIST, { order_id: orderId })).statusCode).toBe(403);
      expect((await printer.post(REVOKE, { share_id: 1 })).statusCode).toBe(403);
    });
  });

  describe('opening a link', () => {
    it('opens with the right code in either case, audits who, when and from where, and serves the PDF', async () => {
      const orderId = await ready();
      const made = await share(orderId);
      const res = await visitor.open(made.token, made.code.toLowerCase());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        order_id: orderId,
        cust_name: '钱*享',
        link_expires_at: expect.any(String),
      });

      const pdf = await visitor.pdf(res.json().data.ticket);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const [opened] = await auditsOf(orderId, 'report_share_open');
      expect(opened).toMatchObject({ ip: '10.9.8.7', userId: null });
      expect(opened!.detail).toMatchObject({ share_id: made.share.share_id, user_agent: 'Mozilla/5.0 (iPhone)' });
      expect(await auditsOf(orderId, 'report_share_download')).toHaveLength(1);
      const listed = (await staff.get(LIST, { order_id: orderId })).json().data.list;
      expect(listed[0]).toMatchObject({ open_count: 1, last_opened_ip: '10.9.8.7', state: 'active' });
    });

    it('counts wrong codes and locks the link after five in a row, even for the right code', async () => {
      const orderId = await ready();
      const made = await share(orderId);
      for (let i = 1; i < SHARE_MAX_WRONG_CODES; i += 1) {
        const wrong = await visitor.open(made.token, 'AAAAAA');
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().msg).toBe(SHARE_MESSAGES.wrongCode(SHARE_MAX_WRONG_CODES - i));
      }
      const locking = await visitor.open(made.token, 'AAAAAA');
      expect(locking.statusCode).toBe(423);
      expect(locking.json().msg).toBe(SHARE_MESSAGES.locked);
      const right = await visitor.open(made.token, made.code);
      expect(right.statusCode).toBe(423);
      expect(await auditsOf(orderId, 'report_share_wrong_code')).toHaveLength(SHARE_MAX_WRONG_CODES);
      expect((await staff.get(LIST, { order_id: orderId })).json().data.list[0].state).toBe('locked');

      // The lock passes: the right code opens again.
      await db()
        .update(reportShares)
        .set({ lockedUntil: new Date(Date.now() - 1000) });
      expect((await visitor.open(made.token, made.code)).statusCode).toBe(200);
    });

    it('a right code starts the count of wrong ones again', async () => {
      const made = await share(await ready());
      await visitor.open(made.token, 'AAAAAA');
      await visitor.open(made.token, 'AAAAAA');
      expect((await visitor.open(made.token, made.code)).statusCode).toBe(200);
      expect((await visitor.open(made.token, 'AAAAAA')).json().msg).toBe(
        SHARE_MESSAGES.wrongCode(SHARE_MAX_WRONG_CODES - 1),
      );
    });

    it('refuses an unknown link', async () => {
      const res = await visitor.open('x'.repeat(32), 'ABCDEF');
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(SHARE_MESSAGES.notFound);
    });

    it('refuses an expired link in Chinese, and a download after expiry', async () => {
      const orderId = await ready();
      const made = await share(orderId, 1);
      const ticket = (await visitor.open(made.token, made.code)).json().data.ticket as string;
      await db()
        .update(reportShares)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(reportShares.orderId, orderId));
      const res = await visitor.open(made.token, made.code);
      expect(res.statusCode).toBe(410);
      expect(res.json().msg).toBe(SHARE_MESSAGES.expired);
      expect((await visitor.pdf(ticket)).json().msg).toBe(SHARE_MESSAGES.expired);
      expect((await staff.get(LIST, { order_id: orderId })).json().data.list[0].state).toBe('expired');
    });

    it('refuses a revoked link, and revoking is audited and done once', async () => {
      const orderId = await ready();
      const made = await share(orderId, 0);
      const ticket = (await visitor.open(made.token, made.code)).json().data.ticket as string;
      const revoked = await staff.post(REVOKE, { share_id: made.share.share_id });
      expect(revoked.json().data).toMatchObject({ state: 'revoked', revoked_by: '发送员甲' });
      expect((await staff.post(REVOKE, { share_id: made.share.share_id })).json().msg).toBe('该分享链接已撤销');
      expect(await auditsOf(orderId, 'report_share_revoke')).toHaveLength(1);

      const res = await visitor.open(made.token, made.code);
      expect(res.statusCode).toBe(410);
      expect(res.json().msg).toBe(SHARE_MESSAGES.revoked);
      const pdf = await visitor.pdf(ticket);
      expect(pdf.statusCode).toBe(410);
    });

    it('refuses once the visit is banned after the link was made', async () => {
      const orderId = await ready();
      const made = await share(orderId);
      await db().update(orders).set({ banReason: '复核中', bannedAt: new Date() }).where(eq(orders.orderId, orderId));
      const res = await visitor.open(made.token, made.code);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(SHARE_MESSAGES.unavailable);
      expect(res.body).not.toContain('复核中');
    });

    it('refuses a forged download ticket', async () => {
      const res = await visitor.pdf('1.9999999999.forged-signature');
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(SHARE_MESSAGES.ticket);
    });
  });
});
