import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter } from 'react-router';
import { PageLoading } from './page-loading';

const LoginPage = lazy(() => import('../features/login'));
const SystemMaintainPage = lazy(() => import('../features/system_maintain'));
const ManagerShell = lazy(() => import('./shell/manager-shell'));
const QueuePage = lazy(() => import('../features/queue_page'));
const SelfPrintWelcome = lazy(() => import('../features/self_print'));
const SelfPrintScanIdCard = lazy(() => import('../features/self_print/scan-idcard'));
const SelfPrintUserInfo = lazy(() => import('../features/self_print/user-info'));
const SelfPrintReportList = lazy(() => import('../features/self_print/report-list'));
const ReportSharePage = lazy(() => import('../features/report_share'));

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
  {
    path: '/queue_page',
    element: (
      <Lazy>
        <QueuePage />
      </Lazy>
    ),
  },
  {
    path: '/self_print',
    element: (
      <Lazy>
        <SelfPrintWelcome />
      </Lazy>
    ),
  },
  {
    path: '/self_print/scan_idcard',
    element: (
      <Lazy>
        <SelfPrintScanIdCard />
      </Lazy>
    ),
  },
  {
    path: '/self_print/user_info',
    element: (
      <Lazy>
        <SelfPrintUserInfo />
      </Lazy>
    ),
  },
  {
    path: '/self_print/report_list',
    element: (
      <Lazy>
        <SelfPrintReportList />
      </Lazy>
    ),
  },
  {
    path: '/report_share',
    element: (
      <Lazy>
        <ReportSharePage />
      </Lazy>
    ),
  },
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
