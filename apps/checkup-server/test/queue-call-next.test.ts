import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@checkup/api-contract';
import { beforeAll, expect, it } from 'vitest';
import { queueEntries, queueEvents } from '../src/db/schema.js';
import { todayCst } from '../src/db/demo/dates.js';
import { analyze } from '../src/db/maintenance.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';

const QUEUE = '/manager/api/queue/dept_queue';
const CALL_NEXT = '/manager/api/queue/call_next';

/**
 * 呼叫下一位 on a day like the demo's, with planner statistics: the walkthrough's one press called
 * all eleven waiting examinees of 眼科, because the UPDATE's "first waiting" subquery ran once per
 * waiting row (a nested-loop semi join) and each run, skipping the rows the statement had just
 * updated, found the next one.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  let doctor1: ReturnType<typeof callerFor>;
  let deptId: number;
  const orderIds: string[] = [];

  beforeAll(async () => {
    // The server analyzes at start and every few hours: in the morning, before today's queue exists.
    await analyze(db());
    deptId = (await addDept(db(), '叫号眼科')).deptId;
    for (let i = 0; i < 11; i += 1) {
      orderIds.push(
        await addOrder(db(), {
          status: 'checked_in',
          examDate: today,
          name: i === 0 ? '保密者' : `王${'一二三四五六七八九十'[i - 1]}`,
          confidential: i === 0,
          depts: [{ deptId, status: '0' }],
        }),
      );
    }
    doctor1 = callerFor(server, await tokenFor(server, 'doctor1', DEMO_PASSWORD));
    expect((await doctor1.get(QUEUE, { exam_dept_id: deptId })).json().data.counts.waiting).toBe(11);
  }, 120_000);

  it('calls exactly one examinee per press, the first waiting, with one call event', async () => {
    const res = await doctor1.post(CALL_NEXT, { exam_dept_id: deptId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entry).toMatchObject({ order_id: orderIds[0], queue_no: 1, status: 'called' });
    const queue = (await doctor1.get(QUEUE, { exam_dept_id: deptId })).json().data;
    expect(queue.counts).toEqual({ waiting: 10, called: 1, done: 0, passed: 0 });
    const calls = await db()
      .select()
      .from(queueEvents)
      .where(and(eq(queueEvents.deptId, deptId), eq(queueEvents.eventType, 'call')));
    expect(calls).toHaveLength(1);

    await doctor1.post(CALL_NEXT, { exam_dept_id: deptId });
    const called = await db()
      .select({ orderId: queueEntries.orderId })
      .from(queueEntries)
      .where(and(eq(queueEntries.deptId, deptId), eq(queueEntries.status, 'called')));
    expect(called.map((c) => c.orderId).sort()).toEqual(orderIds.slice(0, 2).sort());
  });

  it('shows a confidential examinee masked to doctor1 and calls them by number only', async () => {
    const queue = (await doctor1.get(QUEUE, { exam_dept_id: deptId })).json().data;
    const first = queue.list.find((e: { order_id: string }) => e.order_id === orderIds[0]);
    expect(first).toMatchObject({ queue_no: 1, cust_name: '***', display_name: '', special_flag: '1' });
    const other = queue.list.find((e: { order_id: string }) => e.order_id === orderIds[1]);
    expect(other).toMatchObject({ cust_name: '王一', display_name: '王*' });
  });
});
