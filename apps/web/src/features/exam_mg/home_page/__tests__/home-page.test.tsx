import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  todayStatsRoute,
  userInfoRoute,
  versionRoute,
  type RouteDescriptor,
  type TodayStats,
} from '@checkup/api-contract';

vi.setConfig({ testTimeout: 30_000 });

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: HomePage } = await import('../index');

const STATS: TodayStats = {
  date: '2026-11-22',
  registered: 42,
  checked_in: 37,
  in_exam: 30,
  depts_done: 12,
  reviewed: 5,
  report_printed: 3,
  depts: [{ dept_id: 1, dept_name: '检验科', waiting: 6, entered: 4, signed: 10 }],
};

describe('首页', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (r: RouteDescriptor) => {
      if (r === todayStatsRoute) return STATS;
      if (r === userInfoRoute)
        return { id: 1, user_account: 'reg', user_name: '刘晓燕', special_flag: '0', role_menu: [] };
      if (r === versionRoute) return { name: '示例体检中心', version: '1.0.0', service_type: 1 };
      return null;
    });
  });

  it("keeps the greeting and shows today's numbers and each department's progress", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <HomePage />
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('今日登记')).toBeTruthy();
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('37')).toBeTruthy();
    expect(screen.getByText('各科室进度（2026-11-22）')).toBeTruthy();
    expect(screen.getByText('检验科')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('当前账号')).toBeTruthy();
  });
});
