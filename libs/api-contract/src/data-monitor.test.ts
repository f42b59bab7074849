import { describe, expect, it } from 'vitest';
import { dataMonitorRoute } from './data-monitor.js';

describe('data monitor answer', () => {
  const answer = {
    exam_date: '2026-11-22',
    counted_at: '2026-11-22T01:00:00.000Z',
    order_total: 1,
    order_status_counts: [{ status: 'checked_in', count: 1 }],
    depts: [{ exam_dept_id: 1, dept_name: '内科', waiting: 1, entered: 0, signed: 0, queue_waiting: 1 }],
    critical_unhandled: 0,
    critical_today: 0,
    exceptions_open: 0,
    avg_wait_minutes: null,
  };

  it('accepts no average wait before the first call', () => {
    expect(dataMonitorRoute.output.parse(answer).avg_wait_minutes).toBeNull();
  });

  it('refuses a status outside the order machine', () => {
    const bad = { ...answer, order_status_counts: [{ status: 'lost', count: 1 }] };
    expect(dataMonitorRoute.output.safeParse(bad).success).toBe(false);
  });
});
