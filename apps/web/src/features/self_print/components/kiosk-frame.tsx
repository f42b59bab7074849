import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AntdProviders } from '../../../app/antd-providers';
import { useVersion } from '../../../app/api/get-version';
import { markScanRoute } from '../../../lib/scan-route';
import { forgetExaminee } from '../kiosk-session';
import { useIdleTimeout } from '../use-idle-timeout';
import styles from './kiosk-frame.module.css';

/**
 * Every self-print page: big type for a touch screen, the page marked in the scanRoute list (spec
 * §2), and the idle time-out that forgets the examinee and starts over. The welcome page (`start`)
 * begins a new visit instead: nothing of the last examinee is kept.
 */
export function KioskFrame({ children, start = false }: { children: ReactNode; start?: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const version = useVersion();

  useEffect(() => {
    if (start) forgetExaminee();
    markScanRoute(pathname);
  }, [pathname, start]);

  useIdleTimeout(
    () => {
      forgetExaminee();
      void navigate('/self_print', { replace: true });
    },
    undefined,
    !start,
  );

  return (
    <AntdProviders>
      <div className={styles.frame}>
        <header className={styles.header}>
          <span>{version.data?.name ?? '体检管理系统'}</span>
          <span>自助报告打印</span>
        </header>
        <main className={styles.body}>{children}</main>
      </div>
    </AntdProviders>
  );
}
