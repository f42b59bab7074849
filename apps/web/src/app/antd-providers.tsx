import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useVersion } from './api/get-version';
import { themeColorOf } from './theme';

// Spec §1: the date locale is Chinese.
dayjs.locale('zh-cn');

/**
 * antd's locale and the theme colour of spec §1. Only the lazy pages that use antd wrap themselves
 * in it (the manager shell, the maintenance and developing pages): the login route carries no antd
 * at all (bench:web, target ≤ 200 kB gzip).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const version = useVersion();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: themeColorOf(version.data?.systemColorStyle) } }}>
      {children}
    </ConfigProvider>
  );
}
