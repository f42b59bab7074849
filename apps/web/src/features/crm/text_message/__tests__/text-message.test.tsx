import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  smsCancelRoute,
  smsMessageResource,
  smsPreviewRoute,
  smsSendRoute,
  smsTemplatesRoute,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import TextMessage from '../index';

const CONTENT = '{姓名}您好，您{体检日期}的体检报告（体检号{体检号}）已完成。';
const row = {
  id: 7,
  batch_no: 'SMS1',
  order_id: '20261121900001',
  recipient_name: '赵*',
  phone: '138****0001',
  template_name: '报告完成通知',
  content: '赵一您好，您2026-11-21的体检报告（体检号20261121900001）已完成。',
  state: 'waiting',
  scheduled_at: '2026-11-29 09:00:00',
  finished_at: null,
  detail: null,
  operator_name: '短信发送员',
  created_at: '2026-11-28 20:00:00',
};
const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) });

/** 短信管理: what the screen adds — the template, recipients, 预览 of the first message, 发送, 取消发送. */
describe('短信管理', () => {
  it('previews the first message, sends to the typed 体检号, and cancels a waiting one', async () => {
    const api = fakeApi([
      [smsTemplatesRoute, () => ({ list: [{ id: 3, template_name: '报告完成通知', content: CONTENT }] })],
      [smsMessageResource.routes.list, () => ({ list: [row], total: 1, total_capped: false, page: 1, size: 20 })],
      [
        smsPreviewRoute,
        () => ({ count: 1, skipped: 0, first: { recipient: '赵一', phone: '138****0001', content: row.content } }),
      ],
      [smsSendRoute, () => ({ batch_no: 'SMS2', count: 1, skipped: 0 })],
      [smsCancelRoute, () => ({ id: 7, state: 'cancelled' })],
    ]);
    renderScreen(<TextMessage />);
    fireEvent.mouseDown(await screen.findByLabelText('短信模板'));
    const options = document.querySelector('.ant-select-dropdown') as HTMLElement;
    fireEvent.click(await within(options).findByTitle('报告完成通知'));
    expect(await screen.findByText(CONTENT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('体检号'), { target: { value: '20261121900001' } });

    fireEvent.click(button('预览'));
    expect(await screen.findByText('共1条；第一条发给赵一 138****0001')).toBeTruthy();
    const recipients = JSON.stringify({ mode: 'orders', order_ids: '20261121900001' });
    expect(api.calls(smsPreviewRoute)).toEqual([{ template_id: 3, recipients }]);

    fireEvent.click(button('立即发送'));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(api.calls(smsSendRoute)).toEqual([{ template_id: 3, recipients }]));
    expect(await screen.findByText('已提交1条短信（批次SMS2）')).toBeTruthy();

    fireEvent.click(button('取消发送'));
    const confirms = await screen.findAllByRole('tooltip');
    fireEvent.click(within(confirms.at(-1)!).getByRole('button', { name: '取消发送' }));
    await waitFor(() => expect(api.calls(smsCancelRoute)).toEqual([{ id: 7 }]));
  });
});
