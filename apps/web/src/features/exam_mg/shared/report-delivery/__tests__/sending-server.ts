import {
  companySearchDataRoute,
  reportListRoute,
  reportSendRoute,
  reportShareListRoute,
  type ReportListRow,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';

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

/**
 * The server as 报告发送 and 新增发送 see it: two reports to send (王*五, 赵*六); a sending records the
 * first of the reports sent and refuses the rest.
 */
export const serveReportSending = () =>
  fakeApi([
    [companySearchDataRoute, () => []],
    [reportListRoute, () => ({ list: ROWS, total: 2, page: 1, size: 20 })],
    // 报告发送's share panel (issue 20) lists the chosen visit's links: none yet.
    [reportShareListRoute, () => ({ list: [] })],
    [
      reportSendRoute,
      (input) => {
        const ids = JSON.parse(String(input.order_ids)) as string[];
        const results = ids.map((id, i) => ({
          order_id: id,
          ok: i === 0,
          message: i === 0 ? '自取：已当面领取' : '报告尚未审核通过，不能发送',
          status: i === 0 ? 'report_sent' : null,
        }));
        return { total: ids.length, success: 1, results };
      },
    ],
  ]);
