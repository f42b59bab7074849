import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OCCU_PENDING, biOptionsRoute, occuEmployerReport, occuFactorReport } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { OccuTutelageScreen } from '../index';

const result = (list: Record<string, string | number>[]) => ({
  list,
  total: list.length,
  page: 1,
  size: 20,
  summary: { visit_count: 3 },
  as_of: null,
});

describe('职业健康监护', () => {
  it('shows the summary by employer, then by harm factor, and says plainly what is not recorded yet', async () => {
    const server = fakeApi([
      [biOptionsRoute, () => []],
      [occuEmployerReport.routes.query, () => result([{ company_id: 1, company_name: '甲公司', visit_count: 3 }])],
      [
        occuFactorReport.routes.query,
        () => result([{ factor_key: 'k', category_name: '物理因素', factor_name: '噪声', visit_count: 3 }]),
      ],
    ]);
    renderScreen(<OccuTutelageScreen />, { route: '/manager/bi/occu_tutelage' });
    expect(await screen.findByText('甲公司')).toBeTruthy();
    expect(screen.getAllByText(new RegExp(OCCU_PENDING)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: '按危害因素类别' }));
    expect(await screen.findByText('噪声')).toBeTruthy();
    await waitFor(() => expect(server.call).toHaveBeenCalledWith(occuFactorReport.routes.query, expect.anything()));
  });
});
