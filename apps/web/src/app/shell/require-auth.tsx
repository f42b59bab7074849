import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spin } from 'antd';
import { useUserInfo } from '../../features/session/api/get-user-info';

/** /manager requires login (spec §2, requireAuth): the session is the BFF's cookie. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUserInfo();
  if (user.isPending) {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" description="正在加载用户信息…" />
      </div>
    );
  }
  if (user.isError) return <Navigate to="/" replace />;
  return children;
}
