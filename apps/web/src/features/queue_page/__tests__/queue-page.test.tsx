import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueDisplaySnapshotRoute, versionRoute, type QueueDisplayDept } from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render-screen';
import QueuePage from '../index';

/** The browser's EventSource, driven by the test. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? undefined : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

class FakeUtterance {
  lang = '';
  rate = 1;
  constructor(readonly text: string) {}
}

const ecg = (over: Partial<QueueDisplayDept> = {}): QueueDisplayDept => ({
  exam_dept_id: 5,
  dept_name: '心电图室',
  current: { queue_no: 1, display_name: '张*三' },
  waiting: [
    { queue_no: 2, display_name: '王*' },
    { queue_no: 3, display_name: '' },
  ],
  waiting_count: 2,
  ...over,
});
const ultrasound: QueueDisplayDept = {
  exam_dept_id: 6,
  dept_name: '彩超室',
  current: null,
  waiting: [],
  waiting_count: 0,
};

/** The hall display carries no antd. */
const renderPage = () => renderScreen(<QueuePage />, { route: '/queue_page?dept_ids=5,6', antd: false });

let server: FakeApi;

describe('queue display', () => {
  const speak = vi.fn();
  let depts: QueueDisplayDept[];

  beforeEach(() => {
    FakeEventSource.opened = [];
    speak.mockReset();
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    vi.stubGlobal('speechSynthesis', { speak });
    depts = [ecg(), ultrasound];
    server = fakeApi([
      [versionRoute, () => ({ name: '体检管理系统', version: '1', service_type: 1 })],
      [
        queueDisplaySnapshotRoute,
        (input) => {
          expect(input).toEqual({ dept_ids: '5,6' });
          return { queue_date: '2026-11-22', last_seq: 41, depts };
        },
      ],
    ]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each department’s call and the next waiting, masked, from the snapshot', async () => {
    renderPage();
    const board = within(await screen.findByTestId('dept-5'));
    expect(board.getByText('心电图室')).toBeTruthy();
    expect(board.getByText('A001 张*三')).toBeTruthy();
    expect(board.getByText('A002 王*')).toBeTruthy();
    expect(board.getByText('等候 2 人')).toBeTruthy();
    expect(within(screen.getByTestId('dept-6')).getByText('暂无呼叫')).toBeTruthy();
  });

  it('follows the stream from the snapshot, speaks a call in Chinese, highlights it and reloads', async () => {
    renderPage();
    await screen.findByTestId('dept-5');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/manager/api/queue/display_stream?dept_ids=5%2C6&after=41');

    depts = [ecg({ current: { queue_no: 2, display_name: '王*' }, waiting: [{ queue_no: 3, display_name: '' }] })];
    act(() =>
      source.emit('queue', {
        seq: 42,
        event_type: 'call',
        exam_dept_id: 5,
        dept_name: '心电图室',
        queue_no: 2,
        display_name: '王*',
        created_at: '2026-11-22T01:00:00.000Z',
      }),
    );

    expect((await screen.findByRole('status')).textContent).toBe('请 A002 号 王* 到 心电图室 就诊');
    expect(speak).toHaveBeenCalledTimes(1);
    const spoken = speak.mock.calls[0]![0] as FakeUtterance;
    expect(spoken.text).toBe('请 A002 号 王* 到 心电图室 就诊');
    expect(spoken.lang).toBe('zh-CN');
    expect(screen.getByTestId('dept-5').className).toMatch(/called/);
    expect(await within(screen.getByTestId('dept-5')).findByText('A002 王*')).toBeTruthy();
  });

  it('calls and shows a confidential examinee by number only', async () => {
    renderPage();
    await screen.findByTestId('dept-5');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(within(screen.getByTestId('dept-5')).getByText('A003')).toBeTruthy();
    act(() =>
      FakeEventSource.opened[0]!.emit('queue', {
        seq: 42,
        event_type: 'call',
        exam_dept_id: 5,
        dept_name: '心电图室',
        queue_no: 3,
        display_name: '',
        created_at: '2026-11-22T01:00:00.000Z',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('请 A003 号到 心电图室 就诊');
    expect((speak.mock.calls[0]![0] as FakeUtterance).text).toBe('请 A003 号到 心电图室 就诊');
  });

  it('does not speak other changes, and keeps one stream while the boards reload', async () => {
    renderPage();
    await screen.findByTestId('dept-5');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const snapshots = () => server.calls(queueDisplaySnapshotRoute).length;
    const before = snapshots();
    act(() =>
      FakeEventSource.opened[0]!.emit('queue', {
        seq: 42,
        event_type: 'add',
        exam_dept_id: 5,
        dept_name: '心电图室',
        queue_no: 4,
        display_name: '李*',
        created_at: '2026-11-22T01:00:00.000Z',
      }),
    );
    await waitFor(() => expect(snapshots()).toBe(before + 1));
    expect(speak).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
