import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { queueChanged } from './queue-signal.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Both drivers answer a raw statement with its rows.
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows.length;

// Every assignment of queue numbers takes this lock, so two of them never hand out the same number.
// Every other writer of queue_events takes it too, first thing in its transaction: then events commit
// in seq order and a display that has read up to seq n has missed nothing before it (queue-feed.ts).
const QUEUE_NUMBER_LOCK = 7_007;

export async function lockQueueNumbers(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_NUMBER_LOCK})`);
}

/** Which part of today's queues a sync looks at: all of it, one department, or one visit. */
export interface SyncScope {
  deptId?: number;
  orderId?: string;
}

/** A visit in these states may stand in a queue (an examinee can be queued by hand before check-in). */
export const QUEUEABLE_STATUSES: ReadonlySet<OrderStatus> = new Set(['registered', 'checked_in', 'in_exam']);
const queueableList = sql.join(
  [...QUEUEABLE_STATUSES].map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Brings today's queues in line with the visits, in the caller's transaction: checked-in examinees
 * join the queues of the departments still to do on their visit, in check-in order; an entry leaves
 * (finish) once its department has signed, is no longer on the visit, or the visit has left the
 * exam. Every change writes its event. Answers how many events were written; the caller raises
 * queueChanged after commit.
 *
 * Check-in, signing and changing a checked-in visit's items run it for their visit, so the hall
 * display is current without anyone reading a queue; the desks' queue reads run it for everything
 * as a reconciliation (visits checked in before this existed, a day that has just begun).
 */
export async function syncQueuesIn(tx: Tx, today: string, scope: SyncScope = {}): Promise<number> {
  const dept = (column: SQL) => (scope.deptId === undefined ? sql`true` : sql`${column} = ${scope.deptId}`);
  const order = (column: SQL) => (scope.orderId === undefined ? sql`true` : sql`${column} = ${scope.orderId}`);
  await lockQueueNumbers(tx);
  const enrolled = await tx.execute(sql`
    with added as (
      insert into queue_entries (queue_date, dept_id, order_id, queue_no)
      select ${today}::date, od.dept_id, od.order_id,
        coalesce((select max(q.queue_no) from queue_entries q
                  where q.queue_date = ${today}::date and q.dept_id = od.dept_id), 0)
          + row_number() over (partition by od.dept_id order by checked_in.at nulls last, od.order_id)
      from order_depts od
      join orders o on o.order_id = od.order_id
      left join lateral (
        select min(l.created_at) as at from order_status_log l
        where l.order_id = od.order_id and l.to_status = 'checked_in'
      ) checked_in on true
      where od.exam_date = ${today}::date and od.status = '0'
        and ${dept(sql`od.dept_id`)} and ${order(sql`od.order_id`)}
        and o.status in ('checked_in', 'in_exam')
        and not exists (
          select 1 from queue_entries q
          where q.queue_date = ${today}::date and q.dept_id = od.dept_id and q.order_id = od.order_id
        )
      returning id, dept_id, queue_no
    )
    insert into queue_events (queue_date, dept_id, entry_id, queue_no, event_type)
    select ${today}::date, dept_id, id, queue_no, 'add' from added order by dept_id, queue_no
    returning seq`);
  const finished = await tx.execute(sql`
    with leaving as (
      update queue_entries q set status = 'done', finished_at = now()
      where q.queue_date = ${today}::date and q.status in ('waiting', 'called')
        and ${dept(sql`q.dept_id`)} and ${order(sql`q.order_id`)}
        and not exists (
          select 1 from order_depts od join orders o on o.order_id = od.order_id
          where od.order_id = q.order_id and od.dept_id = q.dept_id and od.status <> '2'
            and o.status in (${queueableList})
        )
      returning q.id, q.dept_id, q.queue_no
    )
    insert into queue_events (queue_date, dept_id, entry_id, queue_no, event_type)
    select ${today}::date, dept_id, id, queue_no, 'finish' from leaving order by dept_id, queue_no
    returning seq`);
  return rowsOf(enrolled) + rowsOf(finished);
}

/** syncQueuesIn in a transaction of its own, for the desks' queue reads. */
export async function syncQueues(db: Db, today: string, deptId?: number): Promise<void> {
  const written = await db.transaction((tx) => syncQueuesIn(tx, today, { deptId }));
  if (written > 0) queueChanged(db);
}
