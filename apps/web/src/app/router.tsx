import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { DevelopingPage } from '@checkup/ui';
import { ManagerLayout, HOME_PATH } from './shell/manager-layout';
import { RequireAuth } from './shell/require-auth';

const LoginPage = lazy(() => import('../features/login'));
const HomePage = lazy(() => import('../features/exam_mg/home_page'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>{children}</Suspense>;
}

function Developing() {
  const navigate = useNavigate();
  return <DevelopingPage onBack={() => navigate(HOME_PATH)} />;
}

/** Hash routes (spec §2). The full route table as data arrives with the web shell issue. */
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
    path: '/manager',
    element: (
      <RequireAuth>
        <ManagerLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      {
        path: 'exam_mg/home_page',
        element: (
          <Lazy>
            <HomePage />
          </Lazy>
        ),
      },
      { path: '*', element: <Developing /> },
    ],
  },
  { path: '*', element: <Developing /> },
]);
