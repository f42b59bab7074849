import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  invoiceApplicationAuditRoute,
  invoiceApplicationIssueRoute,
  invoiceApplicationMoveRoute,
  userInfoRoute,
  type InvoiceApplicationRow,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { MoveButtons } from '../move-buttons';

const FINANCE = [
  'finance_mg/apply_for_invoice',
  'finance_mg/apply_for_invoice:audit',
  'finance_mg/apply_for_invoice:issue',
];
const row = (state: number) =>
  ({
    id: 7,
    version: 3,
    state,
    company_name: '发票单位',
    order_no: 'TD202611290001',
    amount: '1000.00',
    invoice_no: state >= 2 && state <= 5 ? 'FP0001' : null,
  }) as InvoiceApplicationRow;

const user = (menu: string[]) =>
  [userInfoRoute, () => ({ id: 1, user_account: 'f', user_name: '财务', special_flag: '0', role_menu: menu })] as const;

async function buttonsOf(state: number) {
  const view = renderScreen(<MoveButtons row={row(state)} />);
  await waitFor(() => expect(view.container.querySelectorAll('button').length).toBeGreaterThan(0));
  const labels = [...view.container.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));
  view.unmount();
  return labels;
}

describe('开票申请 state buttons', () => {
  it('offers each move only from the states breadth §3.2 allows', async () => {
    fakeApi([user(FINANCE)]);
    expect(await buttonsOf(0)).toEqual(['审核', '审核不通过']);
    expect(await buttonsOf(1)).toEqual(['反审核', '出票']);
    expect(await buttonsOf(6)).toEqual(['反审核']);
    expect(await buttonsOf(2)).toEqual(['换票申请']);
    expect(await buttonsOf(3)).toEqual(['换票申请', '换票撤回', '换票审核']);
    expect(await buttonsOf(4)).toEqual(['换票反审核', '换票']);
  });

  it('shows an applicant without :audit and :issue only the 换票 request moves', async () => {
    fakeApi([user(['finance_mg/apply_for_invoice'])]);
    expect(await buttonsOf(3)).toEqual(['换票申请', '换票撤回']);
    // An unaudited one offers such an account nothing: beside a 换票申请 row, only that row's two show.
    const view = renderScreen(
      <>
        <MoveButtons row={row(3)} />
        <MoveButtons row={row(0)} />
      </>,
    );
    await waitFor(() => expect(view.container.querySelectorAll('button')).toHaveLength(2));
  });

  it('出票 asks for the number and sends it with the version; 换票申请 needs the reason', async () => {
    const server = fakeApi([
      user(FINANCE),
      [invoiceApplicationIssueRoute, () => ({})],
      [invoiceApplicationMoveRoute, () => ({})],
      [invoiceApplicationAuditRoute, () => ({})],
    ]);
    renderScreen(<MoveButtons row={row(1)} />);
    fireEvent.click(await screen.findByRole('button', { name: '出票' }));
    fireEvent.click(screen.getByRole('button', { name: /确认出票/ }));
    expect(await screen.findByText('请填写发票号')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('发票号'), { target: { value: 'FP0002' } });
    fireEvent.click(screen.getByRole('button', { name: /确认出票/ }));
    await waitFor(() => expect(server.calls(invoiceApplicationIssueRoute)).toHaveLength(1));
    expect(server.calls(invoiceApplicationIssueRoute)[0]).toMatchObject({
      id: 7,
      version: 3,
      action: 'issue',
      invoice_no: 'FP0002',
    });
  });

  it('换票申请 is not sent without its reason', async () => {
    const server = fakeApi([user(FINANCE), [invoiceApplicationMoveRoute, () => ({})]]);
    renderScreen(<MoveButtons row={row(2)} />);
    fireEvent.click(await screen.findByRole('button', { name: '换票申请' }));
    fireEvent.click(screen.getByRole('button', { name: /确认换票申请/ }));
    expect(await screen.findByText('请填写换票原因')).toBeTruthy();
    expect(server.calls(invoiceApplicationMoveRoute)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('换票原因'), { target: { value: '抬头有误' } });
    fireEvent.click(screen.getByRole('button', { name: /确认换票申请/ }));
    await waitFor(() => expect(server.calls(invoiceApplicationMoveRoute)).toHaveLength(1));
    expect(server.calls(invoiceApplicationMoveRoute)[0]).toMatchObject({ action: 'exchange_apply', note: '抬头有误' });
  });
});
