import type { OrderStatus } from '@checkup/api-contract';
import { WALK_IN_STATUSES as ORDER_STATUSES } from './order-plan.js';
import { addDays, cstTime, daysBetween } from './dates.js';
import type { OrderPlan } from './order-plan.js';
import type { Rng } from './prng.js';

export type ReviewStep = 'first' | 'main' | 'final';

export interface StatusEvent {
  from: OrderStatus | null;
  to: OrderStatus;
  at: Date;
}

/** The moves an order made to reach its status, with times, as order_status_log records them. */
export interface Timeline {
  events: StatusEvent[];
  /** Set when a reviewer sent the order back to the departments (return_to_depts). */
  returned?: { step: ReviewStep; at: Date };
  /** When the departments started and finished (or, still in the departments, an hour or so in). */
  examStart: Date;
  examEnd: Date;
}

const IN_EXAM = ORDER_STATUSES.indexOf('in_exam');
const DEPTS_DONE = ORDER_STATUSES.indexOf('depts_done');
const MAIN_TRIAL = ORDER_STATUSES.indexOf('main_trial');
const RETURN_SHARE = 0.04;

/** The review step that returns an order from each status (spec: first / second / last trial). */
const RETURNING_STEP: Partial<Record<OrderStatus, ReviewStep>> = {
  depts_done: 'first',
  first_trial: 'main',
  main_trial: 'final',
};

/** Days between one move and the next: lab results take the afternoon, reviews a day or two. */
const DELAY_DAYS: Partial<Record<OrderStatus, readonly (readonly [number, number])[]>> = {
  in_exam: [
    [0, 6],
    [1, 4],
  ],
  depts_done: [
    [0, 7],
    [1, 2],
    [2, 1],
  ],
  first_trial: [
    [0, 3],
    [1, 4],
    [2, 3],
  ],
  main_trial: [
    [0, 5],
    [1, 4],
    [2, 1],
  ],
  final_trial: [
    [0, 5],
    [1, 4],
    [2, 1],
  ],
  report_printed: [
    [0, 3],
    [1, 4],
    [3, 3],
  ],
  report_sent: [
    [0, 6],
    [1, 3],
    [2, 1],
  ],
};

/** The statuses passed through, a return to the departments included when there was one. */
function statusPath(rng: Rng, target: OrderStatus): { path: OrderStatus[]; returnFrom?: OrderStatus } {
  const idx = ORDER_STATUSES.indexOf(target);
  if (idx < IN_EXAM || !rng.chance(RETURN_SHARE)) return { path: ORDER_STATUSES.slice(0, idx + 1) };
  // An order back in the departments may have been returned from any review stage.
  const fromIdx = rng.int(DEPTS_DONE, Math.min(idx === IN_EXAM ? MAIN_TRIAL : idx, MAIN_TRIAL));
  const path = [
    ...ORDER_STATUSES.slice(0, fromIdx + 1),
    'in_exam' as const,
    ...ORDER_STATUSES.slice(DEPTS_DONE, idx + 1),
  ];
  return { path, returnFrom: ORDER_STATUSES[fromIdx] };
}

export function buildTimeline(rng: Rng, plan: OrderPlan, today: string): Timeline {
  const { path, returnFrom } = statusPath(rng, plan.status);
  const age = daysBetween(plan.examDate, today);
  const registeredAt = cstTime(plan.examDate, plan.regMinute);
  const events: StatusEvent[] = [{ from: null, to: 'registered', at: registeredAt }];
  let day = 0;
  let at = registeredAt;
  let returned: Timeline['returned'];
  for (let i = 1; i < path.length; i++) {
    const to = path[i]!;
    const from = path[i - 1]!;
    const isReturn = to === 'in_exam' && i > IN_EXAM;
    const delays = isReturn ? DELAY_DAYS.in_exam : DELAY_DAYS[to];
    const next = delays ? Math.min(day + rng.weighted(delays), age) : day;
    if (next === day) {
      at = new Date(at.getTime() + (i <= IN_EXAM ? rng.int(2, 20) : rng.int(20, 150)) * 60_000);
    } else {
      at = cstTime(addDays(plan.examDate, next), rng.int(510, 1020));
      day = next;
    }
    events.push({ from, to, at });
    if (isReturn && returnFrom) returned = { step: RETURNING_STEP[returnFrom]!, at };
  }
  const examStart = events.find((e) => e.to === 'in_exam')?.at ?? at;
  const done = events.find((e) => e.to === 'depts_done')?.at;
  return {
    events,
    returned,
    examStart,
    examEnd: done ?? new Date(examStart.getTime() + rng.int(30, 240) * 60_000),
  };
}
