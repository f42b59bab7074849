import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unionResource } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import MutexCfg from '../index';

const union = (id: number, code: string, name: string, mutex: number[]) => ({
  id,
  union_code: code,
  union_name: name,
  dept_id: 3,
  dept_name: '放射科',
  work_group_id: null,
  price: '80.00',
  gender_limit: '0',
  specimen: null,
  pinyin: null,
  sort: 0,
  item_ids: [11],
  mutex_ids: mutex,
  enabled: true,
  version: 4,
  updated_at: null,
  updated_by_name: null,
});
const dr = union(1, 'XBDR', '胸部DR', [2]);
const ct = union(2, 'XBCT', '胸部CT', [1]);

/** 互斥配置: one union's exclusions, removed (both ways, by the server) with the rest of the union as read. */
describe('互斥配置', () => {
  it("lists a union's exclusions and removes one by saving the union at the version read", async () => {
    const server = fakeApi([
      [unionResource.routes.detail, () => dr],
      [unionResource.routes.list, () => ({ list: [ct], total: 1, total_capped: false, page: 1, size: 200 })],
      [unionResource.routes.save, () => ({ ...dr, mutex_ids: [], version: 5 })],
    ]);
    renderScreen(<MutexCfg />, { route: '/manager/exam_cfg/mutex_cfg?id=1' });
    expect(await screen.findByText('互斥配置：胸部DR')).toBeTruthy();
    expect(await screen.findByText('XBCT')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '移除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls(unionResource.routes.save)).toHaveLength(1));
    expect(server.calls(unionResource.routes.save)[0]).toMatchObject({
      id: 1,
      version: 4,
      union_code: 'XBDR',
      price: '80.00',
      item_ids: [11],
      mutex_ids: '[]',
    });
    expect(await screen.findByText('已取消互斥')).toBeTruthy();
  });
});
