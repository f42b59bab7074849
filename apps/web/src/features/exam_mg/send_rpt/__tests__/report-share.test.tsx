import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  reportShareCreateRoute,
  reportShareListRoute,
  reportShareRevokeRoute,
  type ReportShareRow,
} from '@checkup/api-contract';
import type { FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { serveReportSending } from '../../shared/report-delivery/__tests__/sending-server';
import SendRpt from '../index';

const ORDER = '20261121000001';
const share = (id: number, state: ReportShareRow['state']): ReportShareRow => ({
  share_id: id,
  order_id: ORDER,
  state,
  valid_days: 30,
  expires_at: '2026-12-21T04:00:00.000Z',
  created_by: '吴静',
  created_at: '2026-11-21T04:00:00.000Z',
  revoked_by: state === 'revoked' ? '吴静' : null,
  revoked_at: state === 'revoked' ? '2026-11-22T04:00:00.000Z' : null,
  wrong_codes: 0,
  open_count: 2,
  last_opened_at: '2026-11-21T05:00:00.000Z',
  last_opened_ip: '10.9.8.7',
});

let server: FakeApi;
let shares: ReportShareRow[];

describe('报告发送 · 电子报告分享', () => {
  beforeEach(() => {
    shares = [];
    server = serveReportSending();
    server.answer(reportShareListRoute, () => ({ list: shares }));
    server.answer(reportShareCreateRoute, (input) => {
      shares = [share(7, 'active')];
      return {
        share: shares[0]!,
        token: 'TOKEN_abcdefghijklmnopqrstu',
        code: 'K7P2QX',
        path: `/#/report_share?t=TOKEN_abcdefghijklmnopqrstu&d=${String(input.valid_days)}`,
      };
    });
    server.answer(reportShareRevokeRoute, () => {
      shares = [share(7, 'revoked')];
      return shares[0]!;
    });
  });

  it('makes a link for the chosen span, shows the link and code once, and revokes it after confirming', async () => {
    renderScreen(<SendRpt />);
    fireEvent.click(await screen.findByText('王*五'));
    const panel = (await screen.findByText('电子报告分享')).closest('.ant-card') as HTMLElement;
    expect(await within(panel).findByText('还没有分享链接')).toBeTruthy();

    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: '有效期' }));
    fireEvent.click(await screen.findByTitle('30天'));
    fireEvent.click(within(panel).getByRole('button', { name: '生成分享链接' }));

    await waitFor(() => expect(server.calls(reportShareCreateRoute)).toEqual([{ order_id: ORDER, valid_days: 30 }]));
    const made = await within(panel).findByRole('status', { name: '新分享链接' });
    expect(made.textContent).toContain(`http://localhost:8081/#/report_share?t=TOKEN_abcdefghijklmnopqrstu&d=30`);
    expect(made.textContent).toContain('提取码：K7P2QX');
    expect(await within(panel).findByText('有效')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: '撤销' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(server.calls(reportShareRevokeRoute)).toEqual([{ share_id: 7 }]));
    expect(await within(panel).findByText('已撤销')).toBeTruthy();
  });
});
