import { useCallback } from 'react';
import { App, type MenuProps } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { SWITCHABLE_SERVICE_TYPES, type SwitchableServiceType } from '@checkup/api-contract';
import { useVersion } from '../api/get-version';
import { setServiceType } from '../../features/session/api/set-service-type';
import {
  LAST_EXTERNAL_REPORT_ID_KEY,
  switchServerMode,
  withoutExternalTabs,
} from '../../features/session/switch-server-mode';
import { loadTabs, saveTabs } from './tabs-store';

const KEY_PREFIX = 'service-mode:';

/** The 切换服务模式 entry of the user menu: 体检服务器 (1) and 外部服务器 (2), spec §4. */
export const serverModeMenuItem: NonNullable<MenuProps['items']>[number] = {
  key: 'service-mode',
  icon: <SwapOutlined aria-hidden />,
  label: '切换服务模式',
  children: ([1, 2] as const).map((type) => ({ key: `${KEY_PREFIX}${type}`, label: SWITCHABLE_SERVICE_TYPES[type] })),
};

/**
 * Wires switchServerMode to antd's message and modal, the stored tabs and the page. Answers a menu
 * click handler that says whether the key was one of its own.
 */
export function useServerModeSwitch(reload: () => void = () => window.location.reload()) {
  const { message, modal } = App.useApp();
  const version = useVersion();
  const activeType = version.data?.service_type;

  return useCallback(
    (key: string): boolean => {
      if (!key.startsWith(KEY_PREFIX)) return false;
      const target = Number(key.slice(KEY_PREFIX.length)) as SwitchableServiceType;
      void switchServerMode(target, {
        activeType,
        warn: (text) => void message.warning(text),
        fail: (text) => void message.error(text),
        confirm: (title, content) =>
          new Promise<boolean>((resolve) => {
            modal.confirm({
              title,
              content,
              okText: '确定',
              cancelText: '取消',
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            });
          }),
        removeExternalTabs: () => saveTabs(withoutExternalTabs(loadTabs())),
        clearLastExternalReportId: () => localStorage.removeItem(LAST_EXTERNAL_REPORT_ID_KEY),
        postServiceType: setServiceType,
        reload,
      });
      return true;
    },
    [activeType, message, modal, reload],
  );
}
