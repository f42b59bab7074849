import { createElement, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { LocalPrintClient } from '@checkup/devices';
import { raiseRefreshFlag } from '../../lib/refresh-flag';
import { currentPrintSettings } from '../../lib/workstation/use-print-settings';
import { checkPrintControlsFor } from './print-control-check';

export const PAR_CFG_PATH = '/manager/cfg/par_cfg';
export const DEPT_DIAG_DETAIL_PATH = '/manager/exam_mg/dept_diag_detail';

const normalise = (pathname: string) => pathname.replace(/\/+$/, '');

/**
 * Spec §2 navigation rules the shell applies on every move between its pages: arriving at
 * department diagnosis detail straight from parameter settings raises the refresh flag (the
 * settings may just have changed; spec §9 at most once per 500 ms, see lib/refresh-flag); opening a
 * printing page checks the local print controls and warns for 5 s when one is missing.
 */
export function useNavigationRules(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const { notification } = App.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    const from = previous.current;
    const to = normalise(pathname);
    previous.current = to;
    if (from === PAR_CFG_PATH && to === DEPT_DIAG_DETAIL_PATH) raiseRefreshFlag();
    if (from === to) return;
    const clientFor = async () => LocalPrintClient.forSettings(await currentPrintSettings(queryClient));
    void checkPrintControlsFor(
      to,
      (check, duration) =>
        notification.warning({
          key: 'print-controls',
          title: '打印控件检查',
          description: check.missing.map((m) =>
            createElement(
              'div',
              { key: m.control },
              m.message,
              m.downloadUrl ? createElement('a', { href: m.downloadUrl, style: { marginLeft: 8 } }, '下载安装') : null,
            ),
          ),
          duration,
        }),
      clientFor,
    );
  }, [pathname, notification, queryClient]);
}
