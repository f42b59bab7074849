import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  selfPrintFindExamineeRoute,
  selfPrintMarkPrintedRoute,
  selfPrintReportListRoute,
  versionRoute,
} from '@checkup/api-contract';
import { ApiError } from '../../../lib/api-error';
import { SCAN_ROUTE_KEY } from '../../../lib/scan-route';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render-screen';
import SelfPrintWelcome from '../index';
import SelfPrintReportList from '../report-list';
import SelfPrintScanIdCard from '../scan-idcard';
import SelfPrintUserInfo from '../user-info';

const read = vi.fn();
vi.mock('../kiosk-reader', () => ({ createKioskReader: () => ({ read, cancel: vi.fn() }) }));

const ID_CARD = '11010119800506123X';
const TICKET = '42.1790000000.abcdefghijk';
const card = { cust_name: '张小三', gender: '1', cust_birthday: '1980-05-06', age: 46, cust_id_card: ID_CARD };
const examinee = {
  ticket: TICKET,
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  cust_name: '张*三',
  sex: '1',
  age: 46,
  cust_id_card: '110101********123X',
};

let server: FakeApi;
function serve({ found = true } = {}) {
  server = fakeApi([
    [versionRoute, () => ({ name: '体检管理系统', version: '1', service_type: 1 })],
    [
      selfPrintFindExamineeRoute,
      (input) => {
        if (!found)
          throw new ApiError(404, '未找到您的体检记录，请确认身份证或到服务台咨询', selfPrintFindExamineeRoute.path);
        expect(input).toEqual({ cust_id_card: ID_CARD });
        return examinee;
      },
    ],
    [
      selfPrintReportListRoute,
      (input) => {
        expect(input).toEqual({ ticket: TICKET });
        return {
          list: [
            {
              order_id: '20261102000001',
              exam_date: '2026-11-02',
              package_name: '入职套餐',
              status: 'final_trial',
              print_count: 0,
            },
          ],
        };
      },
    ],
    [selfPrintMarkPrintedRoute, (input) => ({ order_id: input.order_id, status: 'report_printed', print_count: 1 })],
  ]);
}

/** The local print service on the kiosk PC: answers its root and prints every file. */
function printService() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.includes('printword') ? { status: true, data: [{ value: 1 }] } : { status: true };
      return { ok: true, status: 200, text: async () => JSON.stringify(body) };
    }),
  );
  return urls;
}

/** The kiosk's four pages (they carry no antd), starting at `path`. */
function renderKiosk(path = '/self_print') {
  const { [path]: start, ...pages } = {
    '/self_print': <SelfPrintWelcome />,
    '/self_print/scan_idcard': <SelfPrintScanIdCard />,
    '/self_print/user_info': <SelfPrintUserInfo />,
    '/self_print/report_list': <SelfPrintReportList />,
  } as Record<string, React.JSX.Element>;
  return renderScreen(start!, { route: path, pages, antd: false }).router;
}

describe('self-print kiosk', () => {
  beforeEach(() => {
    read.mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes from the welcome screen through the ID card and the examinee to printing a report', async () => {
    serve();
    read.mockResolvedValue({ ok: true, data: card });
    const urls = printService();
    const router = renderKiosk();

    fireEvent.click(await screen.findByRole('button', { name: /开始打印/ }));
    expect((await screen.findByTestId('kiosk-name')).textContent).toContain('张*三');
    expect(screen.getByText('110101********123X')).toBeTruthy();
    expect(screen.queryByText('张小三')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '确 认' }));
    expect(await screen.findByText('体检套餐：入职套餐')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /打\s?印/ }));

    expect((await screen.findByRole('status')).textContent).toContain('打印成功，请在出纸口取走您的报告');
    const printword = new URL(urls.find((u) => u.includes('printword'))!);
    const [file] = JSON.parse(printword.searchParams.get('word_list')!) as string[];
    expect(new URL(file!).searchParams.get('ticket')).toBe(TICKET);
    expect(new URL(file!).pathname).toBe('/manager/api/selfprint/report_pdf');
    expect(server.call).toHaveBeenCalledWith(selfPrintMarkPrintedRoute, { ticket: TICKET, order_id: '20261102000001' });
    expect(JSON.parse(sessionStorage.getItem(SCAN_ROUTE_KEY)!)).toEqual([
      '/self_print',
      '/self_print/scan_idcard',
      '/self_print/user_info',
      '/self_print/report_list',
    ]);
    expect(router.state.location.pathname).toBe('/self_print/report_list');
  });

  it('says so when the print service is not running, and records no print', async () => {
    serve();
    sessionStorage.setItem('self_print_examinee', JSON.stringify(examinee));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderKiosk('/self_print/report_list');

    fireEvent.click(await screen.findByRole('button', { name: /打\s?印/ }));
    const alert = (await screen.findByRole('alert')).textContent;
    expect(alert).toContain('打印服务未启动');
    expect(alert).toContain('请联系服务台工作人员');
    expect(server.call).not.toHaveBeenCalledWith(selfPrintMarkPrintedRoute, expect.anything());
  });

  it('says so in Chinese when nobody has the card, and reads again on request', async () => {
    serve({ found: false });
    read.mockResolvedValue({ ok: true, data: card });
    renderKiosk('/self_print/scan_idcard');

    expect((await screen.findByRole('alert')).textContent).toContain('未找到您的体检记录，请确认身份证或到服务台咨询');
    fireEvent.click(screen.getByRole('button', { name: '重新读卡' }));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it('shows the reader’s message when the card cannot be read', async () => {
    serve();
    read.mockResolvedValue({ ok: false, error: 'unreachable', message: '请打开身份证读卡助手或读卡服务' });
    renderKiosk('/self_print/scan_idcard');
    expect((await screen.findByRole('alert')).textContent).toContain('请打开身份证读卡助手或读卡服务');
  });

  it('sends a page without a ticket back to the start', async () => {
    serve();
    const router = renderKiosk('/self_print/report_list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/self_print'));
    expect(server.call).not.toHaveBeenCalledWith(selfPrintReportListRoute, expect.anything());
  });

  it('returns to the start and forgets the examinee after 60 s without a touch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    sessionStorage.setItem('self_print_examinee', JSON.stringify(examinee));
    const router = renderKiosk('/self_print/user_info');
    expect((await screen.findByTestId('kiosk-name')).textContent).toContain('张*三');

    act(() => vi.advanceTimersByTime(50_000));
    fireEvent.pointerDown(window);
    act(() => vi.advanceTimersByTime(50_000));
    expect(router.state.location.pathname).toBe('/self_print/user_info');

    act(() => vi.advanceTimersByTime(10_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/self_print'));
    expect(sessionStorage.getItem('self_print_examinee')).toBeNull();
    expect(await screen.findByRole('button', { name: /开始打印/ })).toBeTruthy();
  });
});
