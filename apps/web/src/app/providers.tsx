import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useVersion } from './api/get-version';
import { themeColorOf } from './theme';
import { useDocumentTitle } from './use-document-title';

dayjs.locale('zh-cn');

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Theme and locale for every page. antd's App (message, modal) and the BFF signal handler live in
 * the lazy manager shell, where they are used; the login route stays light (bench:web).
 */
function ThemedApp({ children }: { children: ReactNode }) {
  const version = useVersion();
  useDocumentTitle(version.data?.name);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: themeColorOf(version.data?.systemColorStyle) } }}>
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
