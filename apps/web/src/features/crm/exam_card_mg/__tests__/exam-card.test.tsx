import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardPayRoute, cardSellRoute, cardVisitDueRoute } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { CardPayDialog } from '../../../exam_mg/order_mg_detail/components/card-pay-dialog';
import { CardActionDialog } from '../../shared/exam-card/card-action-dialog';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('体检卡', () => {
  it('售卡 of a range: the money lines must add up to the price of every card before the call is made', async () => {
    const server = fakeApi([[cardSellRoute, () => ({ cards: 3, total: '2850.00' })]]);
    renderScreen(<CardActionDialog action="sell" cardNo="TJ00000001" onClose={() => {}} />);
    type('结束卡号', 'TJ00000003');
    type('每张售价', '950');
    type('购卡人', '李购卡');
    type('手机号', '13912345678');
    type('付款金额1', '950');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('收款合计与售价不一致（当前收款¥950.00，应收¥2850.00）')).toBeTruthy();
    expect(server.calls(cardSellRoute)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /添加收款/ }));
    type('付款金额2', '1900');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls(cardSellRoute)).toHaveLength(1));
    const [sent] = server.calls(cardSellRoute);
    expect(sent).toMatchObject({
      start_no: 'TJ00000001',
      end_no: 'TJ00000003',
      sale_price: '950',
      buyer_name: '李购卡',
    });
    expect(JSON.parse(sent!.payments as string)).toEqual([
      { method: 'cash', amount: '950' },
      { method: 'cash', amount: '1900' },
    ]);
  });

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
