import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PRINT_SETTINGS,
  companySearchDataRoute,
  printConfigRoute,
  reportBatchCurrentRoute,
  reportBatchStartRoute,
  reportBatchTicketRoute,
  reportListRoute,
  reportPrintedRoute,
  type ReportBatch,
  type ReportListRow,
} from '@checkup/api-contract';
import type * as Devices from '@checkup/devices';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import PrintRpt from '../index';

/** The local print service: each call waits until the test lets it answer with `nextAnswer`. */
const printed: string[] = [];
const printers: unknown[] = [];
let release: Array<() => void> = [];
let failTicket = '';
/** When set, the print service is down: the client downloads the PDF instead. */
let serviceDown = false;
vi.mock('@checkup/devices', async (original) => ({
  ...(await original<typeof Devices>()),
  LocalPrintClient: class {
    static forSettings() {
      return new this();
    }
    async printOrDownload([url]: string[], options?: { printerName?: string }) {
      printers.push(options?.printerName);
      if (serviceDown) return { ok: true, data: { kind: 'downloaded', count: 1, message: '' } };
      await new Promise<void>((resolve) => release.push(resolve));
      const ok = !url!.includes(failTicket || '-none-');
      printed.push(url!);
      return {
        ok: true,
        data: {
          kind: 'printed',
          batch: {
            total: 1,
            report_success_count: ok ? 1 : 0,
            report_error_count: ok ? 0 : 1,
            files: [{ file: url, ok, message: ok ? '打印成功' : '打印机缺纸' }],
            level: ok ? 'success' : 'error',
            message: '',
          },
        },
      };
    }
  },
}));

const row = (orderId: string, name: string): ReportListRow => ({
  order_id: orderId,
  cust_name: name,
  special_flag: '0',
  sex: '1',
  age: 45,
  exam_type: 'health',
  exam_date: '2026-11-21',
  status: 'final_trial',
  report_state: 'to_print',
  package_name: '入职体检套餐',
  company_name: null,
  print_count: 0,
  last_printed_at: null,
  review_result: null,
  review_reason: null,
  reviewed_at: null,
  delivery_count: 0,
  last_delivery_method: null,
  last_delivered_at: null,
  review_exception_flag: '0',
});
const ROWS = [row('20261121000001', '张*三'), row('20261121000002', '李*四')];

/** This browser's workstation (打印配置), already named, with its own report printer. */
const SETTINGS = { ...DEFAULT_PRINT_SETTINGS, printers: { ...DEFAULT_PRINT_SETTINGS.printers, report: '报告打印机' } };
const PRINT_CONFIG = {
  defaults: DEFAULT_PRINT_SETTINGS,
  defaults_updated_at: null,
  workstation: { workstation_id: 'f'.repeat(32), workstation_name: '报告室', overrides: {}, updated_at: '' },
  effective: SETTINGS,
};

/**
 * The server's batch task (issue 20): laid out at once, each report generated unless `notGenerated`
 * names it with the server's reason; batch_current answers the latest one.
 */
let latest: ReportBatch | null = null;
let notGenerated: Record<string, string> = {};
const batchOf = (orderIds: string[], state: ReportBatch['state'] = 'done'): ReportBatch => ({
  batch_id: 7,
  state,
  total: orderIds.length,
  done: state === 'running' ? 0 : orderIds.length,
  failed: Object.keys(notGenerated).filter((id) => orderIds.includes(id)).length,
  created_at: '2026-11-21T03:00:00.000Z',
  finished_at: state === 'running' ? null : new Date().toISOString(),
  items: orderIds.map((order_id) => ({
    order_id,
    state: state === 'running' ? 'waiting' : notGenerated[order_id] ? 'failed' : 'done',
    message: notGenerated[order_id] ?? null,
  })),
});

let server: FakeApi;
const serve = () =>
  (server = fakeApi([
    [companySearchDataRoute, () => []],
    [printConfigRoute, () => PRINT_CONFIG],
    [reportListRoute, () => ({ list: ROWS, total: 2, page: 1, size: 20 })],
    [reportBatchCurrentRoute, () => ({ batch: latest })],
    [reportBatchStartRoute, (input) => (latest = batchOf(JSON.parse(String(input.order_ids)) as string[]))],
    [reportBatchTicketRoute, (input) => ({ ticket: `t-${String(input.order_id)}`, expires_at: '' })],
    [reportPrintedRoute, (input) => ({ order_id: input.order_id, status: 'report_printed', print_count: 1 })],
  ]));
const recorded = () => server.calls(reportPrintedRoute);

const checkRow = (name: string) =>
  fireEvent.click(within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'));

/** Lets the print service answer the waiting calls one at a time. */
async function answerPrints(count: number) {
  for (let i = 0; i < count; i += 1) {
    await waitFor(() => expect(release.length).toBeGreaterThan(0));
    release.shift()!();
  }
}

describe('报告打印', () => {
  beforeEach(() => {
    printed.length = 0;
    printers.length = 0;
    release = [];
    failTicket = '';
    serviceDown = false;
    latest = null;
    notGenerated = {};
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prints the selected reports one by one on the workstation’s report printer with a progress bar, records them and says all were printed', async () => {
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    checkRow('张*三');
    checkRow('李*四');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));

    const bar = await screen.findByRole('progressbar');
    expect(bar.textContent).toContain('0/2');
    await answerPrints(1);
    await waitFor(() => expect(screen.getByRole('progressbar').textContent).toContain('1/2'));
    await answerPrints(1);

    expect(await screen.findByText('共2份，全部打印成功')).toBeTruthy();
    expect(printed).toEqual([
      `${window.location.origin}/manager/api/report/batch_file?ticket=t-20261121000001`,
      `${window.location.origin}/manager/api/report/batch_file?ticket=t-20261121000002`,
    ]);
    expect(printers).toEqual(['报告打印机', '报告打印机']);
    const records = recorded();
    expect(records).toEqual([{ order_id: '20261121000001' }, { order_id: '20261121000002' }]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a partial batch with the failed report and its reason', async () => {
    failTicket = 't-20261121000002';
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    checkRow('张*三');
    checkRow('李*四');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));
    await answerPrints(2);

    expect((await screen.findAllByText('共2份，成功1份，失败1份')).length).toBeGreaterThan(0);
    expect(screen.getByText('20261121000002：打印机缺纸')).toBeTruthy();
    expect(recorded()).toHaveLength(1);
  });

  it('marks an abnormal report and shows why the server would not print it', async () => {
    server.answer(reportListRoute, () => ({
      list: [ROWS[0], { ...ROWS[1]!, review_exception_flag: '1' }],
      total: 2,
      page: 1,
      size: 20,
    }));
    // The server refuses to generate it, as it refuses to print it (issue 20 batch task).
    notGenerated = { '20261121000002': '该体检报告有未处理的异常，请处理或撤回异常后再打印' };
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    const abnormalRow = screen.getByText('李*四').closest('tr') as HTMLElement;
    expect(within(abnormalRow).getByText('异常')).toBeTruthy();
    expect(within(screen.getByText('张*三').closest('tr') as HTMLElement).queryByText('异常')).toBeNull();

    checkRow('张*三');
    checkRow('李*四');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));
    await answerPrints(1);
    expect((await screen.findAllByText('共2份，成功1份，失败1份')).length).toBeGreaterThan(0);
    expect(screen.getByText('20261121000002：该体检报告有未处理的异常，请处理或撤回异常后再打印')).toBeTruthy();
  });

  it('says all failed when no report printed', async () => {
    failTicket = 't-2026112100000';
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    checkRow('张*三');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));
    await answerPrints(1);

    expect((await screen.findAllByText('共1份，全部打印失败')).length).toBeGreaterThan(0);
    expect(recorded()).toHaveLength(0);
  });

  it('shows a batch still generating after a reload, then offers to print what it generated', async () => {
    latest = batchOf(['20261121000001', '20261121000002'], 'running');
    latest = { ...latest, done: 1, items: [{ ...latest.items[0]!, state: 'done' }, latest.items[1]!] };
    renderScreen(<PrintRpt />);
    const bar = await screen.findByRole('progressbar', { name: '生成进度' });
    expect(bar.textContent).toContain('生成 1/2');

    latest = batchOf(['20261121000001', '20261121000002']);
    const offer = await screen.findByRole('button', { name: '打印已生成的报告' }, { timeout: 15_000 });
    expect(screen.getByText('最近的批量打印任务已生成 2 份报告')).toBeTruthy();
    fireEvent.click(offer);
    await answerPrints(2);
    expect(await screen.findByText('共2份，全部打印成功')).toBeTruthy();
    expect(recorded()).toEqual([{ order_id: '20261121000001' }, { order_id: '20261121000002' }]);
    expect(screen.queryByRole('button', { name: '打印已生成的报告' })).toBeNull();
  });

  it('shows a report printed before prints were recorded as printed, by its report state', async () => {
    const printedEarlier = { ...ROWS[1]!, status: 'report_printed' as const, report_state: 'to_review' as const };
    fakeApi([
      [companySearchDataRoute, () => []],
      [reportListRoute, () => ({ list: [ROWS[0], printedEarlier], total: 2, page: 1, size: 20 })],
      [reportBatchCurrentRoute, () => ({ batch: null })],
    ]);
    renderScreen(<PrintRpt />);
    const printedRow = within((await screen.findByText('李*四')).closest('tr') as HTMLElement);
    expect(printedRow.getByText('已打印')).toBeTruthy();
    expect(printedRow.queryByText('未打印')).toBeNull();
    expect(printedRow.getByText('待审核')).toBeTruthy();
    const waitingRow = within(screen.getByText('张*三').closest('tr') as HTMLElement);
    expect(waitingRow.getByText('未打印')).toBeTruthy();
    expect(waitingRow.getByText('待打印')).toBeTruthy();
  });

  it('marks the selected reports printed by hand after a confirmation (标记已打印)', async () => {
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    checkRow('张*三');
    checkRow('李*四');
    fireEvent.click(screen.getByRole('button', { name: '标记已打印' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定将选中的 2 份报告标记为已打印？/)).toBeTruthy();
    expect(recorded()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '标记已打印' }));

    expect(await screen.findByText('已将 2 份报告标记为已打印')).toBeTruthy();
    const records = recorded();
    expect(records).toEqual([
      { order_id: '20261121000001', marked: '1' },
      { order_id: '20261121000002', marked: '1' },
    ]);
  });

  it('asks 已打印？ after the print service fell back to downloads, and records the ones confirmed', async () => {
    serviceDown = true;
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    checkRow('张*三');
    checkRow('李*四');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('已打印？').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/已下载 2 份报告 PDF/)).toBeTruthy();
    expect(recorded()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '已打印' }));

    expect(await screen.findByText('已将 2 份报告标记为已打印')).toBeTruthy();
    const records = recorded();
    expect(records).toEqual([
      { order_id: '20261121000001', marked: '1' },
      { order_id: '20261121000002', marked: '1' },
    ]);
  });

  it('records nothing when the downloads are not printed yet', async () => {
    serviceDown = true;
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');
    checkRow('张*三');
    fireEvent.click(screen.getByRole('button', { name: '批量打印' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '还没有' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recorded()).toHaveLength(0);
    expect(screen.getByRole('button', { name: '标记已打印' })).toBeTruthy();
  });

  it('opens the report in a dialog as a PDF from a blob address', async () => {
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:report-1');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<PrintRpt />);
    await screen.findByText('张*三');

    fireEvent.click(
      within(screen.getByText('张*三').closest('tr') as HTMLElement).getByRole('button', { name: '预览' }),
    );

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('报告预览 · 20261121000001')).toBeTruthy();
    const frame = await within(dialog).findByTitle('体检报告 20261121000001');
    expect(frame.getAttribute('src')).toBe('blob:report-1');
    expect(fetchMock).toHaveBeenCalledWith('/manager/api/report/report_pdf?order_id=20261121000001', {
      credentials: 'include',
    });
  });

  it('shows the server’s refusal in the dialog instead of a report', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ status: 409, data: null, msg: '该体检尚未终审通过，不能打印报告' }, { status: 409 }),
      ),
    );
    renderScreen(<PrintRpt />);
    await screen.findByText('李*四');
    fireEvent.click(
      within(screen.getByText('李*四').closest('tr') as HTMLElement).getByRole('button', { name: '预览' }),
    );
    expect(await screen.findByText('该体检尚未终审通过，不能打印报告')).toBeTruthy();
  });
});
