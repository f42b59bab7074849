import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { raiseRefreshFlag } from '../../lib/refresh-flag';

export const PAR_CFG_PATH = '/manager/cfg/par_cfg';
export const DEPT_DIAG_DETAIL_PATH = '/manager/exam_mg/dept_diag_detail';

const normalise = (pathname: string) => pathname.replace(/\/+$/, '');

/**
 * Spec §2 navigation rules the shell applies on every move between its pages: arriving at
 * department diagnosis detail straight from parameter settings raises the refresh flag (the
 * settings may just have changed; spec §9 at most once per 500 ms, see lib/refresh-flag).
 */
export function useNavigationRules(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const from = previous.current;
    const to = normalise(pathname);
    previous.current = to;
    if (from === PAR_CFG_PATH && to === DEPT_DIAG_DETAIL_PATH) raiseRefreshFlag();
  }, [pathname]);
}
