import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderListRoute, userInfoRoute, type OrderListRow } from '@checkup/api-contract';
import { KEEP_SEARCH_KEY } from '../../../../lib/keep-search';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import OrderMg from '../index';

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

const renderList = () =>
  renderScreen(<OrderMg />, {
    route: '/manager/exam_mg/order_mg',
    pages: {
      '/manager/exam_mg/order_mg_detail': <div>登记详情页</div>,
      '/manager/exam_mg/order_quick_register': <div>快速登记页</div>,
    },
  }).router;

let server: FakeApi;

describe('登记管理', () => {
  beforeEach(() => {
    sessionStorage.clear();
    server = fakeApi([
      [userInfoRoute, () => ({ id: 1, user_account: 'reg', user_name: '刘晓燕', special_flag: '0', role_menu: [] })],
      [
        orderListRoute,
        () => ({
          list: [row('20261122000001', '王建国'), row('20261122000002', '***', '1')],
          total: 1000,
          total_capped: true,
          page: 1,
          size: 20,
        }),
      ],
    ]);
  });

  it("lists today's registrations and says 1000+ when the count is capped", async () => {
    renderList();
    expect(await screen.findByText('王建国')).toBeTruthy();
    expect(screen.getByText('共 1000+ 条')).toBeTruthy();
    const filter = server.calls(orderListRoute)[0]!;
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
      expect(server.call).toHaveBeenCalledWith(
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
