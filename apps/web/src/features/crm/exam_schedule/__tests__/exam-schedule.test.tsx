import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSearchParams } from 'react-router';
import { examBookingResource, userInfoRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import ExamSchedule from '../index';

const page = <T,>(list: T[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });
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
/** Where 转登记 goes: the quick registration, told the booking by ?booking=. */
function QuickRegisterMarker() {
  const [params] = useSearchParams();
  return <p>快速登记：预约{params.get('booking')}</p>;
}
const user = (menu: string[]) => ({ user_name: '前台', role_menu: menu });

/** What 体检预约 adds beyond the generic list: its buttons by state, and 转登记 to the desk. */
describe('体检预约', () => {
  it('an individual 已预约 booking opens 快速登记 with the booking; it has no 确认', async () => {
    fakeApi([
      [userInfoRoute, () => user(['crm/exam_schedule'])],
      [examBookingResource.routes.list, () => page([booking])],
    ]);
    renderScreen(<ExamSchedule />, {
      route: '/manager/crm/exam_schedule',
      pages: { '/manager/exam_mg/order_quick_register': <QuickRegisterMarker /> },
    });
    expect(await screen.findByText('王预约')).toBeTruthy();
    expect(screen.queryByText(/^确\s*认$/)).toBeNull();
    fireEvent.click(screen.getByText('转登记'));
    expect(await screen.findByText('快速登记：预约31')).toBeTruthy();
  }, 120_000);
});
