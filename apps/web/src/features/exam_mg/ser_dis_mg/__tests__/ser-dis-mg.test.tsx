import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  criticalValueDeleteRoute,
  criticalValueExportRoute,
  criticalValueHandleRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  queueOverviewRoute,
  userInfoRoute,
  type CriticalValueRow,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import SerDisMg from '../index';

const row = (over: Partial<CriticalValueRow>): CriticalValueRow => ({
  id: 1,
  order_id: '20261122000001',
  cust_name: '张*三',
  sex: '1',
  age: 45,
  special_flag: '0',
  item_name: '血钾',
  result_value: '7.1',
  unit: 'mmol/L',
  direction: 'H',
  level: '3',
  source: 'auto',
  description: null,
  ref_range: '3.5-5.3',
  critical_low: '2.8000',
  critical_high: '6.2000',
  exam_dept_id: 3,
  dept_name: '检验科',
  raised_by_name: '赵敏',
  raised_by_id: 5,
  created_at: '2026-11-22T01:10:00.000Z',
  status: '0',
  notified_person: null,
  notify_relation: null,
  notify_method: null,
  notified_at: null,
  notified_by_name: null,
  handled_by_name: null,
  handled_at: null,
  note: null,
  ...over,
});

const ALL_STAGES = ['exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:notify', 'exam_mg/ser_dis_mg:handle'];

/**
 * The server as the screen sees it: a reported critical value (血钾) and a notified one (血糖) until
 * they move on; the signed-in account (id 9) holds `menu`.
 */
function serve(
  handle: (input: RouteInput<typeof criticalValueHandleRoute>) => CriticalValueRow,
  menu: string[] = ALL_STAGES,
  glucose: Partial<CriticalValueRow> = {},
) {
  let rows = [
    row({}),
    row({
      id: 2,
      item_name: '血糖',
      result_value: '1.9',
      direction: 'L',
      unit: 'mmol/L',
      level: '2',
      status: '1',
      notified_person: '张大山（家属，电话）',
      notified_at: '2026-11-22T01:20:00.000Z',
      notified_by_name: '林小慧',
      ...glucose,
    }),
  ];
  const open = (r: CriticalValueRow) => r.status !== '2';
  return fakeApi([
    [userInfoRoute, () => ({ id: 9, user_account: 'expert', user_name: '高振国', special_flag: '1', role_menu: menu })],
    [queueOverviewRoute, () => ({ queue_date: '2026-11-22', depts: [] })],
    [
      criticalValueListRoute,
      (input) => {
        const list = rows.filter(
          (r) => !input.status || (input.status === 'open' ? open(r) : r.status === input.status),
        );
        return { list, total: list.length, page: 1, size: 20, unhandled_total: rows.filter(open).length };
      },
    ],
    [
      criticalValueNotifyRoute,
      (input) => {
        rows = rows.map((r) =>
          r.id === Number(input.id)
            ? {
                ...r,
                status: '1',
                notified_person: `${String(input.notified_person)}（家属，电话）`,
                notified_at: '2026-11-22T01:20:00.000Z',
              }
            : r,
        );
        return rows.find((r) => r.id === Number(input.id));
      },
    ],
    [
      criticalValueHandleRoute,
      (input) => {
        const answer = handle(input);
        rows = rows.map((r) => (r.id === answer.id ? answer : r));
        return answer;
      },
    ],
    [
      criticalValueDeleteRoute,
      (input) => {
        rows = rows.filter((r) => r.id !== Number(input.id));
        return { id: Number(input.id) };
      },
    ],
  ]);
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('危急值管理', () => {
  it('shows each stage in its own column and offers each stage only where it is next', async () => {
    const server = serve(() => row({}));
    renderScreen(<SerDisMg />);
    const potassium = await screen.findByText('血钾');
    const tr = potassium.closest('tr') as HTMLElement;
    expect(within(tr).getByLabelText('偏高').textContent).toBe('↑');
    expect(within(tr).getByText('< 2.8 或 > 6.2')).toBeTruthy();
    expect(within(tr).getByText('高')).toBeTruthy();
    expect(within(tr).getByText('已提报')).toBeTruthy();
    expect(within(tr).getByText(/赵敏/)).toBeTruthy();
    expect(within(tr).getByText('未通知')).toBeTruthy();
    expect(within(tr).getByRole('button', { name: /登记通知/ })).toBeTruthy();
    expect(within(tr).queryByRole('button', { name: /专家处理/ })).toBeNull();
    const glucose = rowOf('血糖');
    expect(within(glucose).getByLabelText('偏低').textContent).toBe('↓');
    expect(within(glucose).getByText('中')).toBeTruthy();
    expect(within(glucose).getByText('张大山（家属，电话）')).toBeTruthy();
    expect(within(glucose).getByText(/林小慧/)).toBeTruthy();
    expect(within(glucose).getByText('未处理')).toBeTruthy();
    expect(within(glucose).getByRole('button', { name: /专家处理/ })).toBeTruthy();
    expect(screen.getByTitle('未处理危急值').textContent).toContain('2');
    expect(server.calls(criticalValueListRoute)[0]).toMatchObject({ status: 'open', page: 1 });
  });

  it('lets an expert handle a notified one with an opinion, after asking for it in Chinese', async () => {
    const server = serve((input) =>
      row({ id: Number(input.id), status: '2', note: String(input.note), handled_by_name: '高振国' }),
    );
    renderScreen(<SerDisMg />);
    await screen.findByText('血糖');
    fireEvent.click(within(rowOf('血糖')).getByRole('button', { name: /专家处理/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已通知：张大山（家属，电话）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await within(dialog).findByText('请填写处理意见')).toBeTruthy();
    expect(server.calls(criticalValueHandleRoute)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('处理意见'), { target: { value: '建议立即内分泌科急诊' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await screen.findByText('危急值已处理')).toBeTruthy();
    expect(server.calls(criticalValueHandleRoute)[0]).toEqual({ id: 2, note: '建议立即内分泌科急诊' });
    // The unhandled list is read again: the handled one leaves it and the badge counts one.
    await waitFor(() => expect(screen.queryByText('血糖')).toBeNull());
    expect(screen.getByTitle('未处理危急值').textContent).toContain('1');
  });

  it('records who was notified, how and when', async () => {
    const server = serve(() => row({}));
    renderScreen(<SerDisMg />);
    await screen.findByText('血钾');
    fireEvent.click(within(rowOf('血钾')).getByRole('button', { name: /登记通知/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('被通知人'), { target: { value: '张大山' } });
    fireEvent.click(within(dialog).getByLabelText('家属'));
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    expect(await screen.findByText('通知已登记')).toBeTruthy();
    expect(server.calls(criticalValueNotifyRoute)[0]).toEqual({
      id: 1,
      notified_person: '张大山',
      notify_relation: 'relative',
      notify_method: 'phone',
    });
    // Now 已通知: the expert's button appears on it.
    await waitFor(() => expect(within(rowOf('血钾')).getByRole('button', { name: /专家处理/ })).toBeTruthy());
  });

  it("shows the server's refusal in Chinese", async () => {
    serve(() => {
      throw new ApiError(403, '提报人不能处理自己提报的危急值，请由其他专家处理', criticalValueHandleRoute.path);
    });
    renderScreen(<SerDisMg />);
    await screen.findByText('血糖');
    fireEvent.click(within(rowOf('血糖')).getByRole('button', { name: /专家处理/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('处理意见'), { target: { value: '处理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await screen.findByText('提报人不能处理自己提报的危急值，请由其他专家处理')).toBeTruthy();
  });

  it('offers no stage to an account without its permission, and no handling of one’s own report', async () => {
    // The signed-in expert (id 9) reported 血糖 themselves.
    serve(() => row({}), ['exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:handle'], { raised_by_id: 9 });
    renderScreen(<SerDisMg />);
    await screen.findByText('血糖');
    expect(screen.queryByRole('button', { name: /登记通知/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /专家处理/ })).toBeNull();
  });

  it('deletes a reported one after a confirmation with its reason, and exports the filtered list', async () => {
    const server = serve(() => row({}), ['*']);
    const download = vi.spyOn(api, 'download').mockResolvedValue(new Blob(['xlsx']));
    URL.createObjectURL = vi.fn(() => 'blob:critical');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<SerDisMg />);
    await screen.findByText('血钾');
    expect(within(rowOf('血糖')).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    fireEvent.click(within(rowOf('血钾')).getByRole('button', { name: /删\s*除/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认删除/ }));
    expect(await screen.findByText('请填写删除原因')).toBeTruthy();
    expect(server.calls(criticalValueDeleteRoute)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('删除原因'), { target: { value: '结果录错' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认删除/ }));
    expect(await screen.findByText('危急值已删除')).toBeTruthy();
    expect(server.calls(criticalValueDeleteRoute)[0]).toEqual({ id: 1, reason: '结果录错' });
    await waitFor(() => expect(screen.queryByText('血钾')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0]![0]).toBe(criticalValueExportRoute);
    expect(download.mock.calls[0]![1]).toMatchObject({ status: 'open' });
    expect(URL.createObjectURL).toHaveBeenCalled();
    download.mockRestore();
  });
});
