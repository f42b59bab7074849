import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginLogResource, serverOpLogResource, unlockAccountRoute, userInfoRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import LogBackend from '../index';

const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 20, total_capped: false });
const login = (id: number, account: string, locked: boolean) => ({
  id,
  action: locked ? 'login_failed' : 'login',
  user_account: account,
  user_id: id + 100,
  user_name: `${account}名`,
  ip: '10.0.0.8',
  browser: null,
  locked,
  created_at: '2026-11-28T01:00:00Z',
});

function serve(roleMenu: string[]) {
  return fakeApi([
    [userInfoRoute, () => ({ id: 1, user_account: 'it', user_name: '信息科', special_flag: '0', role_menu: roleMenu })],
    [serverOpLogResource.routes.list, () => page([])],
    [loginLogResource.routes.list, () => page([login(1, 'locked_one', true), login(2, 'free_one', false)])],
    [unlockAccountRoute, () => null],
  ]);
}

describe('后端日志', () => {
  it('offers 清空 only with its permission', async () => {
    const server = serve(['cfg/log_backend']);
    renderScreen(<LogBackend />);
    expect(await screen.findByText('操作日志', { selector: '.ant-card-head-title' })).toBeTruthy();
    // The account's menu has come: the screen has decided what it offers.
    await waitFor(() => expect(server.calls(userInfoRoute)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/^清\s*空$/)).toBeNull();
  });

  it('shows the login log with an unknown browser, and unlocks a locked account', async () => {
    const server = serve(['cfg/log_backend', 'cfg/log_backend:clear']);
    renderScreen(<LogBackend />);
    expect(await screen.findByText(/^清\s*空$/)).toBeTruthy();
    fireEvent.click(screen.getByText('登录日志'));
    const locked = (await screen.findByText('locked_one')).closest('tr') as HTMLElement;
    expect(within(locked).getByText('未知')).toBeTruthy();
    expect(within(locked).getByText('密码错误')).toBeTruthy();
    const free = screen.getByText('free_one').closest('tr') as HTMLElement;
    expect(within(free).queryByText(/^解\s*锁$/)).toBeNull();
    fireEvent.click(within(locked).getByText(/^解\s*锁$/));
    const confirm = await waitFor(() => document.querySelector('.ant-popconfirm') as HTMLElement);
    expect(confirm).toBeTruthy();
    fireEvent.click(within(confirm).getByText(/^解\s*锁$/));
    await waitFor(() => expect(server.calls(unlockAccountRoute)).toEqual([{ user_id: 101 }]));
  });
});
