import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cmpQuoteRoute,
  groupOrderApproveRoute,
  groupOrderOptionsRoute,
  groupOrderResource,
  groupPriceResource,
  type CmpQuote,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CmpQuoteScreen from '../../cmp_quote';
import GroupUnitMgDetail from '../index';

const order = {
  id: 7,
  order_no: 'TD202611290001',
  order_name: '星辰2027年度职工体检',
  company_id: 3,
  company_name: '星辰软件科技有限公司',
  contract_id: null,
  contract_no: null,
  branch_id: null,
  branch_name: null,
  exam_type: 'health',
  plan_from: '2027-03-01',
  plan_to: '2027-05-31',
  plan_male: 10,
  plan_female: 5,
  budget: null,
  avg_price: null,
  discount: 85,
  exam_mode: 'inside',
  report_delivery: 'company',
  desk_note: null,
  sales_user_id: 2,
  sales_user_name: '王销售',
  approval_state: 'submitted',
  approval_note: null,
  change_state: 'none',
  change_note: null,
  closed: false,
  remark: null,
  created_by: 2,
  group_count: 1,
  enabled: true,
  version: 3,
  updated_at: null,
  updated_by_name: null,
};

const options = { companies: [], contracts: [], packages: [], branches: [], sales_users: [] };
const emptyPage = { list: [], total: 0, total_capped: false, page: 1, size: 20 };

const quote: CmpQuote = {
  order_id: 7,
  order_no: 'TD202611290001',
  order_name: '星辰2027年度职工体检',
  company_name: '星辰软件科技有限公司',
  plan_from: '2027-03-01',
  plan_to: '2027-05-31',
  plan_male: 10,
  plan_female: 5,
  groups: [
    {
      group_id: 1,
      group_name: '男职工组',
      gender_limit: '1',
      package_name: '入职体检套餐',
      pay_mode: 'company',
      list_total: '180.75',
      price: '150.00',
      discount: 82.99,
      items: [{ union_name: '团检甲项', list_price: '100.00', group_price: '83.00' }],
    },
  ],
  list_total: '180.75',
  price_total: '150.00',
  male_price: '150.00',
  female_price: null,
  planned_amount: '1500.00',
};

/** What 团检单位详情 and 单位报价 add to the generic screens (issue 22). */
describe('团检订单 screens', () => {
  it('offers a submitted order 撤回 and 审核, and sends the approval with its note and the version read', async () => {
    const server = fakeApi([
      [groupOrderResource.routes.detail, () => order],
      [groupOrderOptionsRoute, () => options],
      [groupPriceResource.routes.list, () => emptyPage],
      [groupOrderApproveRoute, (input) => ({ ...order, approval_state: 'approved', approval_note: input.note })],
    ]);
    renderScreen(<GroupUnitMgDetail />, { route: '/manager/crm/group_unit_mg_detail?id=7' });
    expect(await screen.findByText('团检订单：TD202611290001 星辰2027年度职工体检')).toBeTruthy();
    expect(screen.getByRole('button', { name: /撤\s*回/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /变\s*更/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /审\s*核/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('不通过'));
    fireEvent.change(within(dialog).getByLabelText('审批意见'), { target: { value: '预算不足' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(server.calls(groupOrderApproveRoute)).toHaveLength(1));
    expect(server.calls(groupOrderApproveRoute)[0]).toMatchObject({ id: 7, version: 3, pass: '0', note: '预算不足' });
  });

  it('shows the quote of the chosen order with its groups, unions and the plan’s amount', async () => {
    fakeApi([
      [groupOrderResource.routes.list, () => ({ ...emptyPage, list: [order], total: 1 })],
      [cmpQuoteRoute, () => quote],
    ]);
    renderScreen(<CmpQuoteScreen />, { route: '/manager/crm/cmp_quote?id=7' });
    expect(await screen.findByText('1500.00')).toBeTruthy();
    expect(screen.getByText('男职工组')).toBeTruthy();
    expect(screen.getByText('团检甲项')).toBeTruthy();
    expect(screen.getByText('83.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出Excel/ })).toBeTruthy();
  });
});
