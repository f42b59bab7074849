import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountOptionsRoute,
  accountResource,
  publicKeyRoute,
  resetPasswordRoute,
  unlockAccountRoute,
  userInfoRoute,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import PrivCfg from '../index';

const TEST_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMfO5eXKk3j4wLs2zDIaZVqmyp6TN1W5
cN6BGNJjKzWpd7yX9x6bW8bnbOXyHtMq3Mj0sIkBGPMc7pXr+7bH3KUCAwEAAQ==
-----END PUBLIC KEY-----`;

const account = (id: number, user_account: string, user_name: string, locked_until: string | null) => ({
  id,
  user_account,
  user_name,
  phone: null,
  role_ids: [2],
  role_names: '科室医生',
  all_depts: false,
  dept_ids: [1],
  dept_names: '内科',
  special_flag: false,
  discount_floor: 100,
  is_leader: false,
  occ_conclude: false,
  harm_classes: [],
  signature_file_id: null,
  remark: null,
  must_change_password: false,
  locked_until,
  failed_logins: 0,
  enabled: true,
  version: 1,
  updated_at: null,
  updated_by_name: null,
});

const rows = [account(5, 'doctor1', '陈建华', '2026-11-28T08:30:00Z'), account(6, 'reg', '刘晓燕', null)];

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('账号管理', () => {
  it('shows the lock with 解锁, and sends the passwords of 重置密码 and of a new account encrypted', async () => {
    const server = fakeApi([
      [
        userInfoRoute,
        () => ({ id: 1, user_name: '管理员', role_menu: ['cfg/priv_cfg', 'cfg/priv_cfg:reset_password'] }),
      ],
      [accountOptionsRoute, () => ({ roles: [{ id: 2, role_name: '科室医生', enabled: true }], depts: [] })],
      [accountResource.routes.list, () => ({ list: rows, total: 2, total_capped: false, page: 1, size: 20 })],
      [publicKeyRoute, () => ({ public_key: TEST_PUBLIC_KEY })],
      [resetPasswordRoute, () => null],
      [unlockAccountRoute, () => null],
      [accountResource.routes.save, () => rows[1]],
    ]);
    renderScreen(<PrivCfg />);

    const locked = (await screen.findByText('陈建华')).closest('tr')!;
    expect(within(locked).getByText(/^已锁定至/)).toBeTruthy();
    const free = screen.getByText('刘晓燕').closest('tr')!;
    expect(within(free).queryByText('解锁')).toBeNull();

    fireEvent.click(within(locked).getByText('解锁'));
    const confirm = (await screen.findByText('确定解锁陈建华的账号？')).closest('.ant-popover')!;
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: /解\s*锁/ }));
    await waitFor(() => expect(server.calls(unlockAccountRoute)).toEqual([{ user_id: 5 }]));

    fireEvent.click(within(free).getByText('重置密码'));
    expect(await screen.findByText('重置密码：刘晓燕（reg）')).toBeTruthy();
    type('临时密码', 'Temp#2026x');
    type('确认临时密码', 'Temp#2026y');
    fireEvent.click(screen.getByText('重 置').closest('button')!);
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    type('确认临时密码', 'Temp#2026x');
    fireEvent.click(screen.getByText('重 置').closest('button')!);
    await waitFor(() => expect(server.calls(resetPasswordRoute)).toHaveLength(1));
    const [sent] = server.calls(resetPasswordRoute);
    expect(sent!.user_id).toBe(6);
    expect(sent!.password).not.toBe('Temp#2026x');
    expect(sent!.password.length).toBeGreaterThan(80);

    // A new account's initial password is sent encrypted too.
    fireEvent.click(screen.getByText('新增账号').closest('button')!);
    const drawer = within((await screen.findByRole('form', { name: '账号' })) as HTMLElement);
    fireEvent.change(drawer.getByLabelText('账号'), { target: { value: 'nurse2' } });
    fireEvent.change(drawer.getByLabelText('姓名'), { target: { value: '护士乙' } });
    fireEvent.change(drawer.getByLabelText('初始密码'), { target: { value: 'Init#2026x' } });
    fireEvent.mouseDown(drawer.getByLabelText('角色'));
    const options = await screen.findAllByTitle('科室医生');
    fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
    fireEvent.click(screen.getByText('保 存').closest('button')!);
    await waitFor(() => expect(server.calls(accountResource.routes.save)).toHaveLength(1));
    const [saved] = server.calls(accountResource.routes.save);
    expect(saved).toMatchObject({ user_account: 'nurse2', user_name: '护士乙', role_ids: [2] });
    expect(String(saved!.password)).not.toBe('Init#2026x');
    expect(String(saved!.password).length).toBeGreaterThan(80);
  });
});
