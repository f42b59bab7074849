import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useVersion } from './api/get-version';
import { themeColorOf } from './theme';
import { useDocumentTitle } from './use-document-title';
import { SignalHandler } from './shell/signal-handler';

dayjs.locale('zh-cn');

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function ThemedApp({ children }: { children: ReactNode }) {
  const version = useVersion();
  useDocumentTitle(version.data?.name);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: themeColorOf(version.data?.systemColorStyle) } }}>
      <AntApp>
        <SignalHandler />
        {children}
      </AntApp>
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
