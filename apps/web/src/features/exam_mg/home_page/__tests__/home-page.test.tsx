import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayStatsRoute, userInfoRoute, versionRoute, type TodayStats } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import HomePage from '../index';

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
    fakeApi([
      [todayStatsRoute, () => STATS],
      [userInfoRoute, () => ({ id: 1, user_account: 'reg', user_name: '刘晓燕', special_flag: '0', role_menu: [] })],
      [versionRoute, () => ({ name: '示例体检中心', version: '1.0.0', service_type: 1 })],
    ]);
  });

  it("keeps the greeting and shows today's numbers and each department's progress", async () => {
    renderScreen(<HomePage />);
    expect(await screen.findByText('今日登记')).toBeTruthy();
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('37')).toBeTruthy();
    expect(screen.getByText('各科室进度（2026-11-22）')).toBeTruthy();
    expect(screen.getByText('检验科')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('当前账号')).toBeTruthy();
  });
});
