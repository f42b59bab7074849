import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerArchiveResource, customerMergeRoute, MERGE_PICK_TWO, userInfoRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CustArch from '../index';

const page = <T,>(list: T[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });
const archive = (id: number, name: string, idCard: string | null, visits: number) => ({
  id,
  cust_name: name,
  sex: '1',
  birthday: '1980-05-06',
  id_card: idCard,
  phone: null,
  nation: null,
  address: null,
  visit_count: visits,
  last_visit: null,
  created_at: null,
});
const user = (menu: string[]) => ({ user_name: '前台', role_menu: menu });

/** What 客户档案 adds beyond the generic list: choosing exactly two archives and the one kept by 合并. */
describe('客户档案', () => {
  it('合并 needs exactly two chosen archives, then merges into the one the user keeps', async () => {
    const api = fakeApi([
      [userInfoRoute, () => user(['crm/cust_arch', 'crm/cust_arch:merge'])],
      [
        customerArchiveResource.routes.list,
        () => page([archive(5, '孙合并', '110105********002X', 1), archive(9, '孙合并', null, 2)]),
      ],
      [customerMergeRoute, () => ({ kept_id: 9, removed_id: 5, moved_visits: 1 })],
    ]);
    renderScreen(<CustArch />, { route: '/manager/crm/cust_arch' });
    fireEvent.click(await screen.findByLabelText('选择档案5'));
    fireEvent.click(screen.getByRole('button', { name: /合\s*并/ }));
    expect(await screen.findByText(MERGE_PICK_TWO)).toBeTruthy();
    expect(api.calls(customerMergeRoute)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('选择档案9'));
    fireEvent.click(screen.getByRole('button', { name: /合\s*并/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/档案号 9：孙合并/));
    fireEvent.click(within(dialog).getByRole('button', { name: /确定合并/ }));
    await waitFor(() => expect(api.calls(customerMergeRoute)).toEqual([{ ids: '5,9', keep_id: 9 }]));
    expect(await screen.findByText('已合并，1 次体检并入档案号 9')).toBeTruthy();
  }, 120_000);
});
