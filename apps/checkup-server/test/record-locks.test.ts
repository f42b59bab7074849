import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordLocks } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

/** The three record locks of spec §4/§7, each locked on open and released on page close. */
const LOCKS = [
  {
    name: 'department diagnosis',
    lock: '/manager/api/departmentdiagnosis/dept_lock',
    unlock: '/manager/api/departmentdiagnosis/dept_unlock',
    dept: true,
  },
  { name: 'exam review', lock: '/manager/api/examreview/review_lock', unlock: '/manager/api/examreview/review_unlock' },
  {
    name: 'report review',
    lock: '/manager/api/report/lockReportReview',
    unlock: '/manager/api/report/unlockReportReview',
  },
] as const;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let first: ReturnType<typeof callerFor>;
  let second: ReturnType<typeof callerFor>;
  let deptId: number;

  beforeAll(async () => {
    const db = server.database.db;
    await addStaff(db, 'lock_doc1', '王医生');
    await addStaff(db, 'lock_doc2', '李医生');
    first = callerFor(server, await tokenFor(server, 'lock_doc1'));
    second = callerFor(server, await tokenFor(server, 'lock_doc2'));
    ({ deptId } = await addDept(server.database.db, '内科'));
  });

  for (const kind of LOCKS) {
    describe(kind.name, () => {
      let fields: Record<string, string | number>;
      beforeAll(async () => {
        const orderId = await addOrder(server.database.db, { status: 'in_exam', depts: [{ deptId, status: '1' }] });
        fields = 'dept' in kind ? { order_id: orderId, exam_dept_id: deptId } : { order_id: orderId };
      });

      it('tells a second user who holds the lock, and lets them in once it is released', async () => {
        expect((await first.post(kind.lock, fields)).statusCode).toBe(200);

        const refused = await second.post(kind.lock, fields);
        expect(refused.statusCode).toBe(423);
        expect(refused.json().msg).toMatch(/^该记录正在被「王医生」编辑（锁定至\d{2}:\d{2}），请稍后再试$/);

        expect((await first.post(kind.unlock, fields)).json().data).toEqual({ released: true });
        expect((await second.post(kind.lock, fields)).statusCode).toBe(200);
        await second.post(kind.unlock, fields);
      });

      it('does not let another user release the lock', async () => {
        await first.post(kind.lock, fields);

        expect((await second.post(kind.unlock, fields)).json().data).toEqual({ released: false });
        expect((await second.post(kind.lock, fields)).statusCode).toBe(423);
        await first.post(kind.unlock, fields);
      });

      it('hands a lapsed lock to the next user', async () => {
        await first.post(kind.lock, fields);
        await server.database.db
          .update(recordLocks)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(recordLocks.ownerName, '王医生'));

        expect((await second.post(kind.lock, fields)).statusCode).toBe(200);
        await second.post(kind.unlock, fields);
      });
    });
  }

  it('renews the holder’s own lock when the page is opened again', async () => {
    const orderId = await addOrder(server.database.db, { status: 'depts_done' });
    const before = (await first.post('/manager/api/examreview/review_lock', { order_id: orderId })).json().data;
    await server.database.db
      .update(recordLocks)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(and(eq(recordLocks.lockType, 'exam_review'), eq(recordLocks.lockKey, orderId)));

    const again = (await first.post('/manager/api/examreview/review_lock', { order_id: orderId })).json().data;

    expect(Date.parse(again.locked_until)).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(again.locked_until >= before.locked_until).toBe(true);
  });

  it('refuses a malformed order number with a Chinese message and locks nothing', async () => {
    const before = await server.database.db.$count(recordLocks);
    const res = await first.post('/manager/api/examreview/review_lock', { order_id: '12;drop' });

    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('体检号格式不正确');
    expect(await server.database.db.$count(recordLocks)).toBe(before);
  });
});
