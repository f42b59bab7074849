import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportBatch } from '@checkup/api-contract';
import { orders } from '../src/db/schema.js';
import { createReportRenderPool, type ReportRenderPool } from '../src/modules/report-batch/render-pool.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';
import { addReviewedOrder } from './report-fixture.js';

const START = '/manager/api/report/batch_start';
const CURRENT = '/manager/api/report/batch_current';
const TICKET = '/manager/api/report/batch_ticket';
const FILE = '/manager/api/report/batch_file';

/** The real worker pool, held at a gate until the test opens it, so progress can be seen mid-way. */
function gatedPool(threads: number) {
  const real = createReportRenderPool(threads);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const pool: ReportRenderPool = {
    threads,
    render: async (task) => {
      await gate;
      return real.render(task);
    },
    close: () => real.close(),
  };
  return { pool, open };
}

describeOnEachDatabase((target) => {
  const gated = gatedPool(2);
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'report-batches-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const server = useTestServer(target, { deps: () => ({ reportRenderPool: gated.pool, reportBatchDir: dir }) });
  const db = () => server.database.db;
  let printer: ReturnType<typeof callerFor>;
  let other: ReturnType<typeof callerFor>;
  let sender: ReturnType<typeof callerFor>;

  const ready = (name: string, status = 'final_trial') =>
    addReviewedOrder(db(), { status: status as 'final_trial', name, unionCodes: ['NKJC', 'XCG'] });
  const current = async (caller = printer) => (await caller.get(CURRENT)).json().data.batch as ReportBatch | null;

  async function finished(): Promise<ReportBatch> {
    let batch: ReportBatch | null = null;
    for (let i = 0; i < 1200; i += 1) {
      batch = await current();
      if (batch?.state === 'done') return batch;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the batch did not finish within 120 s: ${JSON.stringify(batch)}`);
  }

  beforeAll(async () => {
    await addStaff(db(), 'rb_printer', '打印员甲', '0', { menu: ['exam_mg', 'exam_mg/print_rpt'] });
    await addStaff(db(), 'rb_other', '打印员乙', '0', { menu: ['exam_mg', 'exam_mg/print_rpt'] });
    await addStaff(db(), 'rb_sender', '发送员丙', '0', { menu: ['exam_mg', 'exam_mg/send_rpt'] });
    printer = callerFor(server, await tokenFor(server, 'rb_printer'));
    other = callerFor(server, await tokenFor(server, 'rb_other'));
    sender = callerFor(server, await tokenFor(server, 'rb_sender'));
  });

  describe('a batch of reports laid out in worker threads', () => {
    let batch: ReportBatch;
    const ids: Record<string, string> = {};

    it('answers at once with the task running, and shows the same progress after a reload', async () => {
      ids.a = await ready('甲一');
      ids.b = await ready('乙二');
      ids.c = await ready('丙三');
      ids.inReview = await ready('丁四', 'main_trial');
      ids.banned = await ready('戊五');
      await db()
        .update(orders)
        .set({ banReason: '费用未结清', bannedAt: new Date() })
        .where(eq(orders.orderId, ids.banned));

      const order = [ids.a, ids.inReview, ids.b, ids.banned, ids.c, ids.a] as string[];
      const res = await printer.post(START, { order_ids: JSON.stringify(order) });
      expect(res.statusCode, res.body).toBe(200);
      const started = res.json().data as ReportBatch;
      // Duplicates count once; nothing is laid out while the pool waits at its gate.
      expect(started).toMatchObject({ state: 'running', total: 5 });
      await new Promise((r) => setTimeout(r, 300));
      const meanwhile = await current();
      expect(meanwhile).toMatchObject({ batch_id: started.batch_id, state: 'running', total: 5 });
      expect(meanwhile!.items.filter((i) => i.state === 'done')).toHaveLength(0);
      expect(await current(other)).toBeNull();

      gated.open();
      batch = await finished();
      // Starting the worker threads (tsx in each) takes seconds on a busy machine.
    }, 150_000);

    it('ends with each report generated or refused with its reason, in the order chosen', () => {
      expect(batch).toMatchObject({ state: 'done', total: 5, done: 5, failed: 2, finished_at: expect.any(String) });
      expect(batch.items.map((i) => [i.order_id, i.state])).toEqual([
        [ids.a, 'done'],
        [ids.inReview, 'failed'],
        [ids.b, 'done'],
        [ids.banned, 'failed'],
        [ids.c, 'done'],
      ]);
      expect(batch.items[1]!.message).toContain('尚未终审通过');
      expect(batch.items[3]!.message).toContain('禁检');
    });

    it('gives the print service each generated report by a ticket, the right visit in it', async () => {
      const ticket = await printer.post(TICKET, { batch_id: batch.batch_id, order_id: ids.c! });
      expect(ticket.statusCode, ticket.body).toBe(200);
      const file = await server.app.inject({
        method: 'GET',
        url: `${FILE}?${new URLSearchParams({ ticket: ticket.json().data.ticket })}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      const { text } = await readPdf(file.rawPayload);
      expect(text).toContain(ids.c);
      expect(text).toContain('丙三');
    });

    it('refuses a ticket for a failed report, for another user’s batch, and a forged one', async () => {
      const failed = await printer.post(TICKET, { batch_id: batch.batch_id, order_id: ids.inReview! });
      expect(failed.statusCode).toBe(409);
      expect(failed.json().msg).toBe('这份报告尚未生成或生成失败');
      expect((await other.post(TICKET, { batch_id: batch.batch_id, order_id: ids.a! })).statusCode).toBe(404);
      const forged = await server.app.inject({
        method: 'GET',
        url: `${FILE}?ticket=1-20261121000001.9999999999.forged`,
      });
      expect(forged.statusCode).toBe(403);
    });

    it('stops the print of a report banned after it was generated', async () => {
      await db().update(orders).set({ banReason: '复核中', bannedAt: new Date() }).where(eq(orders.orderId, ids.b!));
      const ticket = (await printer.post(TICKET, { batch_id: batch.batch_id, order_id: ids.b! })).json().data.ticket;
      const file = await server.app.inject({ method: 'GET', url: `${FILE}?${new URLSearchParams({ ticket })}` });
      expect(file.statusCode).toBe(409);
    });

    it('refuses the calls to an account whose role does not open 报告打印', async () => {
      expect((await sender.post(START, { order_ids: JSON.stringify([ids.a]) })).statusCode).toBe(403);
      expect((await sender.get(CURRENT)).statusCode).toBe(403);
      expect((await sender.post(TICKET, { batch_id: batch.batch_id, order_id: ids.a! })).statusCode).toBe(403);
    });

    it('refuses an empty or oversized list in Chinese', async () => {
      const empty = await printer.post(START, { order_ids: '[]' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toBe('请选择要打印的报告');
    });
  });
});
