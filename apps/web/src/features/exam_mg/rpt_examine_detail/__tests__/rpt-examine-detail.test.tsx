import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  lockReportReviewRoute,
  reportHistoryRoute,
  reportReviewRoute,
  unlockReportReviewRoute,
  type ReportHistory,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import RptExamineDetail from '../index';

const ORDER = '20261121000001';
const HISTORY: ReportHistory = {
  order_id: ORDER,
  cust_name: '钱*告',
  special_flag: '0',
  sex: '1',
  age: 46,
  exam_date: '2026-11-21',
  status: 'report_printed',
  report_state: 'to_review',
  package_name: null,
  company_name: null,
  prints: [{ source: 'staff', operator_name: '报告员甲', printed_at: '2026-11-21T03:00:00.000Z' }],
  reviews: [],
  deliveries: [],
};

let server: FakeApi;
function serve(lock: () => unknown = () => ({ order_id: ORDER, locked_until: '' }), history = HISTORY) {
  server = fakeApi([
    [lockReportReviewRoute, lock],
    [unlockReportReviewRoute, () => ({ released: true })],
    [reportHistoryRoute, () => history],
    [reportReviewRoute, (input) => ({ order_id: input.order_id, result: input.result })],
  ]);
}

const renderDetail = () =>
  renderScreen(<RptExamineDetail />, { route: `/manager/exam_mg/rpt_examine_detail?order_id=${ORDER}` });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('报告审核详情', () => {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ status: 200, data: null, msg: '' }));
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('locks the report on open, passes it, and releases the lock on close', async () => {
    serve();
    const view = renderDetail();
    await waitFor(() => expect(button('审核通过').disabled).toBe(false));
    expect(server.calls(lockReportReviewRoute)).toEqual([{ order_id: ORDER }]);

    fireEvent.click(button('审核通过'));
    await waitFor(() => expect(server.calls(reportReviewRoute)).toEqual([{ order_id: ORDER, result: 'pass' }]));

    view.unmount();
    await waitFor(() => expect(server.calls(unlockReportReviewRoute)).toEqual([{ order_id: ORDER }]));
  });

  it('rejects only with a reason', async () => {
    serve();
    renderDetail();
    await waitFor(() => expect(button('驳回').disabled).toBe(false));
    fireEvent.click(button('驳回'));
    fireEvent.click(await screen.findByRole('button', { name: '确认驳回' }));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(server.calls(reportReviewRoute)).toEqual([]);

    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '结论有误' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(server.calls(reportReviewRoute)).toEqual([{ order_id: ORDER, result: 'reject', reason: '结论有误' }]),
    );
  });

  it('releases the lock with a keepalive request when the page is closed', async () => {
    serve();
    renderDetail();
    await waitFor(() => expect(button('审核通过').disabled).toBe(false));
    window.dispatchEvent(new Event('pagehide'));
    const unload = fetchMock.mock.calls.find(([url]) => String(url) === unlockReportReviewRoute.path);
    expect(unload?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(String(unload?.[1]?.body)).toBe(`order_id=${ORDER}`);
  });

  it('shows who holds the report and keeps the buttons off when the lock is refused', async () => {
    serve(() => {
      throw new ApiError(423, '该记录正在被 吴静 编辑', lockReportReviewRoute.path);
    });
    renderDetail();
    expect(await screen.findByText('该记录正在被 吴静 编辑')).toBeTruthy();
    expect(button('审核通过').disabled).toBe(true);
    expect(button('驳回').disabled).toBe(true);
  });

  it('shows the report state, and a print marked by hand as such', async () => {
    serve(undefined, {
      ...HISTORY,
      prints: [{ source: 'marked', operator_name: '报告员甲', printed_at: '2026-11-21T03:00:00.000Z' }],
    });
    renderDetail();
    expect(await screen.findByText('待审核')).toBeTruthy();
    expect(screen.getByText(/标记已打印（报告员甲）/)).toBeTruthy();
    await waitFor(() => expect(button('审核通过').disabled).toBe(false));
  });

  it('keeps the buttons off for a report already sent', async () => {
    serve(undefined, { ...HISTORY, status: 'report_sent', report_state: 'sent' });
    renderDetail();
    expect(await screen.findByText('已发送')).toBeTruthy();
    expect(button('审核通过').disabled).toBe(true);
  });
});
