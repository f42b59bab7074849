import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deptWorklistRoute, myDeptsRoute, userInfoRoute, type RouteDescriptor } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { raiseRefreshFlag, resetRefreshFlag } from '../../../../lib/refresh-flag';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: DeptDiag } = await import('../index');

const row = (orderId: string, name: string, fields: Record<string, unknown> = {}) => ({
  order_id: orderId,
  cust_name: name,
  sex: '1',
  age: 40,
  special_flag: '0',
  exam_date: dayjs().format('YYYY-MM-DD'),
  dept_status: '0',
  order_status: 'checked_in',
  dept_exception_flag: '0',
  ...fields,
});

const ROWS = [row('20261121000001', '张三'), row('20261121000002', '李四', { dept_status: '2' })];

function serve() {
  call.mockImplementation(async (route: RouteDescriptor, input: Record<string, unknown>) => {
    if (route === userInfoRoute) return { id: 1, user_name: '陈医生', special_flag: '0', role_menu: ['*'] };
    if (route === myDeptsRoute)
      return [
        { exam_dept_id: 3, dept_name: '内科', dept_type: 'check' },
        { exam_dept_id: 4, dept_name: '检验科', dept_type: 'lab' },
      ];
    if (route === deptWorklistRoute) {
      const list = ROWS.filter((r) => !input.keyword || r.order_id === input.keyword || r.cust_name === input.keyword);
      return { list, total: list.length, page: 1, size: 20 };
    }
    throw new ApiError(404, '未模拟的请求', route.path);
  });
}

function renderWorklist() {
  const router = createMemoryRouter(
    [
      { path: '/manager/exam_mg/dept_diag', element: <DeptDiag /> },
      { path: '/manager/exam_mg/dept_diag_detail', element: <div>详情页</div> },
    ],
    { initialEntries: ['/manager/exam_mg/dept_diag'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

const worklistCalls = () => call.mock.calls.filter(([r]) => r === deptWorklistRoute).map(([, i]) => i);

describe('科室诊断 worklist', () => {
  beforeEach(() => {
    call.mockReset();
    resetRefreshFlag();
    serve();
  });

  it('lists today’s visits of the doctor’s first department', async () => {
    renderWorklist();
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('已签名')).toBeTruthy();
    expect(worklistCalls()[0]).toMatchObject({ exam_dept_id: 3, exam_date: dayjs().format('YYYY-MM-DD'), page: 1 });
  });

  it('opens the detail of a scanned order id on Enter', async () => {
    const router = renderWorklist();
    await screen.findByText('张三');
    const search = screen.getByRole('searchbox', { name: '体检号或姓名' });
    fireEvent.change(search, { target: { value: '20261121000001' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/exam_mg/dept_diag_detail'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order_id: '20261121000001',
      exam_dept_id: '3',
    });
  });

  it('opens a row from its button', async () => {
    const router = renderWorklist();
    await screen.findByText('张三');
    fireEvent.click(screen.getAllByRole('button', { name: /^录\s*入$/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?order_id=20261121000001&exam_dept_id=3'));
  });

  it('reloads when the refresh flag is raised', async () => {
    renderWorklist();
    await screen.findByText('张三');
    const before = worklistCalls().length;
    raiseRefreshFlag();
    await waitFor(() => expect(worklistCalls().length).toBe(before + 1));
  });
});
