import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hisMessageResource, hisStatusRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import HisMsg from '../index';

const message = {
  id: 4,
  enabled: true,
  version: 1,
  updated_at: null,
  updated_by_name: null,
  interface_name: '检查申请',
  exam_no: '2611250001',
  msg_type: 'ORM^O01',
  status: 'error',
  direction: 'out',
  call_mode: 'webservice',
  request_text: '<MSH>ORM^O01</MSH>',
  response_text: '连接超时',
  sent_at: '2026-11-25 09:30:00',
};

/** HIS消息: what it adds to the list — the notice once a HIS is configured, and the originals in 查看. */
describe('HIS消息', () => {
  it('names the configured HIS and shows a message’s request and response originals', async () => {
    fakeApi([
      [hisStatusRoute, () => ({ configured: true, interface_name: '东华HIS' })],
      [hisMessageResource.routes.list, () => ({ list: [message], total: 1, total_capped: false, page: 1, size: 20 })],
    ]);
    renderScreen(<HisMsg />);
    expect((await screen.findByRole('status')).textContent).toBe('已配置HIS接口：东华HIS');
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('<MSH>ORM^O01</MSH>')).toBeTruthy();
    expect(within(drawer).getByText('连接超时')).toBeTruthy();
  });
});
