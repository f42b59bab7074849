import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hisChangeHandleRoute, hisChangeResource, hisStatusRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import HisChangeHandling from '../index';

const change = {
  id: 5,
  enabled: true,
  version: 1,
  updated_at: null,
  updated_by_name: null,
  exam_no: '2611250001',
  customer_name: '张三',
  change_type: 'refund',
  content: '退项：胸部CT',
  state: 'pending',
  note: null,
  created_at: '2026-11-25 09:30:00',
};
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });

/** HIS变更处理: what it adds to the list — the notice without a HIS, and 处理/重发/忽略. */
describe('HIS变更处理', () => {
  it('says plainly that no HIS is configured, keeps 重发 off, and 处理 sends the note at the version read', async () => {
    const api = fakeApi([
      [hisStatusRoute, () => ({ configured: false, interface_name: null })],
      [hisChangeResource.routes.list, () => page([change])],
      [hisChangeHandleRoute, () => ({ ...change, state: 'handled', version: 2 })],
    ]);
    renderScreen(<HisChangeHandling />);
    expect((await screen.findByRole('status')).textContent).toMatch(/^未配置HIS接口：/);
    expect(await screen.findByText('退项：胸部CT')).toBeTruthy();
    expect((screen.getByRole('button', { name: '重发' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '已在HIS退费' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /处\s*理/ }));
    await waitFor(() =>
      expect(api.calls(hisChangeHandleRoute)).toEqual([{ id: 5, version: 1, action: 'handle', note: '已在HIS退费' }]),
    );
  });
});
