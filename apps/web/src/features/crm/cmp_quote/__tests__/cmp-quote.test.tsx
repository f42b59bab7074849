import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cmpQuoteRoute, groupOrderResource, type CmpQuote } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CmpQuoteScreen from '../index';

const order = {
  id: 7,
  order_no: 'TD202611290001',
  order_name: '星辰2027年度职工体检',
  company_name: '星辰软件科技有限公司',
};
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

/** What 单位报价 adds: the quote of an order, its groups' unions and the plan's amount (issue 22). */
describe('单位报价', () => {
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
