import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOM_REPORT_MESSAGES, customReportRolesRoute, customReportSaveRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { ReportEditor } from '../components/report-editor';

describe('自定义报表 editor', () => {
  it('refuses a definition without columns in the server’s words, then saves the chosen columns', async () => {
    const server = fakeApi([
      [customReportRolesRoute, () => [{ id: 3, role_name: '统计员' }]],
      [customReportSaveRoute, (input) => ({ id: 1, ...input })],
    ]);
    const onClose = vi.fn();
    renderScreen(<ReportEditor editing="new" onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('报表名称'), { target: { value: '每日人次' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(CUSTOM_REPORT_MESSAGES.noColumns)).toBeTruthy();
    expect(server.calls(customReportSaveRoute)).toEqual([]);

    fireEvent.click(screen.getByLabelText('登记日期'));
    fireEvent.click(screen.getByLabelText('优惠价'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls(customReportSaveRoute)).toHaveLength(1));
    expect(server.calls(customReportSaveRoute)[0]).toMatchObject({
      name: '每日人次',
      view: 'rpt_visits',
      columns: JSON.stringify(['exam_date', 'price_total']),
      aggregates: '[]',
      role_ids: '[]',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
