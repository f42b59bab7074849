import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changePasswordRoute, publicKeyRoute } from '@checkup/api-contract';
import { ApiError } from '../../../lib/api-error';
import { fakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render-screen';
import { ChangePasswordDialog } from '../change-password-dialog';

const TEST_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMfO5eXKk3j4wLs2zDIaZVqmyp6TN1W5
cN6BGNJjKzWpd7yX9x6bW8bnbOXyHtMq3Mj0sIkBGPMc7pXr+7bH3KUCAwEAAQ==
-----END PUBLIC KEY-----`;

// By its text: a toast may leave the dialog's buttons out of the accessibility tree for a moment.
const submit = () => screen.getByText('确定修改').closest('button')!;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('修改密码 dialog forced after 重置密码', () => {
  it('cannot be put aside, refuses a mismatched repeat itself, and sends both passwords encrypted', async () => {
    const server = fakeApi([
      [publicKeyRoute, () => ({ public_key: TEST_PUBLIC_KEY })],
      [
        changePasswordRoute,
        () => {
          throw new ApiError(400, '新密码不能与最近5次使用过的密码相同', changePasswordRoute.path);
        },
      ],
    ]);
    const onClose = vi.fn();
    const onLogout = vi.fn();
    renderScreen(<ChangePasswordDialog open forced onClose={onClose} onLogout={onLogout} />);

    expect(await screen.findByText('请修改密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    type('原密码', 'Temp#2026x');
    type('新密码', 'Mine#2026x');
    type('确认新密码', 'Mine#2026y');
    fireEvent.click(submit());
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.calls(changePasswordRoute)).toEqual([]);

    type('确认新密码', 'Mine#2026x');
    fireEvent.click(submit());
    expect(await screen.findByText('新密码不能与最近5次使用过的密码相同')).toBeTruthy();
    const [sent] = server.calls(changePasswordRoute);
    expect(sent!.old_password).not.toBe('Temp#2026x');
    expect(sent!.new_password).not.toBe('Mine#2026x');
    expect(sent!.new_password.length).toBeGreaterThan(80);
    expect(onClose).not.toHaveBeenCalled();

    server.answer(changePasswordRoute, () => null);
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(onLogout).toHaveBeenCalled();
  });
});
