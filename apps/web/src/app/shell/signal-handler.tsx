import { useEffect } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { SIGNALS } from '@checkup/api-contract';
import { apiHooks } from '../../lib/api';
import { userInfoQueryOptions } from '../../features/session/api/get-user-info';
import { router } from '../router';

/** Spec §2/§4: the route to come back to after maintenance, kept for the tab's life. */
export const MAINTAIN_RETURN_KEY = 'checkup:maintain-return';
export const MAINTAIN_PATH = '/systemMaintain';
export const EXTERNAL_IMPORT_PATH = '/EimInfoImport';

/**
 * Where each BFF signal leads (spec §4 session and maintenance rules), whatever screen made the
 * call: 401 asks to log in again when the user is known, else goes to login; 402 goes to the
 * external import page; 非法访问 goes to login; maintenance remembers the route and shows the page.
 */
export function SignalHandler() {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();

  useEffect(() => {
    let asking = false;
    const toLogin = () => void router.navigate('/', { replace: true });
    apiHooks.onSignal = (signal) => {
      const { pathname, search } = router.state.location;
      switch (signal) {
        case SIGNALS.relogin: {
          const known = queryClient.getQueryData(userInfoQueryOptions.queryKey) !== undefined;
          queryClient.removeQueries({ queryKey: ['session'] });
          if (!pathname.startsWith('/manager')) return;
          if (!known) return toLogin();
          if (asking) return;
          asking = true;
          modal.warning({
            title: '登录信息已过期',
            content: '登录信息已过期，请重新登录',
            okText: '重新登录',
            onOk: () => {
              asking = false;
              toLogin();
            },
          });
          return;
        }
        case SIGNALS.externalImport:
          void router.navigate(EXTERNAL_IMPORT_PATH);
          return;
        case SIGNALS.illegalAccess:
          queryClient.removeQueries({ queryKey: ['session'] });
          return toLogin();
        case SIGNALS.maintenance:
          if (pathname === MAINTAIN_PATH) return;
          sessionStorage.setItem(MAINTAIN_RETURN_KEY, `${pathname}${search}`);
          void router.navigate(MAINTAIN_PATH, { replace: true });
      }
    };
    // A refused call: the menu is read again, so a screen taken from the role closes at once.
    apiHooks.onForbidden = () => void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions.queryKey });
    return () => {
      apiHooks.onSignal = undefined;
      apiHooks.onForbidden = undefined;
    };
  }, [queryClient, modal]);
  return null;
}
