import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useVersion } from './api/get-version';
import { useDocumentTitle } from './use-document-title';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function DocumentTitle() {
  const version = useVersion();
  useDocumentTitle(version.data?.name);
  return null;
}

/**
 * What every page needs: the query client and the document title. antd's theme and locale
 * (app/antd-providers) come with the lazy pages that use antd, so the login route stays light.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DocumentTitle />
      {children}
    </QueryClientProvider>
  );
}
