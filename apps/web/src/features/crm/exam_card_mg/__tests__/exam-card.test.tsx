import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardSellRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
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
});
