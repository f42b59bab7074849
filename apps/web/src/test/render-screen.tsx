import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';

export interface ScreenOptions {
  /**
   * Where the browser is, e.g. `/manager/exam_mg/dept_diag_detail?order_id=…`: the screen is shown
   * at this path (at any path when none is given).
   */
  route?: string;
  /** The path pattern the screen answers to, when not just the route's path (e.g. `*` for a shell). */
  path?: string;
  /** The other pages the screen may go to, by path (a marker each, to see that it went there). */
  pages?: Record<string, ReactNode>;
  /** Off for the pages that carry no antd in the app (login, the kiosk, the hall display). */
  antd?: boolean;
  /** A client the test prepared (with data already in it); else a new one that does not retry. */
  queryClient?: QueryClient;
}

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * A screen with what the app gives it: react-query, antd's App (message, modal, notification) and a
 * router. Its calls go to the fake API the test set up (test/fake-api).
 */
export function renderScreen(ui: ReactElement, options: ScreenOptions = {}) {
  const { route, path, pages = {}, antd = true, queryClient = testQueryClient() } = options;
  const router = createMemoryRouter(
    [
      { path: path ?? (route ? new URL(route, 'http://screen').pathname : '*'), element: ui },
      ...Object.entries(pages).map(([path, element]) => ({ path, element })),
    ],
    { initialEntries: [route ?? '/'] },
  );
  const page = <RouterProvider router={router} />;
  const view = render(
    <QueryClientProvider client={queryClient}>{antd ? <App>{page}</App> : page}</QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
