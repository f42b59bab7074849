import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cashierDayEndCloseRoute,
  cashierDayEndDetailRoute,
  cashierDayEndLinesRoute,
  cashierDayEndListRoute,
  cashierDayEndPreviewRoute,
  userInfoRoute,
  type CashierDayEndRow,
  type DayEndTotals,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DayEndMg from '../index';

const totals: DayEndTotals = {
  line_count: 3,
  total: '650.00',
  received_total: '450.00',
  non_cash_total: '200.00',
  by_method: [
    { method: 'cash', name: '现金', amount: '250.00', received: true },
    { method: 'wechat', name: '微信', amount: '200.00', received: true },
    { method: 'exam_card', name: '体检卡', amount: '200.00', received: false },
  ],
  by_income: [{ income: 'visit', label: '个检收入', amount: '450.00' }],
  invoice_total: '300.00',
};
const closed: CashierDayEndRow = {
  ...totals,
  id: 9,
  day_end_no: 'RJ202611290001',
  cashier_id: 5,
  cashier_name: '收费员甲',
  branch_id: null,
  finance_day_end_no: null,
  closed_at: '2026-11-29T09:00:00.000Z',
};

let server: FakeApi;

describe('日结管理：收费员日结', () => {
  beforeEach(() => {
    server = fakeApi([
      [
        userInfoRoute,
        () => ({ id: 5, user_account: 'cashier', user_name: '收费员甲', role_menu: ['finance_mg/day_end_mg'] }),
      ],
      [cashierDayEndPreviewRoute, () => totals],
      [cashierDayEndListRoute, () => ({ list: [], total: 0, page: 1, size: 10 })],
      [cashierDayEndCloseRoute, () => closed],
      [cashierDayEndDetailRoute, () => ({ day_end: closed, invoices: [] })],
      [cashierDayEndLinesRoute, () => ({ list: [], total: 3, page: 1, size: 20 })],
    ]);
  });

  it('shows 实收 and 非现金 apart, closes after a confirm, and opens the new day-end', async () => {
    renderScreen(<DayEndMg />);
    const received = (await screen.findByText('实收（按付款方式）')).closest('.ant-table-wrapper') as HTMLElement;
    expect(within(received).getByText('现金')).toBeTruthy();
    expect(within(received).queryByText('体检卡')).toBeNull();
    const nonCash = screen.getByText('非现金（不计入实收）').closest('.ant-table-wrapper') as HTMLElement;
    expect(within(nonCash).getByText('体检卡')).toBeTruthy();
    expect(screen.getByText('个检收入')).toBeTruthy();
    // A cashier has no 财务日结 or 月结 tab.
    expect(screen.queryByRole('tab', { name: '财务日结' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^日\s?结$/ }));
    expect(await screen.findByText(/确定对本人3笔未日结的收费记录和发票做日结吗/)).toBeTruthy();
    expect(server.calls(cashierDayEndCloseRoute)).toEqual([]);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^日\s?结$/ }));
    await waitFor(() => expect(server.calls(cashierDayEndCloseRoute)).toHaveLength(1));
    expect(await screen.findByText('日结完成，日结号RJ202611290001')).toBeTruthy();
    expect(await screen.findByText('日结明细 RJ202611290001')).toBeTruthy();
  });
});
