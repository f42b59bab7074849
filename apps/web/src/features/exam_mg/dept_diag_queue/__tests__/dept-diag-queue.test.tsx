import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  deptQueueRoute,
  myDeptsRoute,
  queueCallNextRoute,
  userInfoRoute,
  type QueueEntry,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DeptDiagQueue from '../index';

const waiting = (specialFlag: string, queueNo = 4): QueueEntry => ({
  entry_id: queueNo,
  exam_dept_id: 7,
  order_id: `2026112200000${queueNo}`,
  queue_no: queueNo,
  cust_name: specialFlag === '1' ? '***' : '王芳',
  display_name: specialFlag === '1' ? '' : '王*',
  sex: '2',
  age: 38,
  special_flag: specialFlag,
  status: 'waiting',
  priority: false,
  call_count: 0,
  enqueued_at: '2026-11-22T00:30:00.000Z',
  called_at: null,
  called_by_name: null,
});

const serve = (entry: QueueEntry, others: QueueEntry[] = []) =>
  fakeApi([
    [userInfoRoute, () => ({ id: 3, user_account: 'doctor2', user_name: '赵敏', special_flag: '0', role_menu: ['*'] })],
    [myDeptsRoute, () => [{ exam_dept_id: 7, dept_name: '检验科', dept_type: 'lab' }]],
    [
      deptQueueRoute,
      () => {
        const list = [entry, ...others];
        const counts = { waiting: list.length, called: 0, done: 0, passed: 0 };
        return { exam_dept_id: 7, dept_name: '检验科', queue_date: '2026-11-22', counts, list };
      },
    ],
    [queueCallNextRoute, () => ({ entry: { ...entry, status: 'called', call_count: 1 } })],
  ]);

const renderQueue = () =>
  renderScreen(<DeptDiagQueue />, {
    route: '/manager/exam_mg/dept_diag_queue',
    pages: { '/manager/exam_mg/dept_diag_detail': <div>科室诊断详情页</div> },
  }).router;

describe('科室排队', () => {
  it("opens the called examinee's result entry for this department", async () => {
    serve(waiting('0'));
    const router = renderQueue();
    await screen.findByText('王芳');
    fireEvent.click(screen.getByRole('button', { name: /呼叫下一位/ }));
    await screen.findByText('科室诊断详情页');
    expect(router.state.location.pathname).toBe('/manager/exam_mg/dept_diag_detail');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order_id: '20261122000004',
      exam_dept_id: '7',
    });
  });

  it('calls a confidential examinee by number only but does not open them for a user who may not see them', async () => {
    const server = serve(waiting('1'));
    const router = renderQueue();
    await screen.findByText('A004');
    fireEvent.keyDown(window, { key: 'F2' });
    expect(await screen.findByText('当前账号没有查看保密人员的权限！')).toBeTruthy();
    expect(await screen.findByText('请 A004 号到 检验科 就诊')).toBeTruthy();
    expect(screen.queryByText(/\*\*\* 到/)).toBeNull();
    await waitFor(() => expect(server.calls(queueCallNextRoute).length > 0).toBe(true));
    expect(router.state.location.pathname).toBe('/manager/exam_mg/dept_diag_queue');
  });

  it('sends one call-next request for one F2 press, however many wait', async () => {
    const server = serve(
      waiting('0', 1),
      [2, 3, 4, 5, 6, 7, 8, 9].map((n) => waiting('0', n)),
    );
    renderQueue();
    await screen.findByText('A009');
    fireEvent.keyDown(window, { key: 'F2' });
    await screen.findByText('科室诊断详情页');
    expect(server.calls(queueCallNextRoute)).toHaveLength(1);
  });
});
