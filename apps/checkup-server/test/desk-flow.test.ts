import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bannedMessage, idNumberCheckChar, type UserInfo } from '@checkup/api-contract';
import {
  auditLog,
  breakfasts,
  customers,
  itemResults,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  payments,
  queueEntries,
  packages,
  unionItems,
  unions,
} from '../src/db/schema.js';
import { saveDeptResults } from '../src/modules/dept-diag/dept-results-service.js';
import { signDept, signImaging } from '../src/modules/dept-diag/dept-sign-service.js';
import { passReview, saveConclusion } from '../src/modules/exam-review/review-service.js';
import { saveParameterValue } from '../src/modules/parameters/repository.js';
import { REFUSING_UNREGISTER, REMOVED_WITH_ORDER } from '../src/modules/orders/unregister-service.js';
import { deliverReport } from '../src/modules/report/report-delivery-service.js';
import { assertPrintable, recordStaffPrint } from '../src/modules/report/report-print-service.js';
import { reviewReport } from '../src/modules/report/report-review-service.js';
import { BANNED_AT_KIOSK, assertOwnReport } from '../src/modules/selfprint/selfprint-service.js';
import { getTableName } from 'drizzle-orm';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';
import { todayCst } from '../src/lib/hospital-day.js';

const DESK = ['exam_mg/order_quick_register', 'exam_mg/order_mg_detail'];

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  let plainClerk: ReturnType<typeof callerFor>;
  let doctorApi: ReturnType<typeof callerFor>;
  let unionIds: { xcg: number; ncg: number };
  let examinee = 0;

  beforeAll(async () => {
    await addStaff(db(), 'df_clerk', '登记员丁', '0', {
      menu: [...DESK, 'exam_mg/order_mg_detail:unregister', 'exam_mg/order_mg_detail:ban'],
    });
    await addStaff(db(), 'df_plain', '登记员戊', '0', { menu: DESK });
    clerk = callerFor(server, await tokenFor(server, 'df_clerk'));
    plainClerk = callerFor(server, await tokenFor(server, 'df_plain'));
    await addStaff(db(), 'df_doctor', '医生庚');
    doctorApi = callerFor(server, await tokenFor(server, 'df_doctor'));
    const rows = await db()
      .select({ id: unions.id, code: unions.unionCode })
      .from(unions)
      .where(inArray(unions.unionCode, ['XCG', 'NCG']));
    unionIds = { xcg: rows.find((r) => r.code === 'XCG')!.id, ncg: rows.find((r) => r.code === 'NCG')!.id };
  });

  /** An individual visit with two self-paid lines (血常规, 尿常规), saved as the desk saves it. */
  async function register(): Promise<string> {
    examinee += 1;
    const saved = await clerk.post('/manager/api/order/save', {
      cust_name: `钱流程${examinee}`,
      sex: '1',
      birthday: '1985-03-04',
      exam_type: 'health',
      // Today: checking in queues the examinee only on the day itself.
      exam_date: todayCst(),
      union_ids: JSON.stringify([unionIds.xcg, unionIds.ncg]),
    });
    expect(saved.json().msg).toBe('操作成功');
    return saved.json().data.order_id as string;
  }

  /** What the cashier (费用管理, a later issue) does: the money received and the lines it pays. */
  const pay = async (orderId: string, amount: string, unionIds: number[]) => {
    await db().insert(payments).values({ orderId, amount, payMethod: 'cash' });
    await db()
      .update(orderUnions)
      .set({ feeCharged: true })
      .where(and(eq(orderUnions.orderId, orderId), inArray(orderUnions.unionId, unionIds)));
  };

  const setPayTiming = (payTiming: 'after' | 'before') =>
    saveParameterValue(db(), '0140', '登记收费设置', { rounding: 'fen', pay_timing: payTiming });

  describe('payment timing (0140)', () => {
    it('先检后付 lists the unpaid self-paid lines and still prints the guide sheet', async () => {
      await setPayTiming('after');
      const orderId = await register();
      const state = (await clerk.get('/manager/api/order/payment_state', { order_id: orderId })).json().data;
      expect(state.pay_timing).toBe('after');
      expect(state.unpaid_lines.map((l: { union_name: string }) => l.union_name).sort()).toEqual(['尿常规', '血常规']);
      expect(state.guide_sheet_blocked).toBe(false);
      const sheet = await clerk.get('/manager/api/order/guide_sheet', { order_id: orderId });
      expect(sheet.statusCode).toBe(200);
    }, 30_000);

    it('先付后检 refuses the guide sheet and its ticket while self-paid lines are unpaid, and lets it print once paid', async () => {
      await setPayTiming('before');
      const orderId = await register();
      const state = (await clerk.get('/manager/api/order/payment_state', { order_id: orderId })).json().data;
      expect(state.guide_sheet_blocked).toBe(true);
      const total = state.unpaid_total as string;
      const message = `本中心为先付后检，该体检者还有自费项目未缴费（待收费 ¥${total}），请先到收费处缴费后再打印导检单`;

      const sheet = await clerk.get('/manager/api/order/guide_sheet', { order_id: orderId });
      expect(sheet.statusCode).toBe(409);
      expect(sheet.json().msg).toBe(message);
      const ticket = await clerk.post('/manager/api/order/guide_sheet_ticket', { order_id: orderId });
      expect(ticket.json().msg).toBe(message);

      // Half paid: one line is still 待收费 and the sheet still waits.
      const [first] = state.unpaid_lines as { union_id: number; price: string }[];
      await pay(orderId, first!.price, [first!.union_id]);
      const partly = (await clerk.get('/manager/api/order/payment_state', { order_id: orderId })).json().data;
      expect(partly.unpaid_lines).toHaveLength(1);
      expect((await clerk.get('/manager/api/order/guide_sheet', { order_id: orderId })).statusCode).toBe(409);

      await pay(
        orderId,
        partly.unpaid_total,
        (partly.unpaid_lines as { union_id: number }[]).map((l) => l.union_id),
      );
      const paid = (await clerk.get('/manager/api/order/payment_state', { order_id: orderId })).json().data;
      expect(paid).toMatchObject({
        unpaid_lines: [],
        unpaid_total: '0.00',
        paid_total: total,
        guide_sheet_blocked: false,
      });
      expect((await clerk.get('/manager/api/order/guide_sheet', { order_id: orderId })).statusCode).toBe(200);
      await setPayTiming('after');
    }, 30_000);

    it('charges a package’s lines their share of the package price, so 待收费 adds up to the visit’s total', async () => {
      const [pkg] = await db()
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.genderLimit, '0'), eq(packages.isActive, true)))
        .limit(1);
      examinee += 1;
      const saved = await clerk.post('/manager/api/order/save', {
        cust_name: `钱套餐${examinee}`,
        sex: '1',
        birthday: '1985-03-04',
        exam_type: 'health',
        exam_date: todayCst(),
        package_id: pkg!.id,
      });
      expect(saved.json().msg).toBe('操作成功');
      const { order_id: orderId, total_price: total } = saved.json().data as { order_id: string; total_price: string };
      const state = (await clerk.get('/manager/api/order/payment_state', { order_id: orderId })).json().data;
      expect(state.unpaid_total).toBe(total);
    }, 30_000);

    it('prints the 缴费单 with the examinee, the unpaid lines, their total and the centre', async () => {
      const orderId = await register();
      const state = (await clerk.get('/manager/api/order/payment_state', { order_id: orderId })).json().data;
      const res = await clerk.get('/manager/api/order/payment_slip', { order_id: orderId });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const { text } = await readPdf(res.rawPayload);
      for (const words of ['缴费单', `钱流程${examinee}`, orderId, '血常规', '尿常规', '合计', state.unpaid_total]) {
        expect(text).toContain(words);
      }
    }, 30_000);

    it('prints one barcode label per specimen and copy, and by ticket for the local print service', async () => {
      const orderId = await register();
      const res = await clerk.get('/manager/api/order/barcode_labels', { order_id: orderId, copies: 2 });
      expect(res.statusCode).toBe(200);
      const { text, pages } = await readPdf(res.rawPayload);
      expect(pages).toBe(4);
      expect(text).toContain(`钱流程${examinee}`);

      const issued = await clerk.post('/manager/api/order/barcode_labels_ticket', { order_id: orderId, copies: 1 });
      const ticket = issued.json().data.ticket as string;
      const fetched = await server.app.inject({
        method: 'GET',
        url: `/manager/api/order/barcode_labels_file?ticket=${encodeURIComponent(ticket)}`,
      });
      expect(fetched.statusCode).toBe(200);
      expect((await readPdf(fetched.rawPayload)).pages).toBe(2);
      const tooMany = await clerk.get('/manager/api/order/barcode_labels', { order_id: orderId, copies: 11 });
      expect(tooMany.json().msg).toBe('条码份数应为1到10之间的整数');
    }, 30_000);
  });

  describe('反登记', () => {
    const leftBehind = async (orderId: string) => {
      const tally = async (
        table: typeof orderUnions | typeof orderDepts | typeof orderStatusLog | typeof queueEntries,
      ) => (await db().select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]!.n;
      return {
        orders: (await db().select({ n: count() }).from(orders).where(eq(orders.orderId, orderId)))[0]!.n,
        unions: await tally(orderUnions),
        depts: await tally(orderDepts),
        log: await tally(orderStatusLog),
        queue: await tally(queueEntries),
      };
    };

    it('removes a checked-in visit with its lines, departments, log and queue places; the archive and an audit row stay', async () => {
      const orderId = await register();
      expect((await clerk.post('/manager/api/order/check_in', { order_id: orderId })).json().msg).toBe('操作成功');
      const [before] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      expect((await leftBehind(orderId)).queue).toBeGreaterThan(0);

      const res = await clerk.post('/manager/api/order/unregister', { order_id: orderId });
      expect(res.json()).toMatchObject({
        msg: '操作成功',
        data: { order_id: orderId, customer_id: before!.customerId },
      });
      expect(await leftBehind(orderId)).toEqual({ orders: 0, unions: 0, depts: 0, log: 0, queue: 0 });
      const [archive] = await db().select().from(customers).where(eq(customers.id, before!.customerId));
      expect(archive?.custName).toBe(`钱流程${examinee}`);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order_unregister'), eq(auditLog.target, orderId)));
      const detail = audit!.detail as { status: string; total_price: string; unions: { union_id: number }[] };
      expect(detail.status).toBe('checked_in');
      expect(detail.total_price).toBe(before!.totalPrice);
      expect(detail.unions.map((u) => u.union_id).sort()).toEqual([unionIds.xcg, unionIds.ncg].sort());
      expect(audit!.userAccount).toBe('df_clerk');
    }, 30_000);

    it('refuses without its own permission, leaving the visit', async () => {
      const orderId = await register();
      const res = await plainClerk.post('/manager/api/order/unregister', { order_id: orderId });
      expect(res.statusCode).toBe(403);
      expect((await leftBehind(orderId)).orders).toBe(1);
    });

    const refusals: [string, (orderId: string) => Promise<unknown>, string][] = [
      [
        'a line no longer 未检',
        (id) => db().update(orderUnions).set({ status: '2' }).where(eq(orderUnions.orderId, id)),
        '已弃检，不能反登记',
      ],
      [
        'a result entered',
        async (id) => {
          const [line] = await db().select().from(orderUnions).where(eq(orderUnions.orderId, id)).limit(1);
          const [item] = await db()
            .select({ itemId: unionItems.itemId })
            .from(unionItems)
            .where(eq(unionItems.unionId, line!.unionId))
            .limit(1);
          const itemId = item!.itemId;
          await db()
            .insert(itemResults)
            .values({ orderId: id, itemId, unionId: line!.unionId, deptId: line!.deptId, resultValue: '5' });
        },
        '该体检已录入检查结果，不能反登记',
      ],
      [
        'a department signed',
        (id) => db().update(orderDepts).set({ status: '2' }).where(eq(orderDepts.orderId, id)),
        '该体检已有科室录入或签名，不能反登记',
      ],
      [
        'the visit in the exam',
        (id) => db().update(orders).set({ status: 'in_exam' }).where(eq(orders.orderId, id)),
        '订单当前状态为「检查中」，只有已预登记、已登记或已报到的体检可以反登记',
      ],
      [
        'a payment',
        (id) => db().insert(payments).values({ orderId: id, amount: '10.00', payMethod: 'cash' }),
        '该体检已有收费记录，不能反登记，请先到收费处办理退费',
      ],
      ['breakfast taken', (id) => db().insert(breakfasts).values({ orderId: id }), '该体检已领取早餐，不能反登记'],
    ];
    for (const [what, make, message] of refusals) {
      it(`refuses once ${what}, leaving everything`, async () => {
        const orderId = await register();
        await make(orderId);
        const before = await leftBehind(orderId);
        const res = await clerk.post('/manager/api/order/unregister', { order_id: orderId });
        expect(res.statusCode).toBe(409);
        expect(res.json().msg).toContain(message);
        expect(await leftBehind(orderId)).toEqual(before);
      }, 30_000);
    }

    it('knows every table with a foreign key to orders: it empties it or refuses on it', async () => {
      const found = (await db().execute(sql`
        select distinct tc.table_name as name
        from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'orders' and tc.table_name <> 'orders'`)) as {
        rows: { name: string }[];
      };
      const referencing = found.rows.map((r) => r.name).sort();
      const handled = [...REMOVED_WITH_ORDER, ...REFUSING_UNREGISTER.map((t) => getTableName(t))].sort();
      expect(referencing).toEqual(handled);
    });
  });

  describe('禁检', () => {
    const doctor = async (): Promise<UserInfo> => {
      const id = await addStaff(db(), `df_doc${Date.now() % 100000}${examinee}`, '医生己');
      examinee += 1;
      return {
        id,
        user_account: 'df_doc',
        user_name: '医生己',
        special_flag: '0',
        role_menu: ['*'],
        all_depts: true,
        leader: false,
        discount_floor: 100,
        must_change_password: false,
        data_scope: 'all',
      };
    };

    it('bans with a reason (audited), shows it, refuses a second ban, and lifts it (audited)', async () => {
      const orderId = await register();
      const banned = await clerk.post('/manager/api/order/ban', { order_id: orderId, reason: '血压过高，暂缓体检' });
      expect(banned.json().data).toMatchObject({ banned: true, reason: '血压过高，暂缓体检', banned_by: '登记员丁' });
      const state = await clerk.get('/manager/api/order/ban_state', { order_id: orderId });
      expect(state.json().data.reason).toBe('血压过高，暂缓体检');
      const twice = await clerk.post('/manager/api/order/ban', { order_id: orderId, reason: '再次' });
      expect(twice.json().msg).toBe('该体检者已禁检（原因：血压过高，暂缓体检），请勿重复操作');
      const blank = await clerk.post('/manager/api/order/ban', { order_id: orderId, reason: '  ' });
      expect(blank.json().msg).toBe('请填写禁检原因');
      expect((await plainClerk.post('/manager/api/order/lift_ban', { order_id: orderId })).statusCode).toBe(403);

      const lifted = await clerk.post('/manager/api/order/lift_ban', { order_id: orderId });
      expect(lifted.json().data).toMatchObject({ banned: false, reason: null, banned_by: null });
      const audits = await db()
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.target, orderId))
        .orderBy(desc(auditLog.id));
      expect(audits.slice(0, 2)).toEqual([
        { action: 'order_lift_ban', detail: { lifted_reason: '血压过高，暂缓体检' } },
        { action: 'order_ban', detail: { reason: '血压过高，暂缓体检' } },
      ]);
      const again = await clerk.post('/manager/api/order/lift_ban', { order_id: orderId });
      expect(again.json().msg).toBe('该体检者未被禁检，无需解除');
    });

    it('refuses every department, review and report write of a banned visit with the reason, and allows them once lifted', async () => {
      const user = await doctor();
      const reason = '怀孕，不宜放射检查';
      const refused = bannedMessage(reason);
      const ban = (id: string) => db().update(orders).set({ banReason: reason }).where(eq(orders.orderId, id));

      const examId = await register();
      await clerk.post('/manager/api/order/check_in', { order_id: examId });
      const [line] = await db().select().from(orderUnions).where(eq(orderUnions.orderId, examId)).limit(1);
      await ban(examId);
      const dept = line!.deptId;
      await expect(
        saveDeptResults(
          db(),
          { order_id: examId, exam_dept_id: dept, results: [], summary: [], diag_list: [] } as never,
          user,
          '127.0.0.1',
        ),
      ).rejects.toThrow(refused);
      await expect(signDept(db(), examId, dept, user, '127.0.0.1')).rejects.toThrow(refused);
      const imaging = await addDept(db(), '放射科', true);
      await db().insert(orderDepts).values({ orderId: examId, deptId: imaging.deptId, examDate: todayCst() });
      await expect(signImaging(db(), examId, imaging.deptId, imaging.workGroupId, user)).rejects.toThrow(refused);

      const reviewId = await addOrder(db(), { status: 'depts_done' });
      await ban(reviewId);
      const conclusion = { orderId: reviewId, conclusion: '未见异常', advice: '定期复查' };
      await expect(saveConclusion(db(), conclusion, user)).rejects.toThrow(refused);
      await expect(passReview(db(), { ...conclusion, step: 'first' } as never, user, '127.0.0.1')).rejects.toThrow(
        refused,
      );

      // With an ID number: the kiosk finds a person's reports by it.
      const idCard = `11010519800506${String(examinee).padStart(3, '0')}`;
      const reportId = await addOrder(db(), { status: 'final_trial', idCard: idCard + idNumberCheckChar(idCard) });
      await ban(reportId);
      await expect(assertPrintable(db(), reportId)).rejects.toThrow(refused);
      await expect(recordStaffPrint(db(), reportId, { userId: user.id, userAccount: 'df_doc' })).rejects.toThrow(
        refused,
      );
      await expect(reviewReport(db(), { orderId: reportId, result: 'pass' }, user)).rejects.toThrow(refused);
      const sent = await deliverReport(
        {
          db: db(),
          personalData: testPersonalData,
          transport: { send: () => Promise.resolve({ ok: true, detail: '' }) },
        },
        reportId,
        { method: 'pickup' },
        { user },
      );
      expect(sent).toMatchObject({ ok: false, message: refused });
      // At the self-print kiosk the examinee is sent to the desk, without the staff's reason.
      const [reportOrder] = await db().select().from(orders).where(eq(orders.orderId, reportId));
      await expect(assertOwnReport(db(), reportOrder!.customerId, reportId)).rejects.toThrow(BANNED_AT_KIOSK);

      // Lifted: the same calls pass the guard (and stop, if at all, at their own rules).
      await db()
        .update(orders)
        .set({ banReason: null })
        .where(inArray(orders.orderId, [examId, reviewId, reportId]));
      await expect(saveConclusion(db(), conclusion, user)).resolves.toBeUndefined();
      await expect(assertPrintable(db(), reportId)).resolves.toBeUndefined();
      await expect(assertOwnReport(db(), reportOrder!.customerId, reportId)).resolves.toBeDefined();
      await expect(
        saveDeptResults(
          db(),
          { order_id: examId, exam_dept_id: dept, results: [], summary: [], diag_list: [] } as never,
          user,
          '127.0.0.1',
        ),
      ).resolves.toBeDefined();
    }, 30_000);

    it('answers the refusal through the API as the doctor sees it', async () => {
      const orderId = await register();
      await clerk.post('/manager/api/order/check_in', { order_id: orderId });
      await clerk.post('/manager/api/order/ban', { order_id: orderId, reason: '未空腹' });
      const [line] = await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId)).limit(1);
      const res = await doctorApi.get('/manager/api/departmentdiagnosis/order_dept_sign', {
        order_id: orderId,
        exam_dept_id: line!.deptId,
      });
      expect(res.json().msg).toBe('该体检者已禁检，原因：未空腹');
    });
  });
});
