import { Alert } from 'antd';

/** What hiding means, said on both screens (breadth §7): the menu changes, the permission does not. */
export function HiddenNotice() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message="隐藏只影响左侧菜单的显示，不改变权限：角色中已授权的账号仍可通过首页快捷入口、页签或地址打开被隐藏的页面；要收回权限，请在角色管理中修改。"
    />
  );
}

export const KIND_LABELS = { area: '模块', group: '分组', screen: '页面' } as const;
