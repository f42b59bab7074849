import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  lockReportReviewRoute,
  reportHistoryRoute,
  reportReviewRoute,
  unlockReportReviewRoute,
  type ReportHistory,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: RptExamineDetail } = await import('../index');

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

function serve(lock: () => unknown = () => ({ order_id: ORDER, locked_until: '' }), history = HISTORY) {
  call.mockImplementation(async (route: RouteDescriptor, input: Record<string, unknown>) => {
    if (route === lockReportReviewRoute) return lock();
    if (route === unlockReportReviewRoute) return { released: true };
    if (route === reportHistoryRoute) return history;
    if (route === reportReviewRoute) return { order_id: input.order_id, result: input.result };
    throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
  });
}

const renderScreen = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={[`/manager/exam_mg/rpt_examine_detail?order_id=${ORDER}`]}>
          <RptExamineDetail />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

const callsOf = (route: RouteDescriptor) => call.mock.calls.filter(([r]) => r === route).map(([, input]) => input);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

configure({ asyncUtilTimeout: 5000 });

describe('报告审核详情', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ status: 200, data: null, msg: '' }));
  beforeEach(() => {
    call.mockReset();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('locks the report on open, passes it, and releases the lock on close', async () => {
    serve();
    const view = renderScreen();
    await waitFor(() => expect(button('审核通过').disabled).toBe(false));
    expect(callsOf(lockReportReviewRoute)).toEqual([{ order_id: ORDER }]);

    fireEvent.click(button('审核通过'));
    await waitFor(() => expect(callsOf(reportReviewRoute)).toEqual([{ order_id: ORDER, result: 'pass' }]));

    view.unmount();
    await waitFor(() => expect(callsOf(unlockReportReviewRoute)).toEqual([{ order_id: ORDER }]));
  });

  it('rejects only with a reason', async () => {
    serve();
    renderScreen();
    await waitFor(() => expect(button('驳回').disabled).toBe(false));
    fireEvent.click(button('驳回'));
    fireEvent.click(await screen.findByRole('button', { name: '确认驳回' }));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(callsOf(reportReviewRoute)).toEqual([]);

    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '结论有误' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(callsOf(reportReviewRoute)).toEqual([{ order_id: ORDER, result: 'reject', reason: '结论有误' }]),
    );
  });

  it('releases the lock with a keepalive request when the page is closed', async () => {
    serve();
    renderScreen();
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
    renderScreen();
    expect(await screen.findByText('该记录正在被 吴静 编辑')).toBeTruthy();
    expect(button('审核通过').disabled).toBe(true);
    expect(button('驳回').disabled).toBe(true);
  });

  it('shows the report state, and a print marked by hand as such', async () => {
    serve(undefined, {
      ...HISTORY,
      prints: [{ source: 'marked', operator_name: '报告员甲', printed_at: '2026-11-21T03:00:00.000Z' }],
    });
    renderScreen();
    expect(await screen.findByText('待审核')).toBeTruthy();
    expect(screen.getByText(/标记已打印（报告员甲）/)).toBeTruthy();
    await waitFor(() => expect(button('审核通过').disabled).toBe(false));
  });

  it('keeps the buttons off for a report already sent', async () => {
    serve(undefined, { ...HISTORY, status: 'report_sent', report_state: 'sent' });
    renderScreen();
    expect(await screen.findByText('已发送')).toBeTruthy();
    expect(button('审核通过').disabled).toBe(true);
  });
});
