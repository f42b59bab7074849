import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client.js';

/**
 * The in-process news that queue_events grew, per database handle: the queue service raises it after
 * each committed change, and the display feed of the app on that handle reads what is new. Keyed by
 * the handle so two app instances in one process (tests) each hear their own writes only, as two
 * servers would; between servers PostgreSQL NOTIFY carries it (queue-feed.ts).
 */
const signals = new WeakMap<Db, EventEmitter>();

export const QUEUE_CHANGED = 'changed';

export function queueSignal(db: Db): EventEmitter {
  let signal = signals.get(db);
  if (!signal) {
    signal = new EventEmitter();
    signals.set(db, signal);
  }
  return signal;
}

/** Called after a transaction that wrote queue_events has committed. */
export function queueChanged(db: Db): void {
  signals.get(db)?.emit(QUEUE_CHANGED);
}
