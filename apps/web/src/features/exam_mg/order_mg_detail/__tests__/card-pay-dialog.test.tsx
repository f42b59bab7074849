import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardPayRoute, cardVisitDueRoute } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { CardPayDialog } from '../components/card-pay-dialog';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('登记详情 卡支付', () => {
  it('卡支付 at the desk pays what the visit owes by default and shows the balance refusal in words', async () => {
    const server = fakeApi([
      [cardVisitDueRoute, () => ({ unpaid: '300.00', card_lines: [] })],
      [
        cardPayRoute,
        () => {
          throw new ApiError(400, '余额不足，当前余额¥120.00', cardPayRoute.path);
        },
      ],
    ]);
    renderScreen(<CardPayDialog orderId="20261128000007" onClose={() => {}} />);
    expect(await screen.findByText('体检号 20261128000007，待收自费 ¥300.00')).toBeTruthy();
    type('卡号', 'TJ00000002');
    fireEvent.click(screen.getByRole('button', { name: /支\s*付/ }));
    await waitFor(() =>
      expect(server.calls(cardPayRoute)).toEqual([
        { order_id: '20261128000007', card_no: 'TJ00000002', password: undefined, amount: '300.00' },
      ]),
    );
    expect(await screen.findByText('余额不足，当前余额¥120.00')).toBeTruthy();
  });
});
