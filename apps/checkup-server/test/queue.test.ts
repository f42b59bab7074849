import { and, asc, desc, eq } from 'drizzle-orm';
import type { UserInfo } from '@checkup/api-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderDepts, queueEntries, queueEvents } from '../src/db/schema.js';
import { todayCst } from '../src/db/demo/dates.js';
import { signDept } from '../src/modules/dept-diag/dept-sign-service.js';
import { callNext } from '../src/modules/queue/queue-service.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const QUEUE = '/manager/api/queue/dept_queue';
const OVERVIEW = '/manager/api/queue/overview';
const CALL_NEXT = '/manager/api/queue/call_next';
const RECALL = '/manager/api/queue/recall';
const PASS = '/manager/api/queue/pass';
const FINISH = '/manager/api/queue/finish';
const ADD = '/manager/api/queue/add';
const REMOVE = '/manager/api/queue/remove';
const PRIORITY = '/manager/api/queue/priority';

interface Entry {
  entry_id: number;
  order_id: string;
  queue_no: number;
  status: string;
  cust_name: string;
  display_name: string;
  call_count: number;
  priority: boolean;
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  let doctor: ReturnType<typeof callerFor>;
  let colleague: ReturnType<typeof callerFor>;
  let doctorId: number;
  let internal: number;
  let surgery: number;
  const orders: Record<string, string> = {};

  const queueOf = async (deptId: number) => (await doctor.get(QUEUE, { exam_dept_id: deptId })).json().data;
  const waitingOrders = async (deptId: number) =>
    (await queueOf(deptId)).list.filter((e: Entry) => e.status === 'waiting').map((e: Entry) => e.order_id);

  beforeAll(async () => {
    doctorId = await addStaff(db(), 'q_doctor', '周医生');
    await addStaff(db(), 'q_colleague', '吴医生');
    doctor = callerFor(server, await tokenFor(server, 'q_doctor'));
    colleague = callerFor(server, await tokenFor(server, 'q_colleague'));
    internal = (await addDept(db(), '排队内科')).deptId;
    surgery = (await addDept(db(), '排队外科')).deptId;
    const todo = (deptId: number, status: '0' | '1' | '2' = '0') => ({ deptId, status });
    orders.first = await addOrder(db(), {
      status: 'checked_in',
      name: '张小三',
      examDate: today,
      depts: [todo(internal), todo(surgery)],
    });
    orders.second = await addOrder(db(), { status: 'in_exam', name: '李四', examDate: today, depts: [todo(internal)] });
    orders.notCheckedIn = await addOrder(db(), { status: 'registered', examDate: today, depts: [todo(internal)] });
    orders.signed = await addOrder(db(), { status: 'in_exam', examDate: today, depts: [todo(internal, '2')] });
    orders.yesterday = await addOrder(db(), { status: 'checked_in', examDate: '2026-01-05', depts: [todo(internal)] });
  });

  describe('enrolment', () => {
    it('queues checked-in examinees of today in the departments still to do, numbered in order', async () => {
      const queue = await queueOf(internal);
      expect(queue).toMatchObject({ dept_name: '排队内科', queue_date: today, counts: { waiting: 2, called: 0 } });
      expect(queue.list.map((e: Entry) => [e.order_id, e.queue_no, e.status])).toEqual([
        [orders.first, 1, 'waiting'],
        [orders.second, 2, 'waiting'],
      ]);
      expect(queue.list[0]).toMatchObject({ cust_name: '张小三', display_name: '张*三' });
      expect(await waitingOrders(surgery)).toEqual([orders.first]);
    });

    it('queues an examinee when the order is checked in through the order call', async () => {
      const res = await doctor.post('/manager/api/order/change_status', {
        order_id: orders.notCheckedIn!,
        action: 'check_in',
      });
      expect(res.statusCode).toBe(200);
      expect(await waitingOrders(internal)).toEqual([orders.first, orders.second, orders.notCheckedIn]);
    });

    it('writes one add event per entry, in sequence', async () => {
      const events = await db()
        .select()
        .from(queueEvents)
        .where(eq(queueEvents.deptId, internal))
        .orderBy(asc(queueEvents.seq));
      expect(events.map((e) => [e.eventType, e.queueNo])).toEqual([
        ['add', 1],
        ['add', 2],
        ['add', 3],
      ]);
    });
  });

  describe('calling', () => {
    it('calls the first waiting examinee, recalls, passes, recalls the passed one and finishes', async () => {
      const called = (await doctor.post(CALL_NEXT, { exam_dept_id: internal })).json().data.entry as Entry;
      expect(called).toMatchObject({ order_id: orders.first, status: 'called', call_count: 1 });
      const recalled = (await doctor.post(RECALL, { entry_id: called.entry_id })).json().data;
      expect(recalled).toMatchObject({ status: 'called', call_count: 2 });
      expect((await doctor.post(PASS, { entry_id: called.entry_id })).json().data.status).toBe('passed');
      expect((await doctor.post(RECALL, { entry_id: called.entry_id })).json().data).toMatchObject({
        status: 'called',
        call_count: 3,
      });
      expect((await doctor.post(FINISH, { entry_id: called.entry_id })).json().data.status).toBe('done');
      const again = await doctor.post(FINISH, { entry_id: called.entry_id });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('该体检者当前为「已完成」，不能完成');
      const types = await db()
        .select({ type: queueEvents.eventType })
        .from(queueEvents)
        .where(eq(queueEvents.entryId, called.entry_id))
        .orderBy(asc(queueEvents.seq));
      expect(types.map((t) => t.type)).toEqual(['add', 'call', 'recall', 'pass', 'recall', 'finish']);
    });

    it('calls an examinee moved to the front (优先) before the others', async () => {
      const queue = await queueOf(internal);
      const last = queue.list.find((e: Entry) => e.order_id === orders.notCheckedIn) as Entry;
      const moved = (await doctor.post(PRIORITY, { entry_id: last.entry_id })).json().data;
      expect(moved.priority).toBe(true);
      expect(await waitingOrders(internal)).toEqual([orders.notCheckedIn, orders.second]);
      const called = (await doctor.post(CALL_NEXT, { exam_dept_id: internal })).json().data.entry;
      expect(called.order_id).toBe(orders.notCheckedIn);
    });

    it('answers no entry when nobody is waiting', async () => {
      await doctor.post(CALL_NEXT, { exam_dept_id: internal });
      const res = await doctor.post(CALL_NEXT, { exam_dept_id: internal });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.entry).toBeNull();
    });

    it('gives ten simultaneous calls distinct examinees, and no one twice', async () => {
      const { deptId } = await addDept(db(), '并发科');
      for (let i = 0; i < 8; i += 1) {
        await addOrder(db(), { status: 'checked_in', examDate: today, depts: [{ deptId, status: '0' }] });
      }
      await queueOf(deptId);
      const callers = [doctor, colleague];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => callers[i % 2]!.post(CALL_NEXT, { exam_dept_id: deptId })),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const entries = answers.map((a) => a.json().data.entry as Entry | null);
      const called = entries.filter((e): e is Entry => e !== null).map((e) => e.entry_id);
      expect(called).toHaveLength(8);
      expect(new Set(called).size).toBe(8);
      expect(entries.filter((e) => e === null)).toHaveLength(2);
      const rows = await db().select().from(queueEntries).where(eq(queueEntries.deptId, deptId));
      expect(rows.every((r) => r.status === 'called' && r.callCount === 1)).toBe(true);
    });
    it('takes distinct waiting rows when call-next transactions overlap (SKIP LOCKED)', async () => {
      const { deptId } = await addDept(db(), '锁定科');
      for (let i = 0; i < 5; i += 1) {
        await addOrder(db(), { status: 'checked_in', examDate: today, depts: [{ deptId, status: '0' }] });
      }
      await queueOf(deptId);
      const user = {
        id: 1,
        user_account: 'q_doctor',
        user_name: '周医生',
        special_flag: '0' as const,
        role_menu: [],
        all_depts: false,
        leader: false,
        discount_floor: 100,
        must_change_password: false,
        data_scope: 'all' as const,
      };
      const ids = await Promise.all(Array.from({ length: 7 }, () => callNext(db(), today, deptId, user)));
      const taken = ids.filter((id): id is number => id !== null);
      expect(new Set(taken).size).toBe(5);
      expect(ids.filter((id) => id === null)).toHaveLength(2);
    });
  });

  describe('queue management', () => {
    it('adds an examinee by order id, refuses a second add, removes, and does not queue the removed again', async () => {
      const { deptId } = await addDept(db(), '扫码科');
      const walkIn = await addOrder(db(), { status: 'registered', examDate: today, depts: [{ deptId, status: '0' }] });
      const checkedIn = await addOrder(db(), {
        status: 'checked_in',
        examDate: today,
        depts: [{ deptId, status: '0' }],
      });
      const added = await doctor.post(ADD, { order_id: walkIn });
      expect(added.statusCode).toBe(200);
      expect(added.json().data.added).toMatchObject([{ order_id: walkIn, queue_no: 1, status: 'waiting' }]);
      const [entry] = (await queueOf(deptId)).list.filter((e: Entry) => e.order_id === checkedIn) as Entry[];
      expect(entry).toMatchObject({ queue_no: 2, status: 'waiting' });
      const twice = await doctor.post(ADD, { order_id: checkedIn, exam_dept_id: deptId });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().msg).toBe('该体检者已在扫码科排队中');
      expect((await doctor.post(REMOVE, { entry_id: entry!.entry_id })).json().data.status).toBe('removed');
      expect(await waitingOrders(deptId)).toEqual([walkIn]);
      const back = (await doctor.post(ADD, { order_id: checkedIn })).json().data.added[0];
      expect(back).toMatchObject({ entry_id: entry!.entry_id, queue_no: 3, status: 'waiting' });
    });

    it('refuses to queue a visit of another day or a department the visit does not have', async () => {
      const other = await doctor.post(ADD, { order_id: orders.yesterday! });
      expect(other.json().msg).toBe('该订单不是今天的体检，不能加入排队');
      const wrongDept = await doctor.post(ADD, { order_id: orders.second!, exam_dept_id: surgery });
      expect(wrongDept.json().msg).toBe('该体检者没有本科室的检查项目');
    });

    it('finishes the entry of a department that has signed', async () => {
      const { deptId } = await addDept(db(), '签名科');
      const orderId = await addOrder(db(), { status: 'in_exam', examDate: today, depts: [{ deptId, status: '0' }] });
      expect((await queueOf(deptId)).counts.waiting).toBe(1);
      await db()
        .update(orderDepts)
        .set({ status: '2' })
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
      expect((await queueOf(deptId)).counts).toEqual({ waiting: 0, called: 0, done: 1, passed: 0 });
    });

    it('takes the examinee out of the queue when the department signs, before anyone reads the queue', async () => {
      const { deptId } = await addDept(db(), '签名即出队科');
      const orderId = await addOrder(db(), { status: 'in_exam', examDate: today, depts: [{ deptId, status: '0' }] });
      expect((await queueOf(deptId)).counts.waiting).toBe(1);
      await db()
        .update(orderDepts)
        .set({ status: '1' })
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));

      await signDept(db(), orderId, deptId, { id: doctorId, user_account: 'q_doctor' } as UserInfo, '127.0.0.1');

      const entries = await db()
        .select({ status: queueEntries.status })
        .from(queueEntries)
        .where(and(eq(queueEntries.orderId, orderId), eq(queueEntries.deptId, deptId)));
      expect(entries).toEqual([{ status: 'done' }]);
      const [finish] = await db()
        .select({ type: queueEvents.eventType })
        .from(queueEvents)
        .where(eq(queueEvents.deptId, deptId))
        .orderBy(desc(queueEvents.seq))
        .limit(1);
      expect(finish).toEqual({ type: 'finish' });
    });

    it('gives an overview per department with the number being called and a masked name', async () => {
      const overview = (await doctor.get(OVERVIEW)).json().data;
      expect(overview.queue_date).toBe(today);
      const row = overview.depts.find((d: { exam_dept_id: number }) => d.exam_dept_id === surgery);
      expect(row).toMatchObject({ dept_name: '排队外科', waiting: 1, called: 0, current_no: null });
      await colleague.post(CALL_NEXT, { exam_dept_id: surgery });
      const after = (await doctor.get(OVERVIEW)).json().data;
      expect(after.depts.find((d: { exam_dept_id: number }) => d.exam_dept_id === surgery)).toMatchObject({
        waiting: 0,
        called: 1,
        current_no: 1,
        current_name: '张*三',
      });
      const inner = after.depts.find((d: { exam_dept_id: number }) => d.exam_dept_id === internal);
      expect(inner).toMatchObject({ waiting: 0, called: 2, done: 1, passed: 0 });
    });
  });
});
