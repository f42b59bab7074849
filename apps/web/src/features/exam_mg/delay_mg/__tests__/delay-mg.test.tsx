import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { execChangeRoute, execListRoute, queueOverviewRoute, type DelayRow } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DelayMg from '../index';

const ROW: DelayRow = {
  order_id: '20261125000003',
  cust_name: '蒋迟检',
  sex: '1',
  exam_date: '2026-11-25',
  day: '2026-11-28',
  union_id: 5,
  union_name: '胃镜',
  dept_id: 4,
  dept_name: '内镜室',
  state: '3',
  state_label: '迟检',
  exec_by_name: '周登记',
  exec_at: '2026-11-25T02:00:00.000Z',
  exec_reason: '未空腹',
  exec_date: '2026-11-28',
  signature_file_id: null,
  recorded: false,
  open: false,
};

describe('延期/弃检管理', () => {
  it('lists the lines by state with who, when and why, and brings a deferred line back as 补检', async () => {
    const server = fakeApi([
      [queueOverviewRoute, () => ({ queue_date: '2026-11-25', depts: [] })],
      [execListRoute, (input) => ({ list: input.state === '2' ? [] : [ROW], total: 1, page: 1, size: 20 })],
      [execChangeRoute, () => ({ ...ROW, state: '5', state_label: '补检' })],
    ]);
    renderScreen(<DelayMg />, { route: '/manager/exam_mg/delay_mg' });
    const row = (await screen.findByText('胃镜')).closest('tr')!;
    expect(within(row).getByText('迟检')).toBeTruthy();
    expect(within(row).getByText(/^迟检至 2026-11-28 · 未空腹 · 周登记 11-25 \d\d:00$/)).toBeTruthy();
    fireEvent.click(screen.getByText('弃检', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(server.calls(execListRoute).at(-1)).toMatchObject({ state: '2', page: 1 }));

    fireEvent.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }));
    fireEvent.click(within((await screen.findByText('胃镜')).closest('tr')!).getByRole('button', { name: '补检' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认补检' }));
    await waitFor(() =>
      expect(server.call).toHaveBeenCalledWith(execChangeRoute, {
        order_id: '20261125000003',
        union_id: 5,
        action: 'makeup',
        reason: undefined,
        exec_date: undefined,
      }),
    );
  });
});
