import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleHoldersRoute, roleMenuRoute, roleResource, roleSaveMenuRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import RoleMgDetail from '../index';

const role = {
  id: 7,
  role_name: '登记员',
  role_key: 'registrar',
  sort: 2,
  data_scope: 'all',
  remark: null,
  holder_count: 0,
  all_menus: false,
  enabled: true,
  version: 3,
  updated_at: null,
  updated_by_name: null,
};
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 10 });
const nodeOf = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!;
const boxOf = (title: string) => nodeOf(title).querySelector('.ant-tree-checkbox')!;

/** 角色详情: the route table's tree as checkboxes, saved as the role's menu keys. */
describe('角色详情', () => {
  it('saves the checked screens and buttons as menu keys, and 全部权限 as *', async () => {
    const api = fakeApi([
      [roleResource.routes.list, () => page([role])],
      [roleMenuRoute, () => ({ id: 7, role_name: '登记员', role_menu: ['exam_mg/order_mg'], version: 3 })],
      [roleHoldersRoute, () => page([])],
      [
        roleSaveMenuRoute,
        (input) => ({ id: 7, role_name: '登记员', role_menu: JSON.parse(String(input.role_menu)), version: 4 }),
      ],
    ]);
    renderScreen(<RoleMgDetail />, { route: '/manager/cfg/role_mg_detail?id=7' });
    // A click on a title opens it; each level is shown once the one above has opened.
    for (const [title, below] of [
      ['体检管理', '登记管理'],
      ['登记管理', '登记详情'],
      ['登记详情', '变更状态（按钮）'],
    ] as const) {
      fireEvent.click(await screen.findByText(title));
      await screen.findByText(below);
    }

    // 登记管理 opens its detail screen too: shown checked, not to be unchecked alone; buttons are apart.
    expect(boxOf('登记管理').className).toContain('ant-tree-checkbox-checked');
    expect(boxOf('登记详情').className).toContain('ant-tree-checkbox-disabled');
    expect(boxOf('变更状态（按钮）').className).not.toContain('ant-tree-checkbox-checked');
    fireEvent.click(boxOf('变更状态（按钮）'));
    fireEvent.click(boxOf('首页'));
    fireEvent.click(screen.getByRole('button', { name: '保存权限' }));
    await waitFor(() => expect(api.calls(roleSaveMenuRoute)).toHaveLength(1));
    expect(api.calls(roleSaveMenuRoute)[0]).toEqual({
      id: 7,
      version: 3,
      role_menu: JSON.stringify(['exam_mg/home_page', 'exam_mg/order_mg', 'exam_mg/order_mg_detail:change_status']),
    });

    fireEvent.click(await screen.findByRole('switch', { name: '全部权限' }));
    fireEvent.click(screen.getByRole('button', { name: '保存权限' }));
    await waitFor(() => expect(api.calls(roleSaveMenuRoute)).toHaveLength(2));
    // The tree starts again from what was saved, at its new version.
    expect(api.calls(roleSaveMenuRoute)[1]).toEqual({ id: 7, version: 4, role_menu: '["*"]' });
  });
});
