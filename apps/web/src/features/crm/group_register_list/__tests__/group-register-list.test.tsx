import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PRINT_SETTINGS,
  groupOrderChoicesRoute,
  groupPrintMarkRoute,
  groupRegisterResource,
  groupRegisterRoute,
  type GroupPersonRow,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import GroupRegisterList from '../index';

const printed = vi.hoisted(() => ({ guideSheet: vi.fn(), labels: vi.fn() }));
const PRINTED = { ok: true, data: { kind: 'printed', batch: { level: 'success', message: '共1份，全部打印成功' } } };

// The desk's print path has its own tests: here, what the list asks it to print and the progress.
vi.mock('../../../../lib/desk-print/print-guide-sheet', () => ({
  printGuideSheet: (orderId: string) => (printed.guideSheet(orderId), Promise.resolve(PRINTED)),
}));
vi.mock('../../../../lib/desk-print/print-desk-documents', () => ({
  printBarcodeLabels: (orderId: string, copies: number) => (printed.labels(orderId, copies), Promise.resolve(PRINTED)),
}));
vi.mock('../../../../lib/workstation/use-print-settings', () => ({
  usePrintSettings: () => () => Promise.resolve(DEFAULT_PRINT_SETTINGS),
}));

const person = (id: number, extra: Partial<GroupPersonRow> = {}): GroupPersonRow => ({
  id,
  group_order_id: 1,
  order_no: 'TD202611280001',
  order_name: '年度体检',
  order_closed: false,
  company_id: 1,
  company_name: '某某公司',
  group_id: 3,
  group_name: 'A组',
  group_paused: false,
  dept_name: '生产部',
  employee_no: null,
  cust_name: `员工${id}`,
  sex: '1',
  birthday: '1990-01-01',
  id_card: null,
  phone: '138****0001',
  order_id: `2026112800000${id}`,
  status: 'prepared',
  exam_date: '2026-11-28',
  package_name: '入职体检套餐',
  total_price: '150.00',
  price_limit: null,
  banned: false,
  ban_reason: null,
  print_count: 0,
  ...extra,
});

function serve(rows: GroupPersonRow[]) {
  return fakeApi([
    [
      groupRegisterResource.routes.list,
      () => ({ list: rows, total: rows.length, total_capped: false, page: 1, size: 20 }),
    ],
    [groupOrderChoicesRoute, () => []],
    [
      groupRegisterRoute,
      () => ({
        done: [1],
        refused: [{ id: 2, cust_name: '员工2', order_id: '20261128000002', reason: '已禁检（原因：未缴费）' }],
      }),
    ],
    [groupPrintMarkRoute, ({ id }) => ({ id: Number(id), print_count: 1 })],
  ]);
}

async function choose(...names: string[]) {
  for (const name of names) {
    const row = (await screen.findByText(name)).closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
  }
}

describe('团检登记名单', () => {
  it('批量登记 sends the chosen people and lists the refused with their reasons', async () => {
    const server = serve([person(1), person(2)]);
    renderScreen(<GroupRegisterList />, { route: '/manager/crm/group_register_list' });
    await choose('员工1', '员工2');
    fireEvent.click(screen.getByRole('button', { name: '批量登记' }));
    await waitFor(() => expect(server.call).toHaveBeenCalledWith(groupRegisterRoute, { ids: '[1,2]', batch: '1' }));
    expect(await screen.findByText('成功 1 人，未处理 1 人')).toBeTruthy();
    expect(screen.getByText('已禁检（原因：未缴费）')).toBeTruthy();
  });

  it('批量打印 prints through the desk path person by person, counts each, and names who failed', async () => {
    const server = serve([person(1), person(2, { order_id: null, status: 'none' })]);
    renderScreen(<GroupRegisterList />, { route: '/manager/crm/group_register_list' });
    await choose('员工1', '员工2');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));
    fireEvent.click(await screen.findByRole('button', { name: '开始打印' }));
    expect(await screen.findByText('已处理 2 / 2 人')).toBeTruthy();
    expect(printed.guideSheet).toHaveBeenCalledWith('20261128000001');
    expect(printed.labels).toHaveBeenCalledWith('20261128000001', 1);
    expect(printed.guideSheet).toHaveBeenCalledTimes(1);
    expect(server.calls(groupPrintMarkRoute)).toEqual([
      { id: 1, kind: 'guide_sheet' },
      { id: 1, kind: 'labels' },
    ]);
    expect(screen.getByText('员工2（无体检号）：未生成体检号，请先预登记')).toBeTruthy();
  });
});
