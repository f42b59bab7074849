import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useVersion } from './api/get-version';
import { antdThemeOf } from './antd-theme';
import { themePalette } from './theme';

// Spec §1: the date locale is Chinese.
dayjs.locale('zh-cn');

/**
 * antd's locale and the theme colour of spec §1. Only the lazy pages that use antd wrap themselves
 * in it (the manager shell, the maintenance and developing pages): the login route carries no antd
 * at all (bench:web, target ≤ 200 kB gzip).
 */
// antd's search button is named by its icon, "search"; here it says 搜索.
const SEARCH = { searchIcon: <SearchOutlined aria-label="搜索" /> };

export function AntdProviders({ children }: { children: ReactNode }) {
  const style = useVersion().data?.systemColorStyle;
  // One object per colour: antd keys its generated styles by the theme object.
  const theme = useMemo(() => antdThemeOf(themePalette(style)), [style]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} inputSearch={SEARCH}>
      {children}
    </ConfigProvider>
  );
}
