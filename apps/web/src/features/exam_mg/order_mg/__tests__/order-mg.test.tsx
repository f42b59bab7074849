import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderListRoute, userInfoRoute, type OrderListRow, type RouteDescriptor } from '@checkup/api-contract';
import { KEEP_SEARCH_KEY } from '../../../../lib/keep-search';

vi.setConfig({ testTimeout: 30_000 });

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: OrderMg } = await import('../index');

const row = (orderId: string, name: string, specialFlag = '0'): OrderListRow => ({
  order_id: orderId,
  cust_name: name,
  sex: '1',
  age: 36,
  cust_id_card: '110105********1232',
  special_flag: specialFlag,
  exam_type: 'health',
  exam_date: '2026-11-22',
  status: 'registered',
  package_name: '入职体检套餐',
  company_name: null,
  total_price: '286.00',
});

function renderList() {
  const router = createMemoryRouter(
    [
      { path: '/manager/exam_mg/order_mg', element: <OrderMg /> },
      { path: '/manager/exam_mg/order_mg_detail', element: <div>登记详情页</div> },
      { path: '/manager/exam_mg/order_quick_register', element: <div>快速登记页</div> },
    ],
    { initialEntries: ['/manager/exam_mg/order_mg'] },
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

describe('登记管理', () => {
  beforeEach(() => {
    sessionStorage.clear();
    call.mockReset();
    call.mockImplementation(async (r: RouteDescriptor) => {
      if (r === userInfoRoute)
        return { id: 1, user_account: 'reg', user_name: '刘晓燕', special_flag: '0', role_menu: [] };
      if (r === orderListRoute)
        return {
          list: [row('20261122000001', '王建国'), row('20261122000002', '***', '1')],
          total: 1000,
          total_capped: true,
          page: 1,
          size: 20,
        };
      return null;
    });
  });

  it("lists today's registrations and says 1000+ when the count is capped", async () => {
    renderList();
    expect(await screen.findByText('王建国')).toBeTruthy();
    expect(screen.getByText('共 1000+ 条')).toBeTruthy();
    const [, filter] = call.mock.calls.find(([r]) => r === orderListRoute)!;
    expect(filter).toMatchObject({ page: 1, size: 20 });
    expect(filter.date_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filter.date_to).toBe(filter.date_from);
  });

  it('searches by the typed key from the first page', async () => {
    renderList();
    await screen.findByText('王建国');
    fireEvent.change(screen.getByLabelText('查询条件'), { target: { value: ' 110105199001011232 ' } });
    fireEvent.keyDown(screen.getByLabelText('查询条件'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        orderListRoute,
        expect.objectContaining({ key: '110105199001011232', page: 1 }),
      ),
    );
  });

  it('opens the detail of a row, remembering the search for the way back', async () => {
    const router = renderList();
    fireEvent.click(await screen.findByRole('button', { name: '20261122000001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/exam_mg/order_mg_detail'));
    expect(router.state.location.search).toBe('?order_id=20261122000001');
    expect(JSON.parse(sessionStorage.getItem(KEEP_SEARCH_KEY)!)).toHaveProperty(['/manager/exam_mg/order_mg']);
  });

  it('refuses to open a confidential examinee for a user without the right', async () => {
    const router = renderList();
    fireEvent.click(await screen.findByRole('button', { name: '20261122000002' }));
    expect(await screen.findByText('当前账号没有查看保密人员的权限！')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manager/exam_mg/order_mg');
  });

  it('goes to 快速登记 from its button', async () => {
    const router = renderList();
    fireEvent.click(screen.getByRole('button', { name: '快速登记' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/exam_mg/order_quick_register'));
  });
});
