import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deptQueueRoute,
  myDeptsRoute,
  queueCallNextRoute,
  queueFinishRoute,
  queueRecallRoute,
  userInfoRoute,
  type QueueEntry,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import QueueMgCall from '../index';

const entry = (n: number, name: string, over: Partial<QueueEntry> = {}): QueueEntry => ({
  entry_id: n,
  exam_dept_id: 5,
  order_id: `2026112200000${n}`,
  queue_no: n,
  cust_name: name,
  display_name: `${name[0]}*`,
  sex: '1',
  age: 60 + n,
  special_flag: '0',
  status: 'waiting',
  priority: false,
  call_count: 0,
  enqueued_at: '2026-11-22T00:30:00.000Z',
  called_at: null,
  called_by_name: null,
  ...over,
});

/** A small queue server: call_next takes the first waiting entry; recall and finish move it. */
function serve() {
  let entries = [entry(1, '张伟'), entry(2, '李娜')];
  const counts = () => ({
    waiting: entries.filter((e) => e.status === 'waiting').length,
    called: entries.filter((e) => e.status === 'called').length,
    done: entries.filter((e) => e.status === 'done').length,
    passed: 0,
  });
  const update = (id: number, change: Partial<QueueEntry>) => {
    entries = entries.map((e) => (e.entry_id === id ? { ...e, ...change } : e));
    return entries.find((e) => e.entry_id === id)!;
  };
  return fakeApi([
    [
      userInfoRoute,
      () => ({ id: 9, user_account: 'doctor1', user_name: '陈建华', special_flag: '0', role_menu: ['*'] }),
    ],
    [myDeptsRoute, () => [{ exam_dept_id: 5, dept_name: '内科', dept_type: 'check' }]],
    [
      deptQueueRoute,
      () => ({ exam_dept_id: 5, dept_name: '内科', queue_date: '2026-11-22', counts: counts(), list: entries }),
    ],
    [
      queueCallNextRoute,
      () => {
        const next = entries.find((e) => e.status === 'waiting');
        if (!next) return { entry: null };
        return { entry: update(next.entry_id, { status: 'called', call_count: 1, called_by_name: '陈建华' }) };
      },
    ],
    [
      queueRecallRoute,
      (input) => {
        const e = entries.find((x) => x.entry_id === input.entry_id)!;
        return update(e.entry_id, { call_count: e.call_count + 1 });
      },
    ],
    [queueFinishRoute, (input) => update(Number(input.entry_id), { status: 'done' })],
  ]);
}

/** 叫号 in its tab; a hidden tab is one kept alive behind another. */
const renderCall = (hidden = false) =>
  renderScreen(
    <div hidden={hidden}>
      <QueueMgCall />
    </div>,
  );

let server: FakeApi;
const current = () => screen.getByTestId('current-examinee');

describe('叫号', () => {
  beforeEach(() => {
    server = serve();
  });

  it("opens on the doctor's first department and lists who is waiting", async () => {
    renderCall();
    expect(await screen.findByText('张伟')).toBeTruthy();
    expect(screen.getByText('等候队列（2）')).toBeTruthy();
    expect(server.calls(deptQueueRoute)[0]).toEqual({ exam_dept_id: 5 });
    expect(screen.getByText('尚未呼叫，按 F2 呼叫下一位')).toBeTruthy();
  });

  it('calls the next examinee with the button and shows them large', async () => {
    renderCall();
    await screen.findByText('张伟');
    fireEvent.click(screen.getByRole('button', { name: /呼叫下一位/ }));
    await waitFor(() => expect(within(current()).getByText('A001')).toBeTruthy());
    expect(within(current()).getByText('张伟')).toBeTruthy();
    expect(await screen.findByText('请 A001 号 张* 到 内科 就诊')).toBeTruthy();
    expect(server.calls(queueCallNextRoute)).toEqual([{ exam_dept_id: 5 }]);
    await waitFor(() => expect(screen.getByText('等候队列（1）')).toBeTruthy());
  });

  it('calls the next with F2 and again with F3, then finishes', async () => {
    renderCall();
    await screen.findByText('张伟');
    fireEvent.keyDown(window, { key: 'F2' });
    await waitFor(() => expect(within(current()).getByText('A001')).toBeTruthy());
    fireEvent.keyDown(window, { key: 'F3' });
    await waitFor(() => expect(server.calls(queueRecallRoute)).toEqual([{ entry_id: 1 }]));
    expect(await screen.findByText('A001 号已重呼')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /完\s*成/ }));
    await waitFor(() => expect(server.calls(queueFinishRoute)).toEqual([{ entry_id: 1 }]));
    fireEvent.keyDown(window, { key: 'F2' });
    await waitFor(() => expect(within(current()).getByText('A002')).toBeTruthy());
    expect(within(current()).getByText('李娜')).toBeTruthy();
  });

  it('says so when nobody is waiting', async () => {
    renderCall();
    await screen.findByText('张伟');
    fireEvent.keyDown(window, { key: 'F2' });
    await waitFor(() => expect(within(current()).getByText('A001')).toBeTruthy());
    fireEvent.keyDown(window, { key: 'F2' });
    await waitFor(() => expect(within(current()).getByText('A002')).toBeTruthy());
    fireEvent.keyDown(window, { key: 'F2' });
    expect(await screen.findByText('当前没有等候的体检者')).toBeTruthy();
  });

  it('ignores the keys while its tab is hidden (kept alive behind another tab)', async () => {
    renderCall(true);
    await waitFor(() => expect(server.calls(deptQueueRoute).length).toBeGreaterThan(0));
    fireEvent.keyDown(window, { key: 'F2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls(queueCallNextRoute)).toEqual([]);
  });
});
