import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interfaceErrorResource, interfaceErrorRetryRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import InterfaceErrorLog from '../index';

const row = (id: number, change: Record<string, unknown>) => ({
  id,
  system: 'sms',
  call_name: '报告领取短信通知',
  request_text: '体检号2611250001，张*，138****5678',
  response_text: '短信网关无应答',
  occurred_at: '2026-11-28 09:30:00',
  last_failed_at: '2026-11-28 09:30:00',
  retry_count: 0,
  state: 'pending',
  retryable: true,
  ...change,
});
/** The buttons reading `name` (a text match: a role query walks the whole table in jsdom, seconds each). */
const buttons = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].filter((b) => b.textContent?.replace(/\s/g, '') === name);
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });

/** 接口错误日志: what it adds to the list — 重试 only where the server can run the call again. */
describe('接口错误日志', () => {
  it('offers 重试 for a waiting background send only, and says where the retry went', async () => {
    const api = fakeApi([
      [
        interfaceErrorResource.routes.list,
        () =>
          page([
            row(1, {}),
            row(2, { system: 'email', call_name: '报告电子邮件发送', retryable: false }),
            row(3, { state: 'retried', retry_count: 1 }),
          ]),
      ],
      [interfaceErrorRetryRoute, () => ({ id: 1, message: '已重新排入后台任务（任务号9），稍后刷新查看结果' })],
    ]);
    renderScreen(<InterfaceErrorLog />);
    expect(await screen.findByText('报告电子邮件发送')).toBeTruthy();
    expect(buttons('重试')).toHaveLength(1);
    expect(buttons('放弃')).toHaveLength(2);
    expect(screen.getByText('已重试成功')).toBeTruthy();

    fireEvent.click(buttons('重试')[0]!);
    const confirm = await waitFor(() => {
      const popup = document.querySelector('.ant-popconfirm');
      expect(popup).toBeTruthy();
      return popup!;
    });
    fireEvent.click(buttons('重试', confirm)[0]!);
    await waitFor(() => expect(api.calls(interfaceErrorRetryRoute)).toEqual([{ id: 1 }]));
    expect(await screen.findByText('已重新排入后台任务（任务号9），稍后刷新查看结果')).toBeTruthy();
  });
});
