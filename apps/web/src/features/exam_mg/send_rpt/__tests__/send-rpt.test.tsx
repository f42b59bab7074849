import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportSendRoute } from '@checkup/api-contract';
import type { FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { serveReportSending } from '../../shared/report-delivery/__tests__/sending-server';
import SendRpt from '../index';

let server: FakeApi;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const sent = () => server.calls(reportSendRoute);

describe('报告发送', () => {
  beforeEach(() => {
    server = serveReportSending();
  });

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
});
