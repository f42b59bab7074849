import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakfastCountsRoute, breakfastListRoute, breakfastTakeRoute, type BreakfastRow } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import BreakfastMg from '../index';

const TAKEN: BreakfastRow = {
  id: 7,
  order_id: '20261128000007',
  cust_name: '王*',
  taken_at: '2026-11-28T00:15:00.000Z',
  taken_by_name: '前台',
};
const TWICE = '该体检者已于 08:15 领取过早餐，不能重复领取';

describe('早餐管理', () => {
  it('marks breakfast taken on scan and Enter, and shows a refusal in words', async () => {
    let taken = false;
    const server = fakeApi([
      [breakfastListRoute, ({ day }) => ({ day: day ?? '2026-11-28', list: taken ? [TAKEN] : [] })],
      [breakfastCountsRoute, () => []],
      [
        breakfastTakeRoute,
        () => {
          if (taken) throw new ApiError(409, TWICE, breakfastTakeRoute.path);
          taken = true;
          return TAKEN;
        },
      ],
    ]);
    renderScreen(<BreakfastMg />, { route: '/manager/crm/breakfast_mg' });
    const box = screen.getByLabelText('体检号');
    fireEvent.change(box, { target: { value: ' 20261128000007 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.call).toHaveBeenCalledWith(breakfastTakeRoute, { order_id: '20261128000007' }));
    expect(await screen.findByText(/20261128000007 王\* 已领取早餐/)).toBeTruthy();
    expect(await screen.findByText('已领取早餐（1人）')).toBeTruthy();

    // A second scan of the same visit is refused with when it was taken.
    fireEvent.change(box, { target: { value: '20261128000007' } });
    fireEvent.click(screen.getByRole('button', { name: /领取早餐/ }));
    await waitFor(() => expect(server.calls(breakfastTakeRoute)).toHaveLength(2));
    expect(await screen.findByText(TWICE)).toBeTruthy();
  });
});
