import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { biOptionsRoute, biRefreshRoute, defineReport, userInfoRoute, type BiResult } from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { ReportScreen } from '../report-screen';

/** A stats report with a ratio column and a drill-down: what every 统计分析 screen is made of. */
const report = defineReport({
  screen: 'bi/dept_ana',
  key: 'test_dept',
  title: '测试科室统计',
  dateKinds: ['register', 'audit'],
  filters: [{ key: 'dept_id', label: '科室', kind: 'source', source: 'dept' }],
  columns: [
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'visits', title: '人次', kind: 'count' },
    { key: 'done', title: '已检', kind: 'count' },
    { key: 'rate', title: '完成率', kind: 'percent', ratio: ['done', 'visits'] },
    { key: 'amount', title: '优惠金额', kind: 'money' },
  ],
  rowKey: ['dept_id'],
  drillColumns: [
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
  ],
  source: 'stats',
});

const result: BiResult = {
  list: [
    { dept_id: 1, dept_name: '内科', visits: 1200, done: 1100, rate: 91.67, amount: '36000.50' },
    { dept_id: 2, dept_name: '眼科', visits: 300, done: 150, rate: 50, amount: '4500.00' },
  ],
  total: 2,
  page: 1,
  size: 20,
  summary: { visits: 1500, done: 1250, rate: 83.33, amount: '40500.50' },
  as_of: '2026-11-29T01:02:03.000Z',
};

let server: FakeApi;

describe('统计报表 (the shared report screen)', () => {
  beforeEach(() => {
    server = fakeApi([
      [userInfoRoute, () => ({ id: 1, user_account: 'a', user_name: '甲', role_menu: ['bi/dept_ana'] })],
      [report.routes.query, () => result],
      [
        report.routes.drill,
        () => ({ list: [{ id: 7, order_id: '202611290001', amount: '30.00' }], total: 1, page: 1, size: 20 }),
      ],
      [biOptionsRoute, () => [{ value: '1', label: '内科' }]],
      [biRefreshRoute, () => ({ as_of: '2026-11-29T02:00:00.000Z', visits: 1500, lines: 9000, last_ms: 40 })],
    ]);
  });

  it('queries this month by 登记日期, shows the totals row, the as-of time, and drills into a row', async () => {
    renderScreen(<ReportScreen report={report} />);
    const row = (await screen.findByText('内科')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1,200')).toBeTruthy();
    expect(within(row).getByText('91.67%')).toBeTruthy();
    expect(within(row).getByText('36000.50')).toBeTruthy();
    const [call] = server.calls(report.routes.query) as Record<string, unknown>[];
    expect(call).toMatchObject({ date_kind: 'register', page: 1, size: 20 });
    expect(String(call!.date_from)).toMatch(/^\d{4}-\d{2}-01$/);
    const totals = screen.getByText('合计').closest('tr') as HTMLElement;
    expect(within(totals).getByText('40500.50')).toBeTruthy();
    expect(within(totals).getByText('83.33%')).toBeTruthy();
    expect(screen.getByText(/数据截至/).textContent).toMatch(/2026-11-29 \d{2}:02:03/);

    fireEvent.click(row);
    expect(await screen.findByText('202611290001')).toBeTruthy();
    const [drill] = server.calls(report.routes.drill) as Record<string, unknown>[];
    expect(drill).toMatchObject({ row_key: '1' });
  });

  it('refreshes the statistics on demand and queries again', async () => {
    renderScreen(<ReportScreen report={report} />);
    await screen.findByText('内科');
    fireEvent.click(screen.getByRole('button', { name: /刷新统计/ }));
    await waitFor(() => expect(server.calls(biRefreshRoute)).toHaveLength(1));
    expect(await screen.findByText('统计数据已刷新，共 1,500 人次')).toBeTruthy();
    await waitFor(() => expect(server.calls(report.routes.query).length).toBeGreaterThanOrEqual(2));
  });
});
