import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_UNION_MESSAGES,
  REMINDER_MESSAGES,
  DEMO_PASSWORD,
  SELECTION_MESSAGES,
  UNSIGN_MESSAGES,
  errorCatalogue,
} from '@checkup/api-contract';
import {
  auditLog,
  orderDepts,
  orderStatusLog,
  orderUnionAdditions,
  orderUnions,
  orders,
  queueEntries,
  queueEvents,
  reviews,
  unionMutex,
  unions,
  users,
} from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { acquireLock } from '../src/modules/locks/record-locks.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';

const API = '/manager/api/departmentdiagnosis';
const SIGN = `${API}/order_dept_sign`;
const UNSIGN = `${API}/order_dept_unsign`;
const ADDABLE = `${API}/dept_addable_unions`;
const ADD = `${API}/dept_add_union`;
const REMIND = `${API}/reminder_add`;
const DEPT_REMINDERS = `${API}/dept_reminders`;
const DEPT_DONE = `${API}/dept_reminder_done`;
const REVIEW_REMINDERS = '/manager/api/examreview/order_reminders';
const REVIEW_DONE = '/manager/api/examreview/order_reminder_done';

const DEPT_SCREENS = ['exam_mg/dept_diag', 'exam_mg/dept_diag_detail'];
const UNSIGN_KEY = 'exam_mg/dept_diag_detail:unsign';

type Caller = ReturnType<typeof callerFor>;

/**
 * Issue 19, department entry: 反审核 (by the signer or the department's leader, before 总检 starts),
 * 科室加项 (the desk's selection rules, self-paid, the total and the department's row) and 我要提醒
 * (a note to another department or to 总检, read and handled there).
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let deptA: number;
  let deptB: number;
  const u = { a1: 0, a2: 0, mutex: 0, female: 0, b1: 0, b2: 0 };
  const who = {} as Record<'signer' | 'other' | 'leader' | 'leaderB' | 'noKey' | 'docB' | 'chief' | 'all', Caller>;
  const ids = {} as Record<'signer' | 'leader', number>;

  async function staff(account: string, menu: string[], depts: number[] | '*', leader = false) {
    const id = await addStaff(db(), account, account, '1', { menu, depts });
    if (leader) await db().update(users).set({ isLeader: true }).where(eq(users.id, id));
    return { id, caller: callerFor(server, await tokenFor(server, account)) };
  }

  beforeAll(async () => {
    deptA = (await addDept(db(), '内科')).deptId;
    deptB = (await addDept(db(), '外科')).deptId;
    const union = async (code: string, name: string, deptId: number, price: string, genderLimit: '0' | '2' = '0') =>
      (
        await db()
          .insert(unions)
          .values({ unionCode: code, unionName: name, deptId, price, genderLimit })
          .returning({ id: unions.id })
      )[0]!.id;
    u.a1 = await union('X-A1', '内科检查', deptA, '20.00');
    u.a2 = await union('X-A2', '甲状腺触诊', deptA, '35.50');
    u.mutex = await union('X-A3', '内科检查（简）', deptA, '10.00');
    u.female = await union('X-A4', '乳腺触诊', deptA, '15.00', '2');
    u.b1 = await union('X-B1', '外科检查', deptB, '20.00');
    u.b2 = await union('X-B2', '浅表淋巴结触诊', deptB, '12.00');
    await db().insert(unionMutex).values({ unionId: u.mutex, mutexUnionId: u.a1 });

    const unsigner = [...DEPT_SCREENS, UNSIGN_KEY];
    const signer = await staff('ux_signer', unsigner, [deptA]);
    ids.signer = signer.id;
    who.signer = signer.caller;
    who.other = (await staff('ux_other', unsigner, [deptA])).caller;
    const leader = await staff('ux_leader', unsigner, [deptA], true);
    ids.leader = leader.id;
    who.leader = leader.caller;
    who.leaderB = (await staff('ux_leader_b', unsigner, [deptB], true)).caller;
    who.noKey = (await staff('ux_nokey', DEPT_SCREENS, [deptA])).caller;
    who.docB = (await staff('ux_doc_b', DEPT_SCREENS, [deptB])).caller;
    who.chief = (await staff('ux_chief', ['exam_mg/rev_apr', 'exam_mg/rev_apr_detail'], '*')).caller;
    who.all = (await staff('ux_all', DEPT_SCREENS, '*')).caller;
  });

  /** A visit of today with 内科 (one union) and 外科, both in the given department states. */
  async function visit(status = 'in_exam', a: '0' | '1' | '2' = '1', b: '0' | '1' | '2' = '0') {
    const orderId = await addOrder(db(), {
      status,
      examDate: todayCst(),
      depts: [
        { deptId: deptA, status: a },
        { deptId: deptB, status: b },
      ],
    });
    await db()
      .insert(orderUnions)
      .values([
        { orderId, unionId: u.a1, deptId: deptA, price: '20.00', origin: 'package' },
        { orderId, unionId: u.b1, deptId: deptB, price: '20.00', origin: 'package' },
      ]);
    await db().update(orders).set({ totalPrice: '40.00' }).where(eq(orders.orderId, orderId));
    return orderId;
  }

  const deptRow = async (orderId: string, deptId = deptA) =>
    (
      await db()
        .select()
        .from(orderDepts)
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)))
    )[0];
  const audits = (orderId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, orderId), eq(auditLog.action, action)));
  const sign = async (caller: Caller, orderId: string, deptId = deptA) =>
    expect((await caller.get(SIGN, { order_id: orderId, exam_dept_id: deptId })).statusCode).toBe(200);
  const unsign = (caller: Caller, orderId: string, reason = '结果录错，需更正') =>
    caller.post(UNSIGN, { order_id: orderId, exam_dept_id: deptA, reason });

  describe('反审核', () => {
    it('lets the signer take the signature back: results entered again, signer cleared, audited with the reason', async () => {
      const orderId = await visit();
      await sign(who.signer, orderId);
      expect(await deptRow(orderId)).toMatchObject({ status: '2', signUserId: ids.signer });

      const res = await unsign(who.signer, orderId);
      expect(res.json()).toMatchObject({ status: 200, data: { order_status: 'in_exam' } });
      expect(await deptRow(orderId)).toMatchObject({ status: '1', signUserId: null, signedAt: null });
      const [audit] = await audits(orderId, 'dept_unsign');
      expect(audit!.detail).toMatchObject({
        dept_id: deptA,
        reason: '结果录错，需更正',
        signed_by: ids.signer,
        as: 'signer',
      });
      await sign(who.signer, orderId);
      expect((await deptRow(orderId))!.status).toBe('2');
    });

    it('lets a leader of the department un-sign a visit whose departments were done: back to 检查中, logged', async () => {
      const orderId = await visit('in_exam', '1', '2');
      await sign(who.signer, orderId);
      expect(await orderStatus(db(), orderId)).toBe('depts_done');

      const res = await unsign(who.leader, orderId, '主任复核');
      expect(res.json()).toMatchObject({ status: 200, data: { order_status: 'in_exam' } });
      expect(await orderStatus(db(), orderId)).toBe('in_exam');
      const moves = await db().select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId));
      expect(moves.at(-1)).toMatchObject({ fromStatus: 'depts_done', toStatus: 'in_exam', reason: '主任复核' });
      const [statusAudit] = await audits(orderId, 'order_status').then((rows) =>
        rows.filter((r) => (r.detail as { action: string }).action === 'unsign_dept'),
      );
      expect(statusAudit).toBeDefined();
      expect((await audits(orderId, 'dept_unsign'))[0]!.detail).toMatchObject({ as: 'leader' });
    });

    it('refuses another doctor of the department and a leader of another department, with an access audit row', async () => {
      const orderId = await visit();
      await sign(who.signer, orderId);
      for (const caller of [who.other, who.leaderB]) {
        const res = await unsign(caller, orderId);
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe(UNSIGN_MESSAGES.notAllowed);
      }
      expect(await audits(orderId + ':' + deptA, 'access_denied')).toHaveLength(2);
      expect(await deptRow(orderId)).toMatchObject({ status: '2', signUserId: ids.signer });
      expect(await audits(orderId, 'dept_unsign')).toHaveLength(0);
    });

    it('refuses once 总检 has started: the review opened with its lock, a conclusion saved, 初审 passed', async () => {
      const locked = await visit('in_exam', '1', '2');
      await sign(who.signer, locked);
      await acquireLock(db(), { type: 'exam_review', key: locked }, { id: ids.leader, user_name: '周医生' });

      const concluded = await visit();
      await sign(who.signer, concluded);
      await db().update(orders).set({ conclusion: '未见明显异常' }).where(eq(orders.orderId, concluded));

      const passed = await visit('in_exam', '1', '2');
      await sign(who.signer, passed);
      await db().update(orders).set({ status: 'first_trial' }).where(eq(orders.orderId, passed));

      // Passed 初审, then returned to the departments: 总检 had started all the same.
      const returned = await visit();
      await sign(who.signer, returned);
      await db()
        .insert(reviews)
        .values({ orderId: returned, step: 'first', result: 'pass', reviewerId: ids.leader, reviewerName: '周医生' });

      for (const orderId of [locked, concluded, passed, returned]) {
        const res = await unsign(who.signer, orderId);
        expect(res.json()).toMatchObject({ status: 409, msg: UNSIGN_MESSAGES.reviewStarted });
        expect((await deptRow(orderId))!.status).toBe('2');
      }
      expect(await orderStatus(db(), locked)).toBe('depts_done');
    });

    it('keeps the move for 反审核 out of 变更状态: by hand it would leave every department signed', async () => {
      const orderId = await visit('depts_done', '2', '2');
      const admin = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
      const res = await admin.post('/manager/api/order/change_status', { order_id: orderId, action: 'unsign_dept' });
      expect(res.json()).toMatchObject({ status: 400, msg: '不支持的操作' });
      expect(await orderStatus(db(), orderId)).toBe('depts_done');
    });

    it('refuses a department not signed yet', async () => {
      const orderId = await visit();
      const res = await unsign(who.signer, orderId);
      expect(res.json()).toMatchObject({ status: 409, msg: UNSIGN_MESSAGES.notSigned });
    });

    it('refuses an account whose role lacks the 反审核 permission, even the signer of the department', async () => {
      const orderId = await visit();
      await sign(who.noKey, orderId);
      const res = await unsign(who.noKey, orderId);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
      expect((await deptRow(orderId))!.status).toBe('2');
    });

    it('keeps the examinee out of the queue they left at signing: results were entered, nobody is called back', async () => {
      const orderId = await visit('checked_in', '1', '0');
      const entry = async () =>
        (
          await db()
            .select()
            .from(queueEntries)
            .where(and(eq(queueEntries.orderId, orderId), eq(queueEntries.deptId, deptA)))
        )[0]!;
      // The sync enrols only departments still waiting; this entry stands for the examinee queued at 内科.
      const [added] = await db()
        .insert(queueEntries)
        .values({ queueDate: todayCst(), deptId: deptA, orderId, queueNo: 900 })
        .returning();
      await sign(who.signer, orderId);
      expect((await entry()).status).toBe('done');
      const events = async () => db().$count(queueEvents, eq(queueEvents.entryId, added!.id));
      const before = await events();

      expect((await unsign(who.signer, orderId)).statusCode).toBe(200);
      expect((await entry()).status).toBe('done');
      expect(await events()).toBe(before);
      expect(await orderStatus(db(), orderId)).toBe('in_exam');
    });
  });

  describe('科室加项', () => {
    const add = (caller: Caller, orderId: string, unionId: number, deptId = deptA) =>
      caller.post(ADD, { order_id: orderId, exam_dept_id: deptId, union_id: unionId });

    it('offers the department’s unions not yet ordered, each with why it cannot be added', async () => {
      const orderId = await visit();
      const list = (await who.signer.get(ADDABLE, { order_id: orderId, exam_dept_id: deptA })).json().data;
      expect(list).toEqual([
        { id: u.a2, union_code: 'X-A2', union_name: '甲状腺触诊', price: '35.50', refusal: null },
        {
          id: u.mutex,
          union_code: 'X-A3',
          union_name: '内科检查（简）',
          price: '10.00',
          refusal: SELECTION_MESSAGES.mutex('内科检查（简）', '内科检查'),
        },
        {
          id: u.female,
          union_code: 'X-A4',
          union_name: '乳腺触诊',
          price: '15.00',
          refusal: SELECTION_MESSAGES.unionGender('乳腺触诊'),
        },
      ]);
    });

    it('adds a union self-paid at its list price, keeps who added it, raises the total and audits', async () => {
      const orderId = await visit();
      const res = await add(who.signer, orderId, u.a2);
      expect(res.json()).toMatchObject({ status: 200, data: { union_id: u.a2, price: '35.50', total_price: '75.50' } });
      const [line] = await db()
        .select()
        .from(orderUnions)
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, u.a2)));
      expect(line).toMatchObject({
        deptId: deptA,
        price: '35.50',
        listPrice: '35.50',
        feeCharged: false,
        origin: 'dept',
        payMode: 'self',
        status: '0',
      });
      const [who_] = await db().select().from(orderUnionAdditions).where(eq(orderUnionAdditions.orderId, orderId));
      expect(who_).toMatchObject({ unionId: u.a2, deptId: deptA, addedBy: ids.signer });
      const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      expect(order!.totalPrice).toBe('75.50');
      expect((await audits(orderId, 'dept_add_union'))[0]!.detail).toMatchObject({
        union_id: u.a2,
        price: '35.50',
        total_price: { from: '40.00', to: '75.50' },
      });
    });

    it('refuses a duplicate, a mutex, the other sex and another department’s union, leaving the visit as it was', async () => {
      const orderId = await visit();
      const cases: [number, string][] = [
        [u.a1, SELECTION_MESSAGES.alreadySelected('内科检查')],
        [u.mutex, SELECTION_MESSAGES.mutex('内科检查（简）', '内科检查')],
        [u.female, SELECTION_MESSAGES.unionGender('乳腺触诊')],
        [u.b1, ADD_UNION_MESSAGES.notOfDept],
      ];
      for (const [unionId, msg] of cases) {
        expect((await add(who.signer, orderId, unionId)).json()).toMatchObject({ status: 400, msg });
      }
      expect(await db().$count(orderUnions, eq(orderUnions.orderId, orderId))).toBe(2);
      expect(await audits(orderId, 'dept_add_union')).toHaveLength(0);
    });

    it('refuses a banned visit, one whose 总检 has started, and a department already signed', async () => {
      const banned = await visit();
      await db().update(orders).set({ banReason: '费用未结清' }).where(eq(orders.orderId, banned));
      expect((await add(who.signer, banned, u.a2)).json().msg).toBe(ADD_UNION_MESSAGES.banned('费用未结清'));

      const concluded = await visit();
      await db().update(orders).set({ conclusion: '未见异常' }).where(eq(orders.orderId, concluded));
      expect((await add(who.signer, concluded, u.a2)).json().msg).toBe(ADD_UNION_MESSAGES.reviewStarted);

      const signed = await visit('in_exam', '2');
      expect((await add(who.signer, signed, u.a2)).json().msg).toBe(ADD_UNION_MESSAGES.deptSigned);

      const registered = await visit('registered', '0');
      expect((await add(who.signer, registered, u.a2)).json().msg).toBe('订单当前状态为「已登记」，不能科室加项');
    });

    it('gives a department new to the visit its waiting row, and a checked-in examinee joins its queue', async () => {
      const orderId = await addOrder(db(), {
        status: 'checked_in',
        examDate: todayCst(),
        depts: [{ deptId: deptB, status: '0' }],
      });
      await db()
        .insert(orderUnions)
        .values({ orderId, unionId: u.b1, deptId: deptB, price: '20.00', origin: 'package' });
      expect((await add(who.all, orderId, u.a2)).statusCode).toBe(200);
      expect(await deptRow(orderId)).toMatchObject({ status: '0', examDate: todayCst() });
      const [entry] = await db()
        .select()
        .from(queueEntries)
        .where(and(eq(queueEntries.orderId, orderId), eq(queueEntries.deptId, deptA)));
      expect(entry).toMatchObject({ status: 'waiting' });
    });

    it('keeps the department’s line, and its price in the total, when the desk changes the extras afterwards', async () => {
      const orderId = await visit('checked_in', '0');
      expect((await add(who.signer, orderId, u.a2)).json().data.total_price).toBe('75.50');
      const desk = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
      const dup = await desk.post('/manager/api/order/update_unions', { order_id: orderId, union_ids: `[${u.a2}]` });
      expect(dup.json().msg).toBe(SELECTION_MESSAGES.alreadySelected('甲状腺触诊'));
      const res = await desk.post('/manager/api/order/update_unions', { order_id: orderId, union_ids: `[${u.b2}]` });
      // The fixture's visit has no package price: the desk's extra and the department's line.
      expect(res.json()).toMatchObject({ status: 200, data: { total_price: '47.50' } });
      const lines = await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId));
      expect(lines.find((l) => l.unionId === u.a2)).toMatchObject({ origin: 'dept' });
    });

    it('keeps a doctor to the unions of their own departments', async () => {
      const orderId = await visit();
      const res = await add(who.docB, orderId, u.a2);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('我要提醒', () => {
    const remind = (caller: Caller, orderId: string, to: string, content = '请复查血压', from = deptA) =>
      caller.post(REMIND, { order_id: orderId, exam_dept_id: from, to, content });

    it('carries a note to another department, which reads it and marks it handled once', async () => {
      const orderId = await visit();
      const sent = await remind(who.signer, orderId, String(deptB), '右膝外伤史，请外科注意');
      expect(sent.json()).toMatchObject({
        status: 200,
        data: { from_dept_name: '内科', from_user_name: 'ux_signer', to_dept_name: '外科', done_at: null },
      });
      const id = sent.json().data.id as number;

      const atB = (await who.docB.get(DEPT_REMINDERS, { order_id: orderId, exam_dept_id: deptB })).json().data;
      expect(atB.received.map((r: { content: string }) => r.content)).toEqual(['右膝外伤史，请外科注意']);
      expect(atB.targets).toEqual([{ exam_dept_id: deptA, dept_name: '内科' }]);
      const atA = (await who.signer.get(DEPT_REMINDERS, { order_id: orderId, exam_dept_id: deptA })).json().data;
      expect(atA.received).toEqual([]);
      expect(atA.sent).toHaveLength(1);

      // Only the department told may handle it.
      expect((await who.signer.post(DEPT_DONE, { id, exam_dept_id: deptA })).json().msg).toBe(
        REMINDER_MESSAGES.notYours,
      );
      expect((await who.signer.post(DEPT_DONE, { id, exam_dept_id: deptB })).statusCode).toBe(403);
      const done = await who.docB.post(DEPT_DONE, { id, exam_dept_id: deptB });
      expect(done.json().data).toMatchObject({ done_by_name: 'ux_doc_b' });
      expect(done.json().data.done_at).not.toBeNull();
      expect((await who.docB.post(DEPT_DONE, { id, exam_dept_id: deptB })).json().msg).toBe(REMINDER_MESSAGES.done);
      expect(await audits(orderId, 'order_reminder_add')).toHaveLength(1);
      expect(await audits(orderId, 'order_reminder_done')).toHaveLength(1);
    });

    it('carries a note to 总检, read and handled in the review detail only', async () => {
      const orderId = await visit();
      const { id } = (await remind(who.signer, orderId, 'review', '受检者自述近期胸闷')).json().data;
      const list = (await who.chief.get(REVIEW_REMINDERS, { order_id: orderId })).json().data;
      expect(list).toMatchObject([{ id, to_dept_name: null, content: '受检者自述近期胸闷' }]);
      expect((await who.signer.get(REVIEW_REMINDERS, { order_id: orderId })).statusCode).toBe(403);
      expect((await who.chief.post(REVIEW_DONE, { id })).json().data).toMatchObject({ done_by_name: 'ux_chief' });
      expect(
        (await who.docB.get(DEPT_REMINDERS, { order_id: orderId, exam_dept_id: deptB })).json().data.received,
      ).toEqual([]);
    });

    it('refuses a department not on the visit, the writer’s own, and writers without the entry screen', async () => {
      const other = (await addDept(db(), '眼科')).deptId;
      const orderId = await visit();
      expect((await remind(who.signer, orderId, String(other))).json().msg).toBe(REMINDER_MESSAGES.badTarget);
      expect((await remind(who.signer, orderId, String(deptA))).json().msg).toBe(REMINDER_MESSAGES.self);
      expect((await remind(who.signer, orderId, '')).json().msg).toBe('请选择提醒对象');
      expect((await remind(who.signer, orderId, 'review', '  ')).json().msg).toBe('请填写提醒内容');
      expect((await remind(who.chief, orderId, 'review')).statusCode).toBe(403);
      expect((await remind(who.docB, orderId, 'review')).statusCode).toBe(403);
    });
  });
});
