import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aboutRoute, branchResource, licenceSaveRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import SystemRegister from '../index';

const about = {
  product_name: '体检管理系统',
  version: '0.1.0',
  licence_holder: '示范医院体检中心',
  licence_type: 'formal',
  licence_code: '********1234',
  valid_from: '2025-01-01',
  valid_to: '2025-12-31',
  expired: true,
  days_left: -20,
};
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });

/** 系统注册: what it adds to the branch list — the licence, its 已到期 warning, and 修改授权. */
describe('系统注册', () => {
  it('warns of an expired licence and saves a new one, the code typed again', async () => {
    const api = fakeApi([
      [aboutRoute, () => about],
      [branchResource.routes.list, () => page([])],
      [licenceSaveRoute, () => ({ ...about, valid_to: '2027-12-31', expired: false, days_left: 380 })],
    ]);
    renderScreen(<SystemRegister />);
    expect((await screen.findByRole('alert')).textContent).toBe('授权已于2025-12-31到期，请联系系统管理员续期');
    expect(screen.getByText('示范医院体检中心')).toBeTruthy();
    expect(screen.getByText('已到期')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '修改授权' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('授权码'), { target: { value: 'PEIS-2027-ABCD' } });
    fireEvent.change(within(dialog).getByLabelText('到期日期'), { target: { value: '2027-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.calls(licenceSaveRoute)).toEqual([
        { licence_type: 'formal', licence_code: 'PEIS-2027-ABCD', valid_from: '2025-01-01', valid_to: '2027-12-31' },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('已到期')).toBeNull());
  });
});
