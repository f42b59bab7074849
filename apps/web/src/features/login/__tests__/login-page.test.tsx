import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginRoute, publicKeyRoute, versionRoute, type RouteDescriptor } from '@checkup/api-contract';
import { ApiError } from '../../../lib/api-error';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render-screen';
import LoginPage from '../index';

/** The login page carries no antd (it stays light). */
const renderLogin = () =>
  renderScreen(<LoginPage />, { route: '/', pages: { '/manager': <div>管理首页</div> }, antd: false }).router;

const unreachable = (descriptor: RouteDescriptor) => () => {
  throw new ApiError(0, '网络连接失败，请稍后再试', descriptor.path);
};

let server: FakeApi;

describe('login page', () => {
  beforeEach(() => {
    // The server cannot be reached at all.
    server = fakeApi([
      [versionRoute, unreachable(versionRoute)],
      [publicKeyRoute, unreachable(publicKeyRoute)],
      [loginRoute, unreachable(loginRoute)],
    ]);
  });

  it('asks for the account and password in Chinese before calling the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(server.calls(loginRoute)).toEqual([]);
  });

  it('shows the server message when the login is refused and stays on the page', async () => {
    server.answer(publicKeyRoute, () => ({ public_key: TEST_PUBLIC_KEY }));
    server.answer(loginRoute, () => {
      throw new ApiError(400, '用户账号或密码错误', loginRoute.path);
    });
    const router = renderLogin();
    fireEvent.change(screen.getByPlaceholderText('请输入用户账号'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户账号或密码错误')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const [login] = server.calls(loginRoute);
    expect(login).toMatchObject({ user_account: 'admin' });
    expect(login!.password).not.toBe('bad');
  });

  it('takes the theme colour from the version info and can show the typed password', async () => {
    server.answer(versionRoute, () => ({
      name: '测试医院',
      version: '1.0.0',
      service_type: 1,
      systemColorStyle: 'blue',
    }));
    renderLogin();
    expect(await screen.findByRole('heading', { name: '测试医院' })).toBeTruthy();
    const page = screen.getByRole('main').parentElement!;
    expect(page.style.getPropertyValue('--theme-color')).toBe('#2253E6');
    // White reads on this blue (6:1); on teal and yellow the text is dark (app/theme).
    expect(page.style.getPropertyValue('--theme-on-color')).toBe('#ffffff');
    const password = screen.getByPlaceholderText('请输入密码');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password.getAttribute('type')).toBe('text');
  });
});

const TEST_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMfO5eXKk3j4wLs2zDIaZVqmyp6TN1W5
cN6BGNJjKzWpd7yX9x6bW8bnbOXyHtMq3Mj0sIkBGPMc7pXr+7bH3KUCAwEAAQ==
-----END PUBLIC KEY-----`;
