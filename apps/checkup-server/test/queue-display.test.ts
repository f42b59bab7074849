import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueEvents } from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { buildApp } from '../src/app.js';
import { MemoryNonceStore } from '../src/modules/security/nonce-store.js';
import { SESSION_IDLE_MINUTES, useTestServer, type TestApp } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';
import { openEventStream, type EventStreamClient, type StreamFrame } from './support/event-stream.js';

const SNAPSHOT = '/manager/api/queue/display_snapshot';
const STREAM = '/manager/api/queue/display_stream';
const HEARTBEAT_MS = 100;

const isQueueEvent = (frame: StreamFrame) => frame.event === 'queue';
const dataOf = (frame: StreamFrame) => JSON.parse(frame.data!) as Record<string, unknown>;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  let display: TestApp;
  let base: string;
  let doctor: ReturnType<typeof callerFor>;
  let ecg: number;
  let ultrasound: number;
  const streams: EventStreamClient[] = [];

  const open = async (query: string, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(`${base}${STREAM}?${query}`, headers);
    streams.push(stream);
    return stream;
  };
  const snapshot = async (deptIds: string) =>
    (await server.app.inject({ method: 'GET', url: `${SNAPSHOT}?dept_ids=${deptIds}` })).json();

  beforeAll(async () => {
    await addStaff(db(), 'display_doc', '钱医生');
    doctor = callerFor(server, await tokenFor(server, 'display_doc'));
    ecg = (await addDept(db(), '心电图室')).deptId;
    ultrasound = (await addDept(db(), '彩超室')).deptId;
    const todo = (deptId: number) => ({ deptId, status: '0' as const });
    await addOrder(db(), { status: 'checked_in', name: '张小三', examDate: today, depts: [todo(ecg)] });
    await addOrder(db(), { status: 'checked_in', name: '王五', examDate: today, depts: [todo(ecg), todo(ultrasound)] });
    await addOrder(db(), {
      status: 'checked_in',
      name: '赵六一',
      examDate: today,
      confidential: true,
      depts: [todo(ecg)],
    });
    // A desk's read enrols the checked-in examinees, as in the hall every morning.
    await doctor.get('/manager/api/queue/dept_queue', { exam_dept_id: ecg });
    await doctor.get('/manager/api/queue/dept_queue', { exam_dept_id: ultrasound });

    // A second instance on the same database serves the displays, with a short heartbeat.
    display = await buildApp({
      db: db(),
      keys: server.keys,
      apiKeys: server.apiKeys,
      personalData: server.personalData,
      nonceStore: new MemoryNonceStore(),
      sessionIdleMinutes: SESSION_IDLE_MINUTES,
      securitySettingsTtlMs: 0,
      queueHeartbeatMs: HEARTBEAT_MS,
    });
    base = await display.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await display?.close();
  });

  it('answers a snapshot without a session, names masked and a confidential person by number only', async () => {
    const res = await snapshot(`${ecg}`);
    expect(res.status).toBe(200);
    expect(res.data.last_seq).toBeGreaterThan(0);
    expect(res.data.depts).toEqual([
      {
        exam_dept_id: ecg,
        dept_name: '心电图室',
        current: null,
        waiting: [
          { queue_no: 1, display_name: '张*三' },
          { queue_no: 2, display_name: '王*' },
          { queue_no: 3, display_name: '' },
        ],
        waiting_count: 3,
      },
    ]);
  });

  it('refuses a malformed department list in Chinese', async () => {
    const res = await display.inject({ method: 'GET', url: `${STREAM}?dept_ids=1,x` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('科室格式不正确');
  });

  it('streams a call-next of the departments asked for, as it happens', async () => {
    const { last_seq: lastSeq } = (await snapshot(`${ecg}`)).data;
    const stream = await open(`dept_ids=${ecg}&after=${lastSeq}`);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.next((f) => f.comment === 'connected');

    await doctor.post('/manager/api/queue/call_next', { exam_dept_id: ultrasound });
    await doctor.post('/manager/api/queue/call_next', { exam_dept_id: ecg });

    const frame = await stream.next(isQueueEvent);
    expect(dataOf(frame)).toMatchObject({
      event_type: 'call',
      exam_dept_id: ecg,
      dept_name: '心电图室',
      queue_no: 1,
      display_name: '张*三',
    });
    expect(Number(frame.id)).toBe(dataOf(frame).seq);
    expect(frame.data).not.toContain('张小三');
    expect((await snapshot(`${ecg}`)).data.depts[0].current).toEqual({ queue_no: 1, display_name: '张*三' });
  });

  it('replays what came after Last-Event-ID on a reconnect, then goes on live', async () => {
    const first = await open(`dept_ids=${ecg},${ultrasound}&after=0`);
    const replayed: Record<string, unknown>[] = [];
    while (replayed.at(-1)?.event_type !== 'call' || replayed.at(-1)?.exam_dept_id !== ecg) {
      replayed.push(dataOf(await first.next(isQueueEvent)));
    }
    const callSeq = replayed.at(-1)!.seq as number;
    first.close();

    // The browser reconnects with the last id it saw before the call; `after` in the URL is older.
    const resumed = await open(`dept_ids=${ecg},${ultrasound}&after=0`, { 'last-event-id': String(callSeq - 1) });
    expect(dataOf(await resumed.next(isQueueEvent))).toMatchObject({ seq: callSeq, event_type: 'call' });

    const called = (await doctor.post('/manager/api/queue/call_next', { exam_dept_id: ecg })).json().data.entry;
    expect(dataOf(await resumed.next(isQueueEvent))).toMatchObject({
      event_type: 'call',
      queue_no: called.queue_no,
      display_name: '王*',
    });
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await open(`dept_ids=${ecg}`);
    await stream.next((f) => f.comment === 'connected');
    const started = Date.now();
    await stream.next((f) => f.comment === 'heartbeat', HEARTBEAT_MS * 20);
    await stream.next((f) => f.comment === 'heartbeat', HEARTBEAT_MS * 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS);
  });

  it('shows an examinee checked in at the desk at once, streamed and in the snapshot, while a snapshot writes nothing', async () => {
    const room = (await addDept(db(), '眼科室')).deptId;
    const orderId = await addOrder(db(), {
      status: 'registered',
      name: '孙报到',
      examDate: today,
      depts: [{ deptId: room, status: '0' }],
    });
    const stream = await open(`dept_ids=${room}`);
    await stream.next((f) => f.comment === 'connected');

    const res = await doctor.post('/manager/api/order/check_in', { order_id: orderId });
    expect(res.json().data.status).toBe('checked_in');

    // No queue was read: the check-in itself enrolled the examinee.
    const added = dataOf(await stream.next(isQueueEvent));
    expect(added).toMatchObject({ event_type: 'add', exam_dept_id: room, queue_no: 1, display_name: '孙*到' });
    const before = await db().select({ n: count() }).from(queueEvents);
    const snap = await snapshot(`${room}`);
    expect(snap.data.depts[0]).toMatchObject({ waiting: [{ queue_no: 1, display_name: '孙*到' }], waiting_count: 1 });
    expect(await db().select({ n: count() }).from(queueEvents)).toEqual(before);
  });
});
