import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { operationLogListRoute, type OperationLogRow, type RouteDescriptor } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: SysOperationLog } = await import('../../sys_operation_log');
const { default: BizOperationLog } = await import('../../biz_operation_log');

const row = (over: Partial<OperationLogRow>): OperationLogRow => ({
  id: 1,
  action: 'login',
  user_account: 'doctor1',
  user_name: '钱医生',
  target: null,
  detail: null,
  ip: '10.0.0.31',
  created_at: '2026-11-22T01:00:00.000Z',
  ...over,
});

const ROWS: Record<string, OperationLogRow[]> = {
  sys: [
    row({
      id: 3,
      action: 'confidential_access',
      target: '20261122000002',
      detail: JSON.stringify({ customer_id: 7, purpose: '体检详情' }),
    }),
    row({ id: 2, action: 'login_failed', user_account: 'nobody', user_name: null, detail: '{"undecryptable":false}' }),
  ],
  biz: [
    row({
      id: 9,
      action: 'order_status',
      user_account: 'reg',
      user_name: '孙登记',
      target: '20261122000001',
      detail: JSON.stringify({ action: 'check_in', from: 'registered', to: 'checked_in', reason: null }),
    }),
  ],
};

function serve() {
  call.mockImplementation(async (route: RouteDescriptor, input: Record<string, unknown>) => {
    if (route !== operationLogListRoute) throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
    const list = ROWS[String(input.category)]!.filter((r) => !input.action || r.action === input.action);
    return { list, total: list.length, page: input.page, size: input.size };
  });
}

const lastFilter = () => call.mock.calls.filter(([r]) => r === operationLogListRoute).at(-1)?.[1];

function renderScreen(Screen: () => React.JSX.Element) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <Screen />
      </App>
    </QueryClientProvider>,
  );
}

configure({ asyncUtilTimeout: 5000 });

describe('系统操作日志 and 业务操作日志', { timeout: 20_000 }, () => {
  beforeEach(() => {
    call.mockReset();
    serve();
  });

  it('lists the system actions by name, with who did them to what', async () => {
    renderScreen(SysOperationLog);
    const access = (await screen.findByText('查看保密人员')).closest('tr') as HTMLElement;
    expect(within(access).getByText('钱医生（doctor1）')).toBeTruthy();
    expect(within(access).getByText('20261122000002')).toBeTruthy();
    expect(within(access).getByText('客户：7；用途：体检详情')).toBeTruthy();
    const failed = screen.getByText('登录失败').closest('tr') as HTMLElement;
    expect(within(failed).getByText('nobody')).toBeTruthy();
    expect(within(failed).getByText('密码无法解密：否')).toBeTruthy();
    expect(lastFilter()).toEqual({ category: 'sys', page: 1, size: 20 });
  });

  it('asks for the business log, reads a status change in words, and searches by an order id', async () => {
    renderScreen(BizOperationLog);
    expect(await screen.findByText('报到：已登记 → 已报到')).toBeTruthy();
    expect(screen.getByText('体检状态变更')).toBeTruthy();
    const search = screen.getByLabelText('账号、姓名或体检号');
    fireEvent.change(search, { target: { value: ' 20261122000001 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastFilter()).toEqual({ category: 'biz', key: '20261122000001', page: 1, size: 20 }));
  });

  it('offers only its own actions to filter by', async () => {
    renderScreen(BizOperationLog);
    await screen.findByText('体检状态变更');
    fireEvent.mouseDown(screen.getByLabelText('操作类型'));
    // antd's options carry their label as a title.
    expect(await screen.findByTitle('处理危急值')).toBeTruthy();
    expect(screen.getByTitle('报到')).toBeTruthy();
    expect(screen.queryByTitle('登录')).toBeNull();
  });
});
