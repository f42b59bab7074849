import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  costCollectRoute,
  costDetailRoute,
  costRefundRoute,
  publicKeyRoute,
  userInfoRoute,
  type CostLine,
  type PaymentLine,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CostMgDetail from '../index';

vi.mock('../../../../lib/password', () => ({ encryptPassword: async (p: string) => `enc:${p}` }));

const ORDER = '20261125000001';
const line = (over: Partial<CostLine>): CostLine => ({
  union_id: 1,
  union_name: '血常规',
  dept_name: '检验科',
  list_price: '120.00',
  price: '100.00',
  pay_mode: 'self',
  fee_charged: false,
  returned: false,
  return_reason: null,
  exec_state: '0',
  examined: false,
  ...over,
});
const payment = (over: Partial<PaymentLine>): PaymentLine => ({
  id: 9,
  kind: 'charge',
  pay_method: 'cash',
  amount: '300.00',
  card_no: null,
  refund_of: null,
  operator_name: '收费员甲',
  paid_at: new Date().toISOString(),
  day_ended: false,
  note: null,
  refundable: '300.00',
  ...over,
});
const detail = (lines: CostLine[], payments: PaymentLine[], due: string) => ({
  order_id: ORDER,
  cust_name: '王五',
  sex: '1',
  age: 40,
  id_card: '110101********0012',
  phone: '138****5678',
  company_name: null,
  exam_date: '2026-11-25',
  status: 'registered',
  total: '300.00',
  due,
  paid: '0.00',
  refunded: '0.00',
  lines,
  payments,
  mistake_methods: ['cash', 'wechat'],
});
const MENU = [
  'finance_mg/cost_mg_detail',
  'finance_mg/cost_mg_detail:charge',
  'finance_mg/cost_mg_detail:refund',
  'finance_mg/cost_mg_detail:reverse',
];

let server: FakeApi;
const open = () => renderScreen(<CostMgDetail />, { route: `/manager/finance_mg/cost_mg_detail?order_id=${ORDER}` });

describe('费用详情', () => {
  beforeEach(() => {
    server = fakeApi([
      [
        userInfoRoute,
        () => ({ id: 3, user_account: 'cashier', user_name: '收费员', special_flag: '0', role_menu: MENU }),
      ],
      [publicKeyRoute, () => ({ public_key: '-----BEGIN PUBLIC KEY-----x' })],
      [costCollectRoute, () => ({ paid: '300.00', due: '0.00', payment_ids: [1, 2] })],
      [costRefundRoute, () => ({ refunded: '200.00', payment_ids: [10] })],
    ]);
  });

  it('收款: the sum must be what is due, and several methods are sent together', async () => {
    server.answer(costDetailRoute, () =>
      detail(
        [line({}), line({ union_id: 2, union_name: '肝功能', price: '200.00', list_price: '240.00' })],
        [],
        '300.00',
      ),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^收\s*款$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('应收：¥300.00')).toBeTruthy();
    const amount = within(dialog).getAllByLabelText('金额')[0]!;
    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认收款' }));
    expect(await within(dialog).findByText('收款合计¥250.00与应收¥300.00不一致')).toBeTruthy();
    expect(server.calls(costCollectRoute)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: '增加付款方式' }));
    await waitFor(() => expect(within(dialog).getAllByLabelText('金额')).toHaveLength(2));
    fireEvent.change(within(dialog).getAllByLabelText('金额')[1]!, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认收款' }));
    await waitFor(() => expect(server.calls(costCollectRoute)).toHaveLength(1));
    const sent = server.calls(costCollectRoute)[0]!;
    expect(sent.order_id).toBe(ORDER);
    expect(sent.union_ids).toBeUndefined();
    expect(JSON.parse(sent.payments as string)).toEqual([
      { method: 'cash', amount: '250.00' },
      { method: 'wechat', amount: '50.00' },
    ]);
    expect(await screen.findByText('收款成功，共¥300.00')).toBeTruthy();
  });

  it('退项: an examined line asks a leader in the same dialog, and the refund goes back through the charge line', async () => {
    server.answer(costDetailRoute, () =>
      detail(
        [
          line({ fee_charged: true }),
          line({ union_id: 2, union_name: '彩超', price: '200.00', fee_charged: true, examined: true }),
        ],
        [payment({})],
        '0.00',
      ),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: '退项/退费' }));
    const dialog = await screen.findByRole('dialog');
    const row = within(dialog).getByText('彩超').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    expect(await within(dialog).findByText('应退：¥200.00')).toBeTruthy();
    expect(within(dialog).getByText('所选项目已检查，退项需领导现场授权')).toBeTruthy();
    expect((within(dialog).getByLabelText('退款金额-9') as HTMLInputElement).value).toBe('200.00');
    fireEvent.change(within(dialog).getByLabelText('退项原因'), { target: { value: '客户放弃' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退项' }));
    expect(await within(dialog).findByText('请输入领导账号')).toBeTruthy();
    expect(server.calls(costRefundRoute)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('领导账号'), { target: { value: 'finance' } });
    fireEvent.change(within(dialog).getByLabelText('领导密码'), { target: { value: 'Checkup@2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退项' }));
    await waitFor(() => expect(server.calls(costRefundRoute)).toHaveLength(1));
    const sent = server.calls(costRefundRoute)[0]!;
    expect(sent).toMatchObject({
      order_id: ORDER,
      union_ids: '[2]',
      reason: '客户放弃',
      leader_account: 'finance',
      leader_password: 'enc:Checkup@2026',
    });
    expect(JSON.parse(sent.refunds as string)).toEqual([{ payment_id: 9, amount: '200.00' }]);
    expect(await screen.findByText('退项成功，退款¥200.00')).toBeTruthy();
  });
});
