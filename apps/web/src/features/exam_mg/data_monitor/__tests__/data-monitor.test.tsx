import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataMonitorRoute, ORDER_STATUSES, type RouteDescriptor, type RouteOutput } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: DataMonitor } = await import('../index');

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

function renderScreen() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <DataMonitor />
      </App>
    </QueryClientProvider>,
  );
}

/** A Statistic's number, found by its title. */
const statistic = (title: string) =>
  screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;

configure({ asyncUtilTimeout: 5000 });

describe('数据监控', { timeout: 20_000 }, () => {
  beforeEach(() => {
    call.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows today's counts, the department progress and the last refresh time", async () => {
    call.mockImplementation(async (route: RouteDescriptor) => {
      if (route === dataMonitorRoute) return answer(12);
      throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
    });
    renderScreen();
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
    call.mockImplementation(async () => answer(total));
    renderScreen();
    await waitFor(() => expect(statistic('今日订单')).toBe('10'));
    total = 11;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(call.mock.calls.filter(([r]) => r === dataMonitorRoute)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() => expect(statistic('今日订单')).toBe('11'));
    expect(call.mock.calls.filter(([r]) => r === dataMonitorRoute)).toHaveLength(2);
  });

  it('shows the failure message when the numbers cannot be read', async () => {
    call.mockRejectedValue(new ApiError(0, '网络连接失败，请稍后再试', dataMonitorRoute.path));
    renderScreen();
    expect(await screen.findByText('网络连接失败，请稍后再试')).toBeTruthy();
  });
});
