import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { reportShareOpenRoute, SHARE_MESSAGES, versionRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render-screen';
import ReportSharePage from '../index';

const TOKEN = 'TOKEN_abcdefghijklmnopqrstu';

describe('电子体检报告 (the public share page)', () => {
  it('says a wrong code as the server does, then offers the PDF for the right one', async () => {
    const server = fakeApi([
      [versionRoute, () => ({ name: '示范体检中心' })],
      [
        reportShareOpenRoute,
        (input) => {
          if (input.code !== 'K7P2QX') throw new ApiError(400, SHARE_MESSAGES.wrongCode(4), reportShareOpenRoute.path);
          return {
            ticket: '7.1790000000.sig',
            expires_at: '2026-11-21T04:15:00.000Z',
            cust_name: '钱*享',
            order_id: '20261121000001',
            exam_date: '2026-11-21',
            package_name: '入职体检',
            link_expires_at: null,
          };
        },
      ],
    ]);
    renderScreen(<ReportSharePage />, { route: `/report_share?t=${TOKEN}`, antd: false });

    const code = await screen.findByLabelText('提取码');
    fireEvent.change(code, { target: { value: 'AAAAAA' } });
    fireEvent.click(screen.getByRole('button', { name: '查看报告' }));
    expect(await screen.findByText('提取码不正确，还可尝试4次')).toBeTruthy();

    fireEvent.change(code, { target: { value: 'K7P2QX' } });
    fireEvent.click(screen.getByRole('button', { name: '查看报告' }));
    const download = await screen.findByRole('link', { name: '下载体检报告（PDF）' });
    expect(download.getAttribute('href')).toBe('/manager/api/report_share/pdf?ticket=7.1790000000.sig');
    expect(screen.getByText('钱*享')).toBeTruthy();
    expect(screen.getByText('长期有效')).toBeTruthy();
    await waitFor(() =>
      expect(server.calls(reportShareOpenRoute)).toEqual([
        { token: TOKEN, code: 'AAAAAA' },
        { token: TOKEN, code: 'K7P2QX' },
      ]),
    );
  });
});
