import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { biOptionsRoute, paymentMethodStatisticsReport, settlementDetailsReport } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { reportScreen } from '../report-screen';

const SETTLEMENT_ROW = {
  settlement_id: 7,
  settlement_no: 'JS202611290001',
  order_no: 'TDRE000001',
  company_name: '报表测试单位',
  settle_date: '2026-11-29',
  person_count: 1,
  receivable: '255.00',
  settle_amount: '255.00',
  fee_total: '10.00',
  deduction: '5.01',
  paid: '259.99',
  methods: '现金、转账',
  operator_name: '管理员',
  settled_at: '2026-11-29 16:00:00',
};

describe('报表导出 reports on ReportScreen', () => {
  it('结算明细 shows a statement with its 合计 row and drills to its payment lines', async () => {
    const api = fakeApi([
      [
        settlementDetailsReport.routes.query,
        () => ({
          list: [SETTLEMENT_ROW],
          total: 1,
          page: 1,
          size: 20,
          summary: { person_count: 1, receivable: '255.00', paid: '259.99', deduction: '5.01' },
          as_of: null,
        }),
      ],
      [
        settlementDetailsReport.routes.drill,
        () => ({
          list: [{ id: 1, paid_at: '2026-11-29 16:00:00', method_name: '转账', amount: '200.00', kind_name: '收费' }],
          total: 1,
          page: 1,
          size: 20,
        }),
      ],
      [biOptionsRoute, () => []],
    ]);
    renderScreen(createElement(reportScreen(settlementDetailsReport)));
    const row = await screen.findByText('JS202611290001');
    expect(screen.getByText('合计')).toBeTruthy();
    expect(screen.getAllByText('259.99')).toHaveLength(2);
    fireEvent.click(row);
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByText('200.00')).toBeTruthy());
    expect(api.calls(settlementDetailsReport.routes.drill)[0]).toMatchObject({ row_key: '7' });
  });

  it('支付方式统计 asks by day and charts each method', async () => {
    const api = fakeApi([
      [
        paymentMethodStatisticsReport.routes.query,
        () => ({
          list: [{ period: '2026-11-29', cash_count: 4, cash_amount: '1160.49', line_count: 7, amount: '1573.32' }],
          total: 1,
          page: 1,
          size: 20,
          summary: { cash_count: 4, cash_amount: '1160.49', line_count: 7, amount: '1573.32' },
          as_of: null,
        }),
      ],
      [biOptionsRoute, () => []],
    ]);
    renderScreen(createElement(reportScreen(paymentMethodStatisticsReport)));
    const [table] = await screen.findAllByRole('table');
    await waitFor(() => expect(within(table!).getByText('2026-11-29')).toBeTruthy());
    // The day's row and the 合计 row.
    expect(within(table!).getAllByText('1573.32')).toHaveLength(2);
    expect(api.calls(paymentMethodStatisticsReport.routes.query)[0]).toMatchObject({ date_kind: 'charge' });
  });
});
