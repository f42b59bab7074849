import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderCheckInRoute, orderDetailRoute, type OrderDetail } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import OrderMgDetail from '../index';

const unionOf = (id: number, name: string, price: string, specimen: string | null = null) => ({
  union_id: id,
  union_name: name,
  price,
  list_price: price,
  fee_charged: false,
  no_discount: false,
  origin: 'package' as const,
  pay_mode: 'self' as const,
  status: '0',
  exec_date: null,
  specimen,
  gender_limit: '0' as const,
  mutex_union_ids: [],
});

const DETAIL: OrderDetail = {
  order_id: '20261122000001',
  status: 'registered',
  exam_type: 'health',
  exam_date: '2026-11-22',
  total_price: '120.00',
  totals: {
    package_price: '100.00',
    list_total: '55.00',
    discount_total: '-65.00',
    payable: '120.00',
    paid: '0.00',
    unpaid: '120.00',
  },
  desk_discount: null,
  package: { id: 7, package_name: '健康证体检套餐', price: '100.00', option_groups: [] },
  company_name: null,
  group_name: null,
  group_pay_mode: null,
  customer: {
    id: 9,
    cust_name: '赵详情',
    sex: '1',
    birthday: '1988-08-08',
    age: 38,
    cust_id_card: '110105198808080371',
    phone: '13800138000',
    nation: '汉族',
    address: null,
    special_flag: '0',
    photo: null,
    has_fingerprint: false,
    fingerprint_collection_time: null,
  },
  depts: [
    { dept_id: 1, dept_name: '内科', status: '0', unions: [unionOf(1, '内科检查', '15.00')] },
    {
      dept_id: 2,
      dept_name: '检验科',
      status: '0',
      unions: [unionOf(2, '血常规', '20.00', 'blood'), unionOf(3, '肝功能二项', '20.00', 'blood')],
    },
  ],
};

const renderDetail = () =>
  renderScreen(<OrderMgDetail />, { route: '/manager/exam_mg/order_mg_detail?order_id=20261122000001' });

let server: FakeApi;

describe('登记详情', () => {
  beforeEach(() => {
    server = fakeApi([
      [orderDetailRoute, () => DETAIL],
      [orderCheckInRoute, () => ({ order_id: DETAIL.order_id, status: 'checked_in' })],
    ]);
  });

  it('shows the examinee masked, the items by department with specimens, and the total', async () => {
    renderDetail();
    expect(await screen.findByText('赵详情')).toBeTruthy();
    expect(screen.getByText('110105********0371')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByText('肝功能二项')).toBeTruthy();
    expect(screen.getAllByText('血液')).toHaveLength(2);
    expect(screen.getByTestId('detail-total').textContent).toBe('应收：¥120.00');
  });

  it('shows 原价, 优惠价 and whether each line is paid, with 已收 and 待收 (issue 19)', async () => {
    server.answer(orderDetailRoute, () => ({
      ...DETAIL,
      total_price: '33.00',
      totals: { ...DETAIL.totals, payable: '33.00', paid: '15.00', unpaid: '18.00' },
      depts: [
        {
          dept_id: 1,
          dept_name: '内科',
          status: '0',
          unions: [
            { ...unionOf(1, '内科检查', '15.00'), fee_charged: true },
            { ...unionOf(2, '血常规', '18.00'), list_price: '20.00', origin: 'extra' },
          ],
        },
      ],
    }));
    renderDetail();
    const row = within((await screen.findByText('血常规')).closest('tr') as HTMLElement);
    expect(row.getByText('20.00')).toBeTruthy();
    expect(row.getByText('18.00')).toBeTruthy();
    expect(row.getByText('待收费')).toBeTruthy();
    expect(within(screen.getByText('内科检查').closest('tr') as HTMLElement).getByText('已收费')).toBeTruthy();
    expect(screen.getByText('已收 ¥15.00')).toBeTruthy();
    expect(screen.getByTestId('detail-unpaid').textContent).toBe('待收 ¥18.00');
  });

  it("shows a group member's company, group and who pays, for the package and for each line", async () => {
    const groupDetail: OrderDetail = {
      ...DETAIL,
      total_price: '125.00',
      company_name: '华信精密',
      group_name: '男职工组',
      group_pay_mode: 'company',
      depts: [
        {
          dept_id: 1,
          dept_name: '内科',
          status: '0',
          unions: [
            { ...unionOf(1, '内科检查', '15.00'), pay_mode: 'company' },
            { ...unionOf(4, '心电图', '25.00'), origin: 'extra', pay_mode: 'self' },
          ],
        },
      ],
    };
    server.answer(orderDetailRoute, () => groupDetail);
    renderDetail();
    expect(await screen.findByText('华信精密 / 男职工组')).toBeTruthy();
    expect(screen.getByText('统收（单位支付套餐）')).toBeTruthy();
    expect(within(screen.getByText('内科检查').closest('tr') as HTMLElement).getByText('统收')).toBeTruthy();
    expect(within(screen.getByText('心电图').closest('tr') as HTMLElement).getByText('自费')).toBeTruthy();
    expect(screen.getByTestId('detail-pay-split').textContent).toBe('统收 ¥100.00 · 自费 ¥25.00');
  });

  it('checks the examinee in', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '报 到' }));
    await waitFor(() => expect(server.call).toHaveBeenCalledWith(orderCheckInRoute, { order_id: '20261122000001' }));
    expect(await screen.findByText('报到成功')).toBeTruthy();
  });

  it("shows the server's refusal for a confidential examinee", async () => {
    server.answer(orderDetailRoute, () => {
      throw new ApiError(403, '当前账号没有查看保密人员的权限！', orderDetailRoute.path);
    });
    renderDetail();
    expect(await screen.findByText('当前账号没有查看保密人员的权限！')).toBeTruthy();
  });
});
