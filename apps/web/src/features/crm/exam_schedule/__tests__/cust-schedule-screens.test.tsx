import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  customerArchiveResource,
  customerMergeRoute,
  examBookingResource,
  MERGE_PICK_TWO,
  userInfoRoute,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CustArch from '../../cust_arch';
import ExamSchedule from '../index';

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
const booking = {
  id: 31,
  kind: 'person',
  state: 'booked',
  approval_state: null,
  slot_type: 'normal',
  slot_id: 4,
  book_date: '2026-12-01',
  date_to: null,
  start_time: '09:00',
  end_time: '10:00',
  cust_name: '王预约',
  sex: '1',
  id_card: '110105********002X',
  phone: '139****1111',
  company_name: '测试单位',
  package_name: null,
  group_order_no: null,
  head_count: 1,
  remark: null,
  order_id: null,
  created_by_name: '前台',
  created_at: null,
};
const user = (menu: string[]) => ({ user_name: '前台', role_menu: menu });

/** What 客户档案 and 体检预约 add beyond the generic list: choosing two archives to merge, and 转登记. */
describe('客户档案 and 体检预约', () => {
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
  });

  it('a role without 合并档案 sees no 合并; an individual 已预约 booking opens 快速登记 with the booking', async () => {
    fakeApi([
      [userInfoRoute, () => user(['crm/cust_arch', 'crm/exam_schedule'])],
      [customerArchiveResource.routes.list, () => page([archive(5, '孙合并', null, 1)])],
      [examBookingResource.routes.list, () => page([booking])],
    ]);
    const archives = renderScreen(<CustArch />, { route: '/manager/crm/cust_arch' });
    expect(await screen.findByText('孙合并')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /合\s*并/ })).toBeNull();
    archives.unmount();

    renderScreen(<ExamSchedule />, {
      route: '/manager/crm/exam_schedule',
      pages: { '/manager/exam_mg/order_quick_register': <p>快速登记页</p> },
    });
    expect(await screen.findByText('王预约')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确\s*认/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '转登记' }));
    expect(await screen.findByText('快速登记页')).toBeTruthy();
  });
});
