import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginRoute, publicKeyRoute, versionRoute, type RouteDescriptor } from '@checkup/api-contract';
import { ApiError } from '../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: LoginPage } = await import('../index');

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/manager', element: <div>管理首页</div> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('login page', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (r: RouteDescriptor) => {
      throw new ApiError(0, '网络连接失败，请稍后再试', r.path);
    });
  });

  it('asks for the account and password in Chinese before calling the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(call.mock.calls.some(([r]) => r === loginRoute)).toBe(false);
  });

  it('shows the server message when the login is refused and stays on the page', async () => {
    call.mockImplementation(async (r: RouteDescriptor) => {
      if (r === versionRoute) throw new ApiError(0, '网络连接失败，请稍后再试', r.path);
      if (r === publicKeyRoute) return { public_key: TEST_PUBLIC_KEY };
      throw new ApiError(400, '用户账号或密码错误', r.path);
    });
    const router = renderLogin();
    fireEvent.change(screen.getByPlaceholderText('请输入用户账号'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户账号或密码错误')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const loginCall = call.mock.calls.find(([r]) => r === loginRoute);
    expect(loginCall?.[1]).toMatchObject({ user_account: 'admin' });
    expect((loginCall?.[1] as { password: string }).password).not.toBe('bad');
  });

  it('takes the theme colour from the version info and can show the typed password', async () => {
    call.mockImplementation(async (r: RouteDescriptor) => {
      if (r === versionRoute) return { name: '测试医院', version: '1.0.0', service_type: 1, systemColorStyle: 'blue' };
      throw new ApiError(0, '网络连接失败，请稍后再试', r.path);
    });
    renderLogin();
    expect(await screen.findByRole('heading', { name: '测试医院' })).toBeTruthy();
    const page = screen.getByRole('main').parentElement!;
    expect(page.style.getPropertyValue('--theme-color')).toBe('#2253E6');
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
