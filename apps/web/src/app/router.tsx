import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter } from 'react-router';
import { PageLoading } from './page-loading';

const LoginPage = lazy(() => import('../features/login'));
const SystemMaintainPage = lazy(() => import('../features/system_maintain'));
const ManagerShell = lazy(() => import('./shell/manager-shell'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

const DevelopingPage = lazy(() => import('../features/developing'));

function Developing({ title }: { title?: string }) {
  return (
    <Lazy>
      <DevelopingPage title={title} />
    </Lazy>
  );
}

/**
 * Hash routes (spec §2). The public pages are listed here; everything under /manager comes from the
 * route table (libs/api-contract route-table), which the shell renders itself so keep-alive pages can stay
 * mounted beside the current one.
 */
export const router = createHashRouter([
  {
    path: '/',
    element: (
      <Lazy>
        <LoginPage />
      </Lazy>
    ),
  },
  {
    path: '/systemMaintain',
    element: (
      <Lazy>
        <SystemMaintainPage />
      </Lazy>
    ),
  },
  { path: '/EimInfoImport', element: <Developing title="外检信息导入" /> },
  { path: '/queue_page', element: <Developing title="排队叫号屏" /> },
  { path: '/self_print', element: <Developing title="自助打印" /> },
  { path: '/self_print/scan_idcard', element: <Developing title="刷身份证" /> },
  { path: '/self_print/user_info', element: <Developing title="个人信息" /> },
  { path: '/self_print/report_list', element: <Developing title="报告列表" /> },
  {
    path: '/manager',
    element: (
      <Lazy>
        <ManagerShell />
      </Lazy>
    ),
    // The shell renders the page itself (keep-alive); these only let every /manager path match.
    children: [
      { index: true, element: null },
      { path: '*', element: null },
    ],
  },
  { path: '*', element: <Developing /> },
]);
