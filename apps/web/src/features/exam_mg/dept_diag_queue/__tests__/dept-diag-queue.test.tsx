import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deptQueueRoute,
  myDeptsRoute,
  queueCallNextRoute,
  userInfoRoute,
  type QueueEntry,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: DeptDiagQueue } = await import('../index');

const waiting = (specialFlag: string, queueNo = 4): QueueEntry => ({
  entry_id: queueNo,
  exam_dept_id: 7,
  order_id: `2026112200000${queueNo}`,
  queue_no: queueNo,
  cust_name: specialFlag === '1' ? '***' : '王芳',
  display_name: specialFlag === '1' ? '' : '王*',
  sex: '2',
  age: 38,
  special_flag: specialFlag,
  status: 'waiting',
  priority: false,
  call_count: 0,
  enqueued_at: '2026-11-22T00:30:00.000Z',
  called_at: null,
  called_by_name: null,
});

function serve(entry: QueueEntry, others: QueueEntry[] = []) {
  call.mockImplementation(async (route: RouteDescriptor) => {
    if (route === userInfoRoute) {
      return { id: 3, user_account: 'doctor2', user_name: '赵敏', special_flag: '0', role_menu: ['*'] };
    }
    if (route === myDeptsRoute) return [{ exam_dept_id: 7, dept_name: '检验科', dept_type: 'lab' }];
    if (route === deptQueueRoute) {
      const list = [entry, ...others];
      const counts = { waiting: list.length, called: 0, done: 0, passed: 0 };
      return { exam_dept_id: 7, dept_name: '检验科', queue_date: '2026-11-22', counts, list };
    }
    if (route === queueCallNextRoute) return { entry: { ...entry, status: 'called', call_count: 1 } };
    throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
  });
}

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/manager/exam_mg/dept_diag_queue', element: <DeptDiagQueue /> },
      { path: '/manager/exam_mg/dept_diag_detail', element: <div>科室诊断详情页</div> },
    ],
    { initialEntries: ['/manager/exam_mg/dept_diag_queue'] },
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

configure({ asyncUtilTimeout: 5000 });

describe('科室排队', { timeout: 20_000 }, () => {
  beforeEach(() => {
    call.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens the called examinee's result entry for this department", async () => {
    serve(waiting('0'));
    const router = renderScreen();
    await screen.findByText('王芳');
    fireEvent.click(screen.getByRole('button', { name: /呼叫下一位/ }));
    await screen.findByText('科室诊断详情页');
    expect(router.state.location.pathname).toBe('/manager/exam_mg/dept_diag_detail');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order_id: '20261122000004',
      exam_dept_id: '7',
    });
  });

  it('calls a confidential examinee by number only but does not open them for a user who may not see them', async () => {
    serve(waiting('1'));
    const router = renderScreen();
    await screen.findByText('A004');
    fireEvent.keyDown(window, { key: 'F2' });
    expect(await screen.findByText('当前账号没有查看保密人员的权限！')).toBeTruthy();
    expect(await screen.findByText('请 A004 号到 检验科 就诊')).toBeTruthy();
    expect(screen.queryByText(/\*\*\* 到/)).toBeNull();
    await waitFor(() => expect(call.mock.calls.some(([r]) => r === queueCallNextRoute)).toBe(true));
    expect(router.state.location.pathname).toBe('/manager/exam_mg/dept_diag_queue');
  });

  it('sends one call-next request for one F2 press, however many wait', async () => {
    serve(
      waiting('0', 1),
      [2, 3, 4, 5, 6, 7, 8, 9].map((n) => waiting('0', n)),
    );
    renderScreen();
    await screen.findByText('A009');
    fireEvent.keyDown(window, { key: 'F2' });
    await screen.findByText('科室诊断详情页');
    expect(call.mock.calls.filter(([r]) => r === queueCallNextRoute)).toHaveLength(1);
  });
});
