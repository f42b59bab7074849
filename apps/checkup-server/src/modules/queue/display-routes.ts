import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  AppError,
  QUEUE_DISPLAY_EVENT,
  queueDisplaySnapshotRoute,
  queueDisplayStreamRoute,
  type QueueDisplayEvent,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { todayCst } from '../../lib/hospital-day.js';
import { displaySnapshot, eventsAfter, lastEventSeq } from './display-repository.js';
import { createQueueFeed } from './queue-feed.js';

export interface QueueDisplayOptions {
  db: Db;
  /** A comment line this often keeps proxies and the BFF's body time-out from closing a quiet stream. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
// How long a browser waits before reconnecting after the stream dropped.
const RETRY_MS = 3_000;
const SEQ = /^\d{1,15}$/;

const frame = (e: QueueDisplayEvent) => `id: ${e.seq}\nevent: ${QUEUE_DISPLAY_EVENT}\ndata: ${JSON.stringify(e)}\n\n`;

/**
 * The hall display (排队叫号屏): a snapshot and a server-sent event stream of queue_events, public
 * and masked. A reconnecting browser sends Last-Event-ID and gets what it missed, then the live
 * events; each stream ends when the browser leaves or the server closes.
 */
export async function queueDisplayRoutes(app: FastifyInstance, opts: QueueDisplayOptions) {
  const { db } = opts;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const feed = createQueueFeed(db, app.log);
  const open = new Set<ServerResponse>();

  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
  });
  app.addHook('onClose', async () => {
    await feed.close();
  });

  defineRoute(app, queueDisplaySnapshotRoute, async ({ input }) => {
    const today = todayCst();
    // A read only: check-in and signing keep the queues current (queue-sync.ts), so this public call
    // writes nothing and takes no lock.
    // Read first: events after it may already be in the snapshot, and replaying them is harmless.
    const lastSeq = await lastEventSeq(db);
    return { queue_date: today, last_seq: lastSeq, depts: await displaySnapshot(db, today, input.dept_ids) };
  });

  app.get(
    queueDisplayStreamRoute.path,
    { config: { access: queueDisplayStreamRoute.access } },
    async (request, reply) => {
      const parsed = queueDisplayStreamRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const { dept_ids: deptIds, after } = parsed.data;
      const header = request.headers['last-event-id'];
      const resumed = typeof header === 'string' && SEQ.test(header) ? Number(header) : undefined;
      const from = Math.max(after ?? -1, resumed ?? -1);
      let sentSeq = from >= 0 ? from : await lastEventSeq(db);

      const raw = reply.raw;
      const pending: QueueDisplayEvent[] = [];
      let caughtUp = false;
      const send = (events: QueueDisplayEvent[]) => {
        for (const e of events) {
          if (e.seq <= sentSeq) continue;
          sentSeq = e.seq;
          if (deptIds.length === 0 || deptIds.includes(e.exam_dept_id)) raw.write(frame(e));
        }
      };
      const unsubscribe = await feed.subscribe((events) => {
        if (caughtUp) send(events);
        else pending.push(...events);
      });

      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // The comment sends the headers at once, so the browser's EventSource opens before any call.
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      open.add(raw);
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
      raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      });

      try {
        send(await eventsAfter(db, sentSeq, { deptIds }));
      } catch (err) {
        request.log.warn({ err }, 'queue display catch-up failed');
      }
      caughtUp = true;
      send(pending.splice(0));
    },
  );
}
