import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  criticalValueHandleRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  queueOverviewRoute,
  type CriticalValueRow,
  type RouteInput,
} from '@checkup/api-contract';
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
  ref_range: '3.5-5.3',
  critical_low: '2.8000',
  critical_high: '6.2000',
  exam_dept_id: 3,
  dept_name: '检验科',
  raised_by_name: '赵敏',
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

/** The server as the screen sees it: one unhandled critical value until it is handled. */
function serve(handle: (input: RouteInput<typeof criticalValueHandleRoute>) => CriticalValueRow) {
  let rows = [row({}), row({ id: 2, item_name: '血糖', result_value: '1.9', direction: 'L', unit: 'mmol/L' })];
  return fakeApi([
    [queueOverviewRoute, () => ({ queue_date: '2026-11-22', depts: [] })],
    [
      criticalValueListRoute,
      (input) => {
        const list = rows.filter((r) => !input.status || r.status === input.status);
        return {
          list,
          total: list.length,
          page: 1,
          size: 20,
          unhandled_total: rows.filter((r) => r.status === '0').length,
        };
      },
    ],
    [
      criticalValueNotifyRoute,
      (input) => {
        rows = rows.map((r) =>
          r.id === Number(input.id)
            ? {
                ...r,
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
  ]);
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('危急值管理', () => {
  it('lists the unhandled critical values with their arrow, limits and the unhandled count', async () => {
    const server = serve(() => row({}));
    renderScreen(<SerDisMg />);
    const potassium = await screen.findByText('血钾');
    const tr = potassium.closest('tr') as HTMLElement;
    expect(within(tr).getByLabelText('偏高').textContent).toBe('↑');
    expect(within(tr).getByText('< 2.8 或 > 6.2')).toBeTruthy();
    expect(within(tr).getByText('赵敏')).toBeTruthy();
    expect(within(rowOf('血糖')).getByLabelText('偏低').textContent).toBe('↓');
    expect(screen.getByTitle('未处理危急值').textContent).toContain('2');
    expect(server.calls(criticalValueListRoute)[0]).toMatchObject({ status: '0', page: 1 });
  });

  it('handles a critical value with a note, after asking for the note in Chinese', async () => {
    const server = serve((input) =>
      row({ id: Number(input.id), status: '2', note: String(input.note), handled_by_name: '周文博' }),
    );
    renderScreen(<SerDisMg />);
    await screen.findByText('血钾');
    fireEvent.click(within(rowOf('血钾')).getByRole('button', { name: /处\s*理/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await within(dialog).findByText('请填写处理意见')).toBeTruthy();
    expect(server.calls(criticalValueHandleRoute)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('处理意见'), { target: { value: '已电话告知本人，建议急诊' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await screen.findByText('危急值已处理')).toBeTruthy();
    expect(server.calls(criticalValueHandleRoute)[0]).toEqual({
      id: 1,
      note: '已电话告知本人，建议急诊',
    });
    // The unhandled list is read again: the handled one leaves it and the badge counts one.
    await waitFor(() => expect(screen.queryByText('血钾')).toBeNull());
    expect(screen.getByTitle('未处理危急值').textContent).toContain('1');
    expect(server.calls(criticalValueNotifyRoute)).toEqual([]);
  });

  it('records who was notified and how', async () => {
    const server = serve(() => row({}));
    renderScreen(<SerDisMg />);
    await screen.findByText('血钾');
    expect(within(rowOf('血钾')).getByText('未通知')).toBeTruthy();
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
    await waitFor(() => expect(within(rowOf('血钾')).getByText(/张大山（家属，电话）/)).toBeTruthy());
  });

  it("shows the server's refusal when someone else handled it first", async () => {
    serve(() => {
      throw new ApiError(409, '该危急值已处理，不能重复处理', criticalValueHandleRoute.path);
    });
    renderScreen(<SerDisMg />);
    await screen.findByText('血钾');
    fireEvent.click(within(rowOf('血钾')).getByRole('button', { name: /处\s*理/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('处理意见'), { target: { value: '处理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await screen.findByText('该危急值已处理，不能重复处理')).toBeTruthy();
  });
});
