import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { criticalValues, examItems, orderExceptions, queueEntries } from '../src/db/schema.js';
import { cstTime, todayCst } from '../src/db/demo/dates.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const MONITOR = '/manager/api/datamonitor/today';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  let viewer: ReturnType<typeof callerFor>;
  let deptA: number;
  let deptB: number;

  beforeAll(async () => {
    await addStaff(db(), 'mon_viewer', '郑主任');
    viewer = callerFor(server, await tokenFor(server, 'mon_viewer'));
    deptA = (await addDept(db(), '监控内科')).deptId;
    deptB = (await addDept(db(), '监控检验科')).deptId;
    const checkedIn = await addOrder(db(), {
      status: 'checked_in',
      examDate: today,
      depts: [
        { deptId: deptA, status: '0' },
        { deptId: deptB, status: '0' },
      ],
    });
    const inExam = await addOrder(db(), {
      status: 'in_exam',
      examDate: today,
      depts: [
        { deptId: deptA, status: '1' },
        { deptId: deptB, status: '0' },
      ],
    });
    await addOrder(db(), { status: 'in_exam', examDate: today, depts: [{ deptId: deptA, status: '2' }] });
    await addOrder(db(), { status: 'registered', examDate: today, depts: [{ deptId: deptA, status: '0' }] });
    await addOrder(db(), { status: 'final_trial', examDate: '2026-01-05', depts: [{ deptId: deptA, status: '2' }] });

    // Two entries called after 10 and 20 minutes: an average wait of 15 minutes.
    const start = cstTime(today, 8 * 60);
    await db()
      .insert(queueEntries)
      .values([
        {
          queueDate: today,
          deptId: deptA,
          orderId: checkedIn,
          queueNo: 1,
          status: 'called',
          enqueuedAt: start,
          calledAt: cstTime(today, 8 * 60 + 10),
        },
        {
          queueDate: today,
          deptId: deptB,
          orderId: inExam,
          queueNo: 1,
          status: 'done',
          enqueuedAt: start,
          calledAt: cstTime(today, 8 * 60 + 20),
        },
      ]);

    const [item] = await db()
      .insert(examItems)
      .values({ itemCode: 'MON-K', itemName: '血钾', deptId: deptB, resultType: 'number', criticalHigh: '6.2' })
      .returning({ id: examItems.id });
    const critical = (orderId: string, status: '0' | '2', createdAt: Date) =>
      db()
        .insert(criticalValues)
        .values({ orderId, itemId: item!.id, resultValue: '7', direction: 'H', status, createdAt });
    await critical(checkedIn, '0', cstTime(today, 9 * 60));
    await critical(inExam, '2', cstTime(today, 9 * 60));
    await critical(inExam, '0', cstTime('2026-01-05', 9 * 60));
    const exception = (orderId: string, flag: string) =>
      db().insert(orderExceptions).values({
        orderId,
        exceptionType: 'dept',
        reviewException: '图像不清晰',
        exceptionUser: '郑主任',
        reviewExceptionFlag: flag,
      });
    await exception(checkedIn, '1');
    await exception(inExam, '2');
  });

  it("counts today's orders by status, every status present", async () => {
    const res = await viewer.get(MONITOR);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.exam_date).toBe(today);
    expect(Date.parse(data.counted_at)).not.toBeNaN();
    expect(data.order_total).toBe(4);
    const counts = Object.fromEntries(
      data.order_status_counts.map((c: { status: string; count: number }) => [c.status, c.count]),
    );
    expect(counts).toMatchObject({ registered: 1, checked_in: 1, in_exam: 2, final_trial: 0, report_sent: 0 });
    // Every status of the machine, 已预登记 included (issue 22).
    expect(data.order_status_counts).toHaveLength(10);
  });

  it('counts each department waiting, entered and signed, and its queue', async () => {
    const { depts } = (await viewer.get(MONITOR)).json().data;
    const row = (id: number) => depts.find((d: { exam_dept_id: number }) => d.exam_dept_id === id);
    // The checked-in examinee's deptB entry was not in the queue yet: the monitor enrols them.
    expect(row(deptA)).toEqual({
      exam_dept_id: deptA,
      dept_name: '监控内科',
      waiting: 2,
      entered: 1,
      signed: 1,
      queue_waiting: 0,
    });
    expect(row(deptB)).toMatchObject({ waiting: 2, entered: 0, signed: 0, queue_waiting: 1 });
  });

  it('counts unhandled critical values, those of today, open exceptions and the average wait', async () => {
    const data = (await viewer.get(MONITOR)).json().data;
    expect(data).toMatchObject({ critical_unhandled: 2, critical_today: 2, exceptions_open: 1, avg_wait_minutes: 15 });
    await db().update(criticalValues).set({ status: '2' }).where(eq(criticalValues.status, '0'));
    expect((await viewer.get(MONITOR)).json().data.critical_unhandled).toBe(0);
  });
});
