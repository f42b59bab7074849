import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  criticalValueTodayRoute,
  menuSettingsRoute,
  todayStatsRoute,
  userInfoRoute,
  versionRoute,
  type CriticalValueRow,
  type TodayStats,
} from '@checkup/api-contract';
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
    // 登记员 neither notifies nor handles critical values: no card, no call.
    expect(screen.queryByText('今日未处理危急值')).toBeNull();
  });

  it("shows today's unhandled critical values to the staff who notify them, with the way to 危急值管理", async () => {
    const critical = {
      id: 3,
      cust_name: '张*三',
      item_name: '血钾',
      result_value: '7.1',
      unit: 'mmol/L',
      level: '3',
      status: '1',
      dept_name: '检验科',
      created_at: '2026-11-22T01:10:00.000Z',
    } as CriticalValueRow;
    const server = fakeApi([
      [todayStatsRoute, () => STATS],
      [versionRoute, () => ({ name: '示例体检中心', version: '1.0.0', service_type: 1 })],
      [
        userInfoRoute,
        () => ({
          id: 2,
          user_account: 'nurse',
          user_name: '林小慧',
          special_flag: '0',
          role_menu: ['exam_mg/home_page', 'exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:notify'],
        }),
      ],
      [criticalValueTodayRoute, () => ({ total: 4, list: [critical] })],
    ]);
    const { router } = renderScreen(<HomePage />, {
      pages: { '/manager/exam_mg/ser_dis_mg': <p>危急值管理页</p> },
    });
    expect(await screen.findByText('今日未处理危急值')).toBeTruthy();
    expect(await screen.findByText('血钾 7.1 mmol/L')).toBeTruthy();
    expect(screen.getByText('高')).toBeTruthy();
    expect(screen.getByText('已通知')).toBeTruthy();
    expect(screen.getByTitle('今日未处理危急值').textContent).toContain('4');
    expect(server.calls(criticalValueTodayRoute)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '危急值管理' }));
    expect(await screen.findByText('危急值管理页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manager/exam_mg/ser_dis_mg');
  });

  it('offers the quick-access entries 菜单分类 sets that the account may open, and goes there', async () => {
    fakeApi([
      [todayStatsRoute, () => STATS],
      [versionRoute, () => ({ name: '示例体检中心', version: '1.0.0', service_type: 1 })],
      [
        userInfoRoute,
        () => ({
          id: 3,
          user_account: 'desk',
          user_name: '前台',
          special_flag: '0',
          role_menu: ['exam_mg/order_mg', 'exam_mg/order_quick_register', 'cfg/par_cfg'],
        }),
      ],
      [
        menuSettingsRoute,
        () => [
          { menu_key: 'exam_mg/order_mg', title: null, sort: null, hidden: false, quick_access: false },
          { menu_key: 'cfg/par_cfg', title: null, sort: null, hidden: true, quick_access: true },
        ],
      ],
    ]);
    const { router } = renderScreen(<HomePage />, { pages: { '/manager/cfg/par_cfg': <p>参数设置页</p> } });
    const card = (await screen.findByText('快捷入口')).closest('.ant-card') as HTMLElement;
    await within(card).findByRole('button', { name: '参数设置' });
    const offered = within(card)
      .getAllByRole('button')
      .map((b) => b.textContent);
    // 登记管理 is no longer offered; 科室诊断 is, but this account does not open it.
    expect(offered).toEqual(['快速登记', '参数设置']);
    fireEvent.click(within(card).getByRole('button', { name: '参数设置' }));
    expect(await screen.findByText('参数设置页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manager/cfg/par_cfg');
  });
});
