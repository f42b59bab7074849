import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataMonitorRoute, ORDER_STATUSES, type RouteOutput } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DataMonitor from '../index';

const answer = (orderTotal: number): RouteOutput<typeof dataMonitorRoute> => ({
  exam_date: '2026-11-22',
  counted_at: '2026-11-22T01:00:00.000Z',
  order_total: orderTotal,
  order_status_counts: ORDER_STATUSES.map((status) => ({
    status,
    count: status === 'checked_in' ? 7 : status === 'in_exam' ? 5 : 0,
  })),
  depts: [{ exam_dept_id: 3, dept_name: '检验科', waiting: 6, entered: 2, signed: 4, queue_waiting: 3 }],
  critical_unhandled: 2,
  critical_today: 3,
  exceptions_open: 1,
  avg_wait_minutes: 12.5,
});

/** A Statistic's number, found by its title. */
const statistic = (title: string) =>
  screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;

describe('数据监控', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows today's counts, the department progress and the last refresh time", async () => {
    fakeApi([[dataMonitorRoute, () => answer(12)]]);
    renderScreen(<DataMonitor />);
    await waitFor(() => expect(statistic('今日订单')).toBe('12'));
    expect(statistic('未处理危急值')).toBe('2');
    expect(statistic('今日危急值')).toBe('3');
    expect(statistic('未处理异常')).toBe('1');
    expect(statistic('平均等候')).toBe('12.5分钟');
    expect(statistic('已报到')).toBe('7');
    expect(statistic('检查中')).toBe('5');
    // The chart names the department too; the table row is the one in a row.
    const dept = screen
      .getAllByText('检验科')
      .map((el) => el.closest('tr'))
      .find(Boolean) as HTMLElement;
    expect(screen.getByRole('figure', { name: '各科室检查进度' })).toBeTruthy();
    expect(
      within(dept)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '检验科', '6', '2', '4', '3', '33%']);
    expect(screen.getByTestId('last-refresh').textContent).toMatch(/^上次刷新 \d{2}:\d{2}:\d{2}，每 30 秒自动刷新$/);
  });

  it('reads the numbers again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let total = 10;
    const server = fakeApi([[dataMonitorRoute, () => answer(total)]]);
    renderScreen(<DataMonitor />);
    await waitFor(() => expect(statistic('今日订单')).toBe('10'));
    total = 11;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(server.calls(dataMonitorRoute)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() => expect(statistic('今日订单')).toBe('11'));
    expect(server.calls(dataMonitorRoute)).toHaveLength(2);
  });

  it('shows the failure message when the numbers cannot be read', async () => {
    fakeApi([
      [
        dataMonitorRoute,
        () => {
          throw new ApiError(0, '网络连接失败，请稍后再试', dataMonitorRoute.path);
        },
      ],
    ]);
    renderScreen(<DataMonitor />);
    expect(await screen.findByText('网络连接失败，请稍后再试')).toBeTruthy();
  });
});
