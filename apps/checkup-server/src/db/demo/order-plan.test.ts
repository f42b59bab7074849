import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@checkup/api-contract';
import { daysBetween } from './dates.js';
import { WALK_IN_STATUSES, planOrders } from './order-plan.js';
import { buildTimeline } from './order-timeline.js';
import { Rng } from './prng.js';

const TODAY = '2026-03-16';

describe('planOrders', () => {
  it('gives the first positions of a stream one status each, so a tiny demo shows every stage', () => {
    const plans = planOrders(new Rng(1), WALK_IN_STATUSES.length, 0, TODAY, new Map());
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set(WALK_IN_STATUSES));
    expect(WALK_IN_STATUSES).toEqual(ORDER_STATUSES.filter((s) => s !== 'prepared'));
  });

  it('dates orders within the last 60 days, early stages today', () => {
    const plans = planOrders(new Rng(2), 3000, 0, TODAY, new Map());
    for (const plan of plans) {
      const age = daysBetween(plan.examDate, TODAY);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(60);
      if (plan.status === 'registered' || plan.status === 'checked_in') expect(age).toBe(0);
    }
  });

  it('numbers each day from 000001 in registration order and continues after the last number used', () => {
    const last = new Map([[TODAY, 41]]);
    const plans = planOrders(new Rng(3), 500, 100, TODAY, last);
    const today = plans.filter((p) => p.examDate === TODAY);
    expect(today[0]!.orderId).toBe('20260316000042');
    today.forEach((p, i) => expect(p.orderId).toBe(`20260316${String(42 + i).padStart(6, '0')}`));
    const minutes = today.map((p) => p.regMinute);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    const yesterday = plans.filter((p) => p.examDate === '2026-03-15');
    if (yesterday.length > 0) expect(yesterday[0]!.orderId).toBe('20260315000001');
    expect(new Set(plans.map((p) => p.orderId)).size).toBe(plans.length);
  });
});

describe('buildTimeline', () => {
  it('moves along the status machine to the planned status, in time order and never after today', () => {
    const plans = planOrders(new Rng(4), 2000, 0, TODAY, new Map());
    const endOfToday = Date.parse(`${TODAY}T23:59:59+08:00`);
    for (const plan of plans) {
      const timeline = buildTimeline(new Rng(plan.index), plan, TODAY);
      const { events } = timeline;
      expect(events[0]).toMatchObject({ from: null, to: 'registered' });
      expect(events[events.length - 1]!.to).toBe(plan.status);
      events.slice(1).forEach((e, i) => {
        expect(e.from).toBe(events[i]!.to);
        expect(e.at.getTime()).toBeGreaterThan(events[i]!.at.getTime());
      });
      expect(events[events.length - 1]!.at.getTime()).toBeLessThanOrEqual(endOfToday);
      if (timeline.returned) expect(events.some((e) => e.to === 'in_exam' && e.from !== 'checked_in')).toBe(true);
    }
  });
});
