import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { QueueDisplayEvent } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { eventsAfter, lastEventSeq } from './display-repository.js';
import { QUEUE_CHANGED, queueSignal } from './queue-signal.js';

/** The PostgreSQL channel on which every server instance announces new queue events. */
export const QUEUE_CHANNEL = 'checkup_queue_events';

export type QueueFeedListener = (events: QueueDisplayEvent[]) => void;

export interface QueueFeed {
  /** Hears every queue event written after it subscribed, in seq order, through any instance. */
  subscribe(listener: QueueFeedListener): Promise<() => void>;
  close(): Promise<void>;
}

/** The pool behind a node-postgres drizzle handle; PGlite has none (one process, one database). */
function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Follows queue_events for the displays of one app instance. Writers raise the in-process signal
 * after commit (queue-signal.ts); on PostgreSQL the feed also NOTIFYs the other instances and LISTENs
 * for theirs, so a call made through any instance reaches every display. Either way the news only
 * says "something new": the feed then reads the rows after the last seq it passed on, one read at a
 * time, so nothing is skipped or sent twice. Every writer holds the queue lock until it commits
 * (queue-sync.ts), so seqs become visible in order.
 */
export function createQueueFeed(db: Db, log: { warn(obj: object, msg: string): void }): QueueFeed {
  const listeners = new Set<QueueFeedListener>();
  const pool = postgresPool(db);
  let lastSeq: number | null = null;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let listening: Promise<pg.Client> | null = null;
  let closed = false;

  async function readNew(): Promise<void> {
    do {
      readAgain = false;
      lastSeq ??= await lastEventSeq(db);
      const events = await eventsAfter(db, lastSeq);
      if (events.length === 0) continue;
      lastSeq = events.at(-1)!.seq;
      for (const listener of listeners) listener(events);
      // A long backlog is read in pages.
      if (events.length === 500) readAgain = true;
    } while (readAgain && !closed);
  }

  function poke(): void {
    if (listeners.size === 0 || closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = readNew()
      .catch((err: unknown) => log.warn({ err }, 'queue feed read failed'))
      .finally(() => {
        reading = null;
      });
  }

  function onLocalChange(): void {
    if (pool) {
      void db.execute(sql`select pg_notify(${QUEUE_CHANNEL}, '')`).catch((err: unknown) => {
        log.warn({ err }, 'queue notify failed');
      });
    }
    poke();
  }

  async function listen(p: pg.Pool): Promise<pg.Client> {
    const client = new pg.Client(p.options);
    client.on('notification', poke);
    client.on('error', (err) => {
      log.warn({ err }, 'queue listen connection lost');
      listening = null;
      // The next display to connect listens again; those connected hear local calls meanwhile.
    });
    await client.connect();
    await client.query(`LISTEN ${QUEUE_CHANNEL}`);
    return client;
  }

  const signal = queueSignal(db);
  signal.on(QUEUE_CHANGED, onLocalChange);

  return {
    async subscribe(listener) {
      // The first display fixes where the feed starts, before any event it should hear.
      lastSeq ??= await lastEventSeq(db);
      if (pool && !listening) {
        listening = listen(pool);
        listening.catch((err: unknown) => {
          log.warn({ err }, 'queue listen failed');
          listening = null;
        });
      }
      await listening?.catch(() => undefined);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        // Without displays the feed reads nothing; the next one starts from its own moment.
        if (listeners.size === 0) lastSeq = null;
      };
    },
    async close() {
      closed = true;
      signal.off(QUEUE_CHANGED, onLocalChange);
      listeners.clear();
      await reading;
      const client = await listening?.catch(() => null);
      await client?.end().catch(() => undefined);
    },
  };
}
