import { ORDER_STATUSES, type OrderStatus } from '@checkup/api-contract';
import { addDays, compactDate, weekday } from './dates.js';
import type { Rng } from './prng.js';

/** When and in which status one generated order is; its content comes later (order-content.ts). */
export interface OrderPlan {
  /** Position in the whole demo stream: each order draws from a generator seeded with it. */
  index: number;
  status: OrderStatus;
  examDate: string;
  /** Registration time, minutes after midnight. */
  regMinute: number;
  orderId: string;
}

/**
 * Share of each status, and how many days before today an order in it was registered: today's
 * visits are still at the desk or in the departments, reports take days to weeks.
 */
const STATUS_MIX: Record<OrderStatus, { weight: number; days: readonly [number, number] }> = {
  // Never drawn (WALK_IN_STATUSES): prepared visits come from 团检 lists (group_persons).
  prepared: { weight: 0, days: [0, 0] },
  registered: { weight: 5, days: [0, 0] },
  checked_in: { weight: 4, days: [0, 0] },
  in_exam: { weight: 6, days: [0, 2] },
  depts_done: { weight: 5, days: [0, 5] },
  first_trial: { weight: 4, days: [1, 8] },
  main_trial: { weight: 4, days: [1, 10] },
  final_trial: { weight: 5, days: [2, 14] },
  report_printed: { weight: 12, days: [3, 45] },
  report_sent: { weight: 55, days: [5, 60] },
};
/** The statuses a walk-in visit passes through (a prepared visit comes from a group list). */
export const WALK_IN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'prepared');
const WEIGHTS = WALK_IN_STATUSES.map((s) => [s, STATUS_MIX[s].weight] as const);

function examDateFor(rng: Rng, status: OrderStatus, today: string): string {
  const [min, max] = STATUS_MIX[status].days;
  let date = addDays(today, -rng.int(min, max));
  // Few people come on Sundays; a window of one day keeps its day whatever it is.
  for (let tries = 0; tries < 3 && weekday(date) === 0 && rng.chance(0.7); tries++) {
    date = addDays(today, -rng.int(min, max));
  }
  return date;
}

/**
 * Plans `count` orders from stream position `start`. The first positions of a stream take each
 * status in turn, so even a tiny demo shows every stage. Orders are numbered per day in the order
 * they were registered, after the last number `lastSequence` has for that day.
 */
export function planOrders(
  rng: Rng,
  count: number,
  start: number,
  today: string,
  lastSequence: Map<string, number>,
): OrderPlan[] {
  const plans = Array.from({ length: count }, (_, i) => {
    const index = start + i;
    const status = index < WALK_IN_STATUSES.length ? WALK_IN_STATUSES[index]! : rng.weighted(WEIGHTS);
    // Checkups are done fasting, so almost everyone registers between 07:30 and 11:00.
    return { index, status, examDate: examDateFor(rng, status, today), regMinute: rng.int(450, 660), orderId: '' };
  });
  plans.sort((a, b) => a.examDate.localeCompare(b.examDate) || a.regMinute - b.regMinute || a.index - b.index);
  for (const plan of plans) {
    const sequence = (lastSequence.get(plan.examDate) ?? 0) + 1;
    if (sequence > 999_999) throw new Error(`more than 999999 orders on ${plan.examDate}`);
    lastSequence.set(plan.examDate, sequence);
    plan.orderId = `${compactDate(plan.examDate)}${String(sequence).padStart(6, '0')}`;
  }
  return plans;
}
