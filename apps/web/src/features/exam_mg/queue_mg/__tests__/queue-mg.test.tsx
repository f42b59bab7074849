import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deptQueueRoute,
  queueAddRoute,
  queueOverviewRoute,
  queuePriorityRoute,
  type QueueEntry,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import QueueMg from '../index';

const entry = (n: number, name: string): QueueEntry => ({
  entry_id: n,
  exam_dept_id: n === 9 ? 2 : 1,
  order_id: `2026112200000${n}`,
  queue_no: n,
  cust_name: name,
  display_name: `${name[0]}*`,
  sex: '1',
  age: 70,
  special_flag: '0',
  status: 'waiting',
  priority: false,
  call_count: 0,
  enqueued_at: '2026-11-22T00:30:00.000Z',
  called_at: null,
  called_by_name: null,
});

const dept = (id: number, name: string) => ({
  exam_dept_id: id,
  dept_name: name,
  waiting: 2,
  called: 1,
  done: 0,
  passed: 0,
  current_no: 3,
  current_name: '赵*',
});

const serve = () =>
  fakeApi([
    [queueOverviewRoute, () => ({ queue_date: '2026-11-22', depts: [dept(1, '内科'), dept(2, '外科')] })],
    [
      deptQueueRoute,
      (input) => {
        const list = input.exam_dept_id === 1 ? [entry(1, '钱老伯'), entry(2, '孙小明')] : [entry(9, '周大山')];
        const counts = { waiting: list.length, called: 0, done: 0, passed: 0 };
        return {
          exam_dept_id: input.exam_dept_id,
          dept_name: input.exam_dept_id === 1 ? '内科' : '外科',
          counts,
          list,
        };
      },
    ],
    [queuePriorityRoute, () => ({ ...entry(2, '孙小明'), priority: true })],
    [
      queueAddRoute,
      (input) => {
        if (input.order_id === '20261122000099')
          throw new ApiError(409, '该订单不是今天的体检，不能加入排队', queueAddRoute.path);
        return { added: [{ ...entry(5, '吴新'), queue_no: 5 }] };
      },
    ],
  ]);

/** A scanner types the number and Enter (down and up: the input ignores a second Enter until the key is released). */
function scanEnter(input: HTMLElement) {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter' });
}

let server: FakeApi;

describe('排队管理', () => {
  beforeEach(() => {
    server = serve();
  });

  it('shows the overview and switches the list to the department clicked', async () => {
    renderScreen(<QueueMg />);
    expect(await screen.findByText('钱老伯')).toBeTruthy();
    expect(screen.getAllByText('A003 赵*')).toHaveLength(2);
    fireEvent.click(screen.getByText('外科'));
    expect(await screen.findByText('周大山')).toBeTruthy();
  });

  it('moves an examinee to the front', async () => {
    renderScreen(<QueueMg />);
    const row = (await screen.findByText('孙小明')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /优\s*先/ }));
    expect(await screen.findByText('A002 号已移到最前')).toBeTruthy();
    expect(server.calls(queuePriorityRoute)[0]).toEqual({ entry_id: 2 });
  });

  it('adds a scanned order id to every department still to do, and shows a refusal', async () => {
    renderScreen(<QueueMg />);
    await screen.findByText('钱老伯');
    const scan = screen.getByRole('searchbox', { name: '体检号' });
    fireEvent.change(scan, { target: { value: '20261122000005' } });
    scanEnter(scan);
    expect(await screen.findByText('已加入排队：内科 A005')).toBeTruthy();
    expect(server.calls(queueAddRoute)[0]).toEqual({
      order_id: '20261122000005',
      exam_dept_id: undefined,
    });
    await waitFor(() => expect((scan as HTMLInputElement).value).toBe(''));
    fireEvent.change(scan, { target: { value: '20261122000099' } });
    scanEnter(scan);
    expect(await screen.findByText('该订单不是今天的体检，不能加入排队')).toBeTruthy();
  });
});
