import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { visitsBetween } from './history.js';

describe('visitsBetween (an exact history total split over its months)', () => {
  it('gives months parts that add up to the total, weekdays weighing more than Sundays', () => {
    const first = '2024-01-01';
    const last = '2026-11-28';
    let sum = 0;
    for (let from = first; from <= last; from = addDays(from, 31)) {
      const to = addDays(from, 30) < last ? addDays(from, 30) : last;
      sum += visitsBetween(1_000_000, first, last, from, to);
    }
    expect(sum).toBe(1_000_000);
    // 2026-11-22 is a Sunday (load 0.2), 2026-11-23 a Monday (1.1).
    const sunday = visitsBetween(1_000_000, first, last, '2026-11-22', '2026-11-22');
    const monday = visitsBetween(1_000_000, first, last, '2026-11-23', '2026-11-23');
    expect(monday / sunday).toBeCloseTo(1.1 / 0.2, 1);
  });
});
