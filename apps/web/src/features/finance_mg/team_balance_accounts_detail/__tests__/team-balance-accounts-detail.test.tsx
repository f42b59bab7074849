import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkoutSheetRoute,
  settleDetailRoute,
  statementCheckoutRoute,
  userInfoRoute,
  type Statement,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import TeamBalanceAccountsDetail from '../index';

const statement: Statement = {
  id: 9,
  settlement_no: 'JS202611290001',
  group_order_id: 5,
  state: '已审核',
  pre_settle: false,
  waive_mode: 'exclude_waived',
  person_count: 3,
  receivable: '600.00',
  settle_amount: '600.00',
  deduction: '50.00',
  fee_total: '20.00',
  net_amount: '570.00',
  checkout_amount: null,
  version: 4,
  created_by_name: '财务',
  created_at: '2026-11-29T01:00:00.000Z',
  checked_out_at: null,
};

const detail = {
  order: {
    id: 5,
    order_no: 'TD202611010001',
    order_name: '钢铁厂2026年度体检',
    company_id: 3,
    company_name: '钢铁厂',
    sales_name: null,
    receivable: '600.00',
    settled: '0.00',
    pending: '600.00',
  },
  statements: [statement],
  account: {
    id: 2,
    company_id: 3,
    company_name: '钢铁厂',
    state: '正常',
    balance: '300.00',
    topped_up: true,
    version: 3,
  },
};

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

let server: FakeApi;

describe('团体结算详情 · 结账', () => {
  beforeEach(() => {
    server = fakeApi([
      [userInfoRoute, () => ({ role_menu: ['finance_mg/team_balance_accounts:checkout'] })],
      [settleDetailRoute, () => detail],
      [checkoutSheetRoute, () => ({ people: [], summary: {} })],
      [statementCheckoutRoute, () => ({ ...statement, state: '已结账', checkout_amount: '570.00' })],
    ]);
  });

  it('shows 结帐原金额 and the prepaid balance, refuses lines not adding up to 实际结帐金额, and sends 划账 with the rest', async () => {
    renderScreen(<TeamBalanceAccountsDetail />, { route: '/manager/finance_mg/team_balance_accounts_detail?id=5' });
    const row = (await screen.findByText('JS202611290001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /^结\s*账$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¥300.00（正常）')).toBeTruthy();
    expect((within(dialog).getByLabelText('实际结帐金额') as HTMLInputElement).value).toBe('570.00');

    type(dialog, '付款金额1', '270');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认结账' }));
    expect(await screen.findByText('输入金额需要和实际结帐金额一致')).toBeTruthy();
    expect(server.calls(statementCheckoutRoute)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: /添加付款/ }));
    fireEvent.mouseDown(within(dialog).getByLabelText('付款方式2'));
    fireEvent.click(await screen.findByTitle('预缴划账'));
    type(dialog, '付款金额2', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认结账' }));
    expect(await screen.findByText('金额不能为0')).toBeTruthy();
    expect(server.calls(statementCheckoutRoute)).toEqual([]);

    type(dialog, '付款金额2', '300');
    expect(within(dialog).getByText('付款合计 ¥570.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认结账' }));
    await waitFor(() => expect(server.calls(statementCheckoutRoute)).toHaveLength(1));
    const [sent] = server.calls(statementCheckoutRoute);
    expect(sent).toMatchObject({ id: 9, version: 4, amount: '570.00' });
    expect(JSON.parse(String(sent!.payments))).toEqual([
      { method: 'transfer', amount: '270' },
      { method: 'advance', amount: '300' },
    ]);
    expect(await screen.findByText('结算单JS202611290001已结账')).toBeTruthy();
  });

  it('offers no 结账 to an account without the checkout permission', async () => {
    server.answer(userInfoRoute, () => ({
      role_menu: ['finance_mg/team_balance_accounts', 'finance_mg/team_balance_accounts:settle'],
    }));
    renderScreen(<TeamBalanceAccountsDetail />, { route: '/manager/finance_mg/team_balance_accounts_detail?id=5' });
    const row = (await screen.findByText('JS202611290001')).closest('tr')!;
    // The account's permissions are in: it may 反审核, not 结账.
    expect(await within(row).findByRole('button', { name: '反审核' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /结\s*账/ })).toBeNull();
  });
});
