import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  companySearchDataRoute,
  reportListRoute,
  reportSendRoute,
  type ReportListRow,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: SendRpt } = await import('../index');
const { default: NewSend } = await import('../../new_send/index');

const row = (orderId: string, name: string): ReportListRow => ({
  order_id: orderId,
  cust_name: name,
  special_flag: '0',
  sex: '2',
  age: 38,
  exam_type: 'health',
  exam_date: '2026-11-21',
  status: 'report_printed',
  report_state: 'to_send',
  package_name: null,
  company_name: '示范单位',
  print_count: 1,
  last_printed_at: '2026-11-21T03:00:00.000Z',
  review_result: 'pass',
  review_reason: null,
  reviewed_at: '2026-11-21T04:00:00.000Z',
  delivery_count: 0,
  last_delivery_method: null,
  last_delivered_at: null,
  review_exception_flag: '0',
});
const ROWS = [row('20261121000001', '王*五'), row('20261121000002', '赵*六')];

function serve() {
  call.mockImplementation(async (route: RouteDescriptor, input: Record<string, unknown>) => {
    if (route === companySearchDataRoute) return [];
    if (route === reportListRoute) return { list: ROWS, total: 2, page: 1, size: 20 };
    if (route === reportSendRoute) {
      const ids = JSON.parse(String(input.order_ids)) as string[];
      const results = ids.map((id, i) => ({
        order_id: id,
        ok: i === 0,
        message: i === 0 ? '自取：已当面领取' : '报告尚未审核通过，不能发送',
        status: i === 0 ? 'report_sent' : null,
      }));
      return { total: ids.length, success: 1, results };
    }
    throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
  });
}

const renderScreen = (screenElement: React.ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{screenElement}</App>
    </QueryClientProvider>,
  );

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const sent = () => call.mock.calls.filter(([route]) => route === reportSendRoute).map(([, input]) => input);

configure({ asyncUtilTimeout: 5000 });

describe('报告发送', { timeout: 20_000 }, () => {
  beforeEach(() => {
    call.mockReset();
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for what a mail needs before sending anything, then records it', async () => {
    renderScreen(<SendRpt />);
    fireEvent.click(within(await screen.findByText('王*五').then(() => rowOf('王*五'))).getByRole('radio'));
    fireEvent.click(await screen.findByRole('radio', { name: '邮寄' }));
    await screen.findByLabelText('邮寄地址');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));

    expect(await screen.findByText('请填写收件人')).toBeTruthy();
    expect(screen.getByText('请填写邮寄地址')).toBeTruthy();
    expect(screen.getByText('请填写运单号')).toBeTruthy();
    expect(sent()).toEqual([]);

    fireEvent.change(screen.getByLabelText('收件人'), { target: { value: '王五' } });
    fireEvent.change(screen.getByLabelText('邮寄地址'), { target: { value: '北京市东城区某路1号' } });
    fireEvent.change(screen.getByLabelText('运单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));

    await waitFor(() =>
      expect(sent()).toEqual([
        {
          order_ids: '["20261121000001"]',
          method: 'mail',
          recipient: '王五',
          destination: '北京市东城区某路1号',
          tracking_no: 'SF1234567890',
        },
      ]),
    );
    expect(await screen.findByText('王*五的报告已发送（自取：已当面领取）')).toBeTruthy();
  });

  it('checks an e-mail address with the contract’s message', async () => {
    renderScreen(<SendRpt />);
    await screen.findByText('赵*六');
    fireEvent.click(rowOf('赵*六'));
    fireEvent.click(await screen.findByRole('radio', { name: '电子邮件' }));
    fireEvent.change(await screen.findByLabelText('电子邮箱'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('电子邮箱格式不正确')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('sends several by pickup at once and lists the ones refused', async () => {
    renderScreen(<NewSend />);
    await screen.findByText('王*五');
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rowOf('王*五')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('赵*六')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('请填写领取人')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('领取人'), { target: { value: '单位联系人' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));

    await waitFor(() =>
      expect(sent()).toEqual([
        { order_ids: '["20261121000001","20261121000002"]', method: 'pickup', recipient: '单位联系人' },
      ]),
    );
    expect((await screen.findAllByText('共2份，成功1份，失败1份')).length).toBeGreaterThan(0);
    expect(screen.getByText('20261121000002：报告尚未审核通过，不能发送')).toBeTruthy();
  });
});
