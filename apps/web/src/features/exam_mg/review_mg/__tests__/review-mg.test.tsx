import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  reviewCancelRoute,
  reviewMarkRoute,
  reviewPlanResource,
  reviewRegisterRoute,
  reviewVisitPlanRoute,
  unionListByKeyRoute,
  type ReviewPlanRow,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { ReviewPlanButton } from '../../shared/review-detail/components/review-plan-button';
import ReviewMg from '../index';

const PENDING: ReviewPlanRow = {
  id: 7,
  order_id: '20261120000011',
  cust_name: '韩复查',
  sex: '2',
  phone: '139****0000',
  exam_date: '2026-11-20',
  union_ids: [3, 4],
  union_names: '甲状腺彩超、甲功三项',
  interval_months: 3,
  due_date: '2099-02-20',
  due_end: null,
  notes: '空腹',
  status: 'pending',
  review_order_id: null,
  review_exam_date: null,
  review_order_status: null,
  company_name: null,
  created_by_name: '周文博',
  created_at: '2026-11-21T02:00:00.000Z',
  cancel_reason: null,
};
const REGISTERED: ReviewPlanRow = {
  ...PENDING,
  id: 8,
  order_id: '20261120000012',
  cust_name: '魏已登',
  status: 'registered',
  review_order_id: '20261128000001',
};
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('复查管理', () => {
  it('lists re-exams with the masked phone and registers one with its suggested items, 统收 closed to a personal visit', async () => {
    const server = fakeApi([
      [
        reviewPlanResource.routes.list,
        () => ({ list: [PENDING, REGISTERED], total: 2, page: 1, size: 20, total_capped: false }),
      ],
      [unionListByKeyRoute, () => [{ id: 9, union_name: '血常规' }]],
      [reviewRegisterRoute, () => ({ id: 7, order_id: '20990220000001', total_price: '90.00' })],
      [reviewCancelRoute, () => ({ id: 7, status: 'cancelled' })],
    ]);
    renderScreen(<ReviewMg />, { route: '/manager/exam_mg/review_mg' });
    const pending = await rowOf('韩复查');
    expect(within(pending).getByText('139****0000')).toBeTruthy();
    expect(within(pending).getByText('待复查')).toBeTruthy();
    expect(within(pending).getByText('3个月后复查')).toBeTruthy();
    const registered = await rowOf('魏已登');
    expect(within(registered).queryByRole('button', { name: '登记复查' })).toBeNull();
    expect(within(registered).getByText('20261128000001')).toBeTruthy();

    fireEvent.click(within(pending).getByRole('button', { name: '登记复查' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('甲状腺彩超')).toBeTruthy();
    expect(within(dialog).getByText('甲功三项')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '统收' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: '登记复查' }));
    await waitFor(() =>
      expect(server.calls(reviewRegisterRoute)).toEqual([
        { id: 7, exam_date: '2099-02-20', union_ids: '[3,4]', pay_mode: 'self', discount_rate: undefined },
      ]),
    );
    expect(await screen.findByText(/已登记复查，体检号/)).toBeTruthy();

    fireEvent.click(within(await rowOf('韩复查')).getByRole('button', { name: '取消' }));
    const cancel = (await screen.findByLabelText('取消原因')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(cancel).getByRole('button', { name: '确定取消复查' }));
    expect(await within(cancel).findByText('请填写取消原因')).toBeTruthy();
    fireEvent.change(within(cancel).getByLabelText('取消原因'), { target: { value: '已在外院复查' } });
    fireEvent.click(within(cancel).getByRole('button', { name: '确定取消复查' }));
    await waitFor(() => expect(server.calls(reviewCancelRoute)).toEqual([{ id: 7, reason: '已在外院复查' }]));
  }, 60_000);

  it('总检 marks 需复查 with items from the visit (the abnormal ones preselected) and an interval', async () => {
    const server = fakeApi([
      [
        reviewVisitPlanRoute,
        () => ({
          plan: null,
          unions: [
            { union_id: 3, union_name: '甲状腺彩超', abnormal: false },
            { union_id: 4, union_name: '甲功三项', abnormal: true },
          ],
        }),
      ],
      [reviewMarkRoute, () => ({ ...PENDING, union_ids: [3], union_names: ['甲状腺彩超'], due_date: '2027-02-20' })],
    ]);
    renderScreen(<ReviewPlanButton orderId="20261120000011" readOnly={false} />);
    const open = await screen.findByRole('button', { name: '需复查' });
    await waitFor(() => expect(open).toHaveProperty('disabled', false));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('复查项目'));
    fireEvent.click(await screen.findByText('甲状腺彩超', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(server.calls(reviewMarkRoute)).toEqual([
        {
          order_id: '20261120000011',
          union_ids: '[4,3]',
          interval_months: 3,
          due_date: undefined,
          due_end: undefined,
          notes: undefined,
        },
      ]),
    );
    expect(await screen.findByText('已标记需复查，应复查日期 2027-02-20')).toBeTruthy();
  });
});
