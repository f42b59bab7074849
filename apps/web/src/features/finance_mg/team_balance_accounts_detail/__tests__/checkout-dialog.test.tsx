import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  checkoutSheetRoute,
  settleDetailRoute,
  statementCheckoutRoute,
  userInfoRoute,
  type CompanyAccountRow,
  type Statement,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { CheckoutDialog } from '../components/checkout-dialog';
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

const account: CompanyAccountRow = {
  id: 2,
  company_id: 3,
  company_name: '钢铁厂',
  state: '正常',
  balance: '300.00',
  topped_up: true,
  state_note: null,
  version: 3,
  created_at: '2026-11-01T01:00:00.000Z',
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确认结账' }));

describe('团体结算详情 · 结账', () => {
  it('shows 结帐原金额 and the prepaid balance, refuses lines not adding up to 实际结帐金额 or of 0, and sends 划账 with the rest', async () => {
    const server = fakeApi([
      [statementCheckoutRoute, () => ({ ...statement, state: '已结账', checkout_amount: '570.00' })],
    ]);
    const onClose = vi.fn();
    renderScreen(<CheckoutDialog statement={statement} account={account} onClose={onClose} />);
    expect(screen.getByText('¥300.00（正常）')).toBeTruthy();
    expect((screen.getByLabelText('实际结帐金额') as HTMLInputElement).value).toBe('570.00');

    type('付款金额1', '270');
    confirm();
    expect(await screen.findByText('输入金额需要和实际结帐金额一致')).toBeTruthy();
    expect(server.calls(statementCheckoutRoute)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /添加付款/ }));
    fireEvent.mouseDown(screen.getByLabelText('付款方式2'));
    fireEvent.click(await screen.findByTitle('预缴划账'));
    type('付款金额2', '0');
    confirm();
    expect(await screen.findByText('金额不能为0')).toBeTruthy();
    expect(server.calls(statementCheckoutRoute)).toEqual([]);

    type('付款金额2', '300');
    expect(await screen.findByText('付款合计 ¥570.00')).toBeTruthy();
    confirm();
    await waitFor(() => expect(server.calls(statementCheckoutRoute)).toHaveLength(1));
    const [sent] = server.calls(statementCheckoutRoute);
    expect(sent).toMatchObject({ id: 9, version: 4, amount: '570.00' });
    expect(JSON.parse(String(sent!.payments))).toEqual([
      { method: 'transfer', amount: '270' },
      { method: 'advance', amount: '300' },
    ]);
    expect(await screen.findByText('结算单JS202611290001已结账')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(within(document.body).queryByText('未开立预缴账户')).toBeNull();
  });

  it('offers 结账 on an audited statement only to an account with the checkout permission', async () => {
    const detail = {
      order: {
        id: 5,
        order_no: 'TD202611010001',
        order_name: '钢铁厂年度体检',
        company_id: 3,
        company_name: '钢铁厂',
        sales_name: null,
        receivable: '600.00',
        settled: '0.00',
        pending: '600.00',
      },
      statements: [statement],
      account,
    };
    const server = fakeApi([
      [userInfoRoute, () => ({ role_menu: ['finance_mg/team_balance_accounts:checkout'] })],
      [settleDetailRoute, () => detail],
      [checkoutSheetRoute, () => ({ people: [], summary: {} })],
    ]);
    const route = '/manager/finance_mg/team_balance_accounts_detail?id=5';
    const first = renderScreen(<TeamBalanceAccountsDetail />, { route });
    const row = (await screen.findByText('JS202611290001')).closest('tr')!;
    fireEvent.click(await within(row).findByText('结账'));
    expect(await screen.findByText('结帐原金额')).toBeTruthy();
    expect(within(row).queryByText('反审核')).toBeNull();
    first.unmount();

    server.answer(userInfoRoute, () => ({
      role_menu: ['finance_mg/team_balance_accounts', 'finance_mg/team_balance_accounts:settle'],
    }));
    renderScreen(<TeamBalanceAccountsDetail />, { route });
    const again = (await screen.findByText('JS202611290001')).closest('tr')!;
    expect(await within(again).findByText('反审核')).toBeTruthy();
    expect(within(again).queryByText('结账')).toBeNull();
  });
});
