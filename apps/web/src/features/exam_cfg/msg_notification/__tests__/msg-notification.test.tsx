import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { msgTemplateResource } from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import MsgNotification from '../index';

const { routes } = msgTemplateResource;
let server: FakeApi;

/** What 消息通知 adds to the generic screen: the variables to insert and the preview with sample values. */
describe('消息通知', () => {
  beforeEach(() => {
    server = fakeApi([[routes.list, () => ({ list: [], total: 0, total_capped: false, page: 1, size: 20 })]]);
  });

  it('previews the text with sample values and names an unknown variable with the allowed ones', async () => {
    renderScreen(<MsgNotification />);
    fireEvent.click(await screen.findByRole('button', { name: /新增消息模板/ }));
    const form = screen.getByRole('form', { name: '消息模板' });
    const content = within(form).getByLabelText('消息内容');
    fireEvent.change(content, { target: { value: '{姓名}您好，报告已完成。' } });
    fireEvent.click(within(form).getByRole('button', { name: '{体检号}' }));
    expect(await within(form).findByText('张三您好，报告已完成。TJ202611250001')).toBeTruthy();

    fireEvent.change(content, { target: { value: '{姓名}您好，{手机号}' } });
    expect(await within(form).findByText(/^不认识的变量\{手机号\}，可用的变量：\{姓名\}、/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(server.calls(routes.save)).toEqual([]);
  });
});
