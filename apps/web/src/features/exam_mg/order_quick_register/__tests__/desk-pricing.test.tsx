import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  idNumberCheckChar,
  orderSaveRoute,
  packageListRoute,
  registrationSettingsRoute,
  unionListByKeyRoute,
  userInfoRoute,
  type PackageOption,
  type UnionOption,
} from '@checkup/api-contract';
import type * as Devices from '@checkup/devices';
import type { IdCardResult } from '@checkup/devices';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import OrderQuickRegister from '../index';

const first17 = '11010519900101123';
const CARD: IdCardResult = {
  cust_name: '李价格',
  gender: '1',
  cust_birthday: '1990-01-01',
  age: 36,
  cust_id_card: first17 + idNumberCheckChar(first17),
  base_img: '',
  folk: '汉',
  address: '',
};

vi.mock('@checkup/devices', async (original) => ({
  ...(await original<typeof Devices>()),
  IdCardReadButton: ({ onRead }: { onRead: (card: IdCardResult) => void }) => (
    <button type="button" onClick={() => onRead(CARD)}>
      读身份证
    </button>
  ),
}));

const union = (id: number, name: string, price: string, extra: Partial<UnionOption> = {}): UnionOption => ({
  id,
  union_name: name,
  union_code: `U${id}`,
  price,
  dept_id: 1,
  dept_name: '检验科',
  gender_limit: '0',
  specimen: null,
  mutex_union_ids: [],
  no_discount: false,
  ...extra,
});
const PACKAGE: PackageOption = {
  id: 7,
  package_code: 'JXTJ',
  package_name: '精选体检套餐',
  price: '150.00',
  gender_limit: '0',
  age_min: 18,
  age_max: 60,
  unions: [
    union(1, '血常规', '20.00'),
    union(2, '腹部彩超', '120.00'),
    union(3, '心电图', '25.00', { no_discount: true }),
  ],
  option_groups: [
    { id: 11, group_name: '胸部影像', unions: [union(4, '胸部DR', '80.00'), union(5, '胸部CT', '260.00')] },
  ],
};

let server: FakeApi;

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

/** Issue 19 at the desk: the optional group, the totals and the discount dialog; the server prices again. */
describe('快速登记：价格与折扣', () => {
  beforeEach(() => {
    server = fakeApi([
      [packageListRoute, () => [PACKAGE]],
      [unionListByKeyRoute, () => []],
      [registrationSettingsRoute, () => ({ rounding: 'fen', pay_timing: 'after' })],
      [
        userInfoRoute,
        () => ({
          id: 2,
          user_account: 'reg',
          user_name: '刘晓燕',
          special_flag: '0',
          role_menu: ['*'],
          all_depts: false,
          leader: false,
          discount_floor: 90,
        }),
      ],
      [
        orderSaveRoute,
        () => ({
          outcome: 'saved',
          order_id: '20261122000001',
          customer_id: 9,
          total_price: '135.00',
          status: 'registered',
        }),
      ],
    ]);
  });

  it(
    'asks the optional group, shows the totals, and sends the 九折 asked in the dialog',
    { timeout: 90_000 },
    async () => {
      renderScreen(<OrderQuickRegister />);
      fireEvent.click(screen.getByRole('button', { name: '读身份证' }));
      await waitFor(() => expect(server.calls(packageListRoute).length).toBeGreaterThan(0));
      await choose('套餐', '精选体检套餐 ¥150.00');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /完成登记/ }));
      });
      expect(await screen.findByText('「可选组：胸部影像」须选择一项')).toBeTruthy();

      await choose('可选组：胸部影像', '胸部DR ¥80.00');
      const totals = within(screen.getByTestId('price-totals'));
      expect(totals.getByText('¥245.00')).toBeTruthy(); // 原价合计 20 + 120 + 25 + 80
      expect(screen.getByTestId('order-total').textContent).toBe('¥150.00');
      expect(within(screen.getByText('胸部DR').closest('tr') as HTMLElement).getByText('待收费')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: '整单折扣' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('整单折扣'), { target: { value: '90' } });
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: /应\s*用/ }));
      });
      // Shares of 150.00 by 20/120/25/80: 12.24, 73.49 (the residue), 15.30, 48.97; 心电图 is 禁止打折 and
      // keeps 15.30, the others take 九折: 11.02 + 66.14 + 15.30 + 44.07.
      await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('¥136.53'));

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /完成登记/ }));
      });
      await waitFor(() => expect(server.calls(orderSaveRoute)).toHaveLength(1));
      const [input] = server.calls(orderSaveRoute);
      expect(input).toMatchObject({ package_id: 7, option_union_ids: '[4]', confirm_gender: '0' });
      expect(JSON.parse(input!.discount as string)).toEqual({
        rate: 90,
        skip_company: true,
        skip_no_discount: true,
        lines: [],
      });
    },
  );

  // Alone it takes 7 s; once in the fresh-clone run of session 15 it stalled past 90 s while the
  // integration files held both cores (the test before it took 6 s in that run). One retry, not a
  // longer wait: a real failure still fails twice.
  it(
    'asks a leader before saving a discount below the clerk’s floor, and saves nothing when cancelled',
    { timeout: 90_000, retry: 1 },
    async () => {
      renderScreen(<OrderQuickRegister />);
      fireEvent.click(screen.getByRole('button', { name: '读身份证' }));
      await waitFor(() => expect(server.calls(packageListRoute).length).toBeGreaterThan(0));
      await choose('套餐', '精选体检套餐 ¥150.00');
      await choose('可选组：胸部影像', '胸部CT ¥260.00');
      fireEvent.click(screen.getByRole('button', { name: '整单折扣' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('整单折扣'), { target: { value: '80' } });
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: /应\s*用/ }));
      });
      await waitFor(() => expect(screen.getByRole('button', { name: '整单折扣 80%' })).toBeTruthy());

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /完成登记/ }));
      });
      expect(await screen.findByText('折扣低于您的权限下限（最低9折），需领导授权')).toBeTruthy();
      const leader = screen.getAllByRole('dialog').find((d) => within(d).queryByText('领导授权'))!;
      await act(async () => {
        fireEvent.click(within(leader).getByRole('button', { name: /取\s*消/ }));
      });
      expect(server.calls(orderSaveRoute)).toEqual([]);
    },
  );
});
