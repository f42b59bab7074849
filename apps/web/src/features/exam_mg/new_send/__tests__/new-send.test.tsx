import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportSendRoute } from '@checkup/api-contract';
import type { FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { serveReportSending } from '../../shared/report-delivery/__tests__/sending-server';
import NewSend from '../index';

let server: FakeApi;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const sent = () => server.calls(reportSendRoute);

describe('新增发送', () => {
  beforeEach(() => {
    server = serveReportSending();
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
