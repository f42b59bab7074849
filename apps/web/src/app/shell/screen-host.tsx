import { useState, type ReactNode } from 'react';
import { Result } from 'antd';
import { useLocation } from 'react-router';
import { DevelopingPage } from '@checkup/ui';
import { isAllowed, routeOf } from '@checkup/api-contract';
import type { AppRoute } from '@checkup/api-contract';
import { AreaScreen } from './area-screen';
import { keptMounted, shownRecently } from './tabs-store';

function Forbidden({ route }: { route: AppRoute }) {
  return <Result status="403" title="没有权限" subTitle={`当前账号没有「${route.title}」的菜单权限，请联系管理员。`} />;
}

/**
 * The page area of the shell. Keep-alive pages (issue 5 §2) stay mounted, hidden, while their tab
 * is open, so a revisit finds its search and scroll as left — the ten shown most recently
 * (MAX_KEPT_PAGES); other pages mount when shown.
 */
export function ScreenHost({ openPaths, roleMenu }: { openPaths: string[]; roleMenu: readonly string[] }) {
  const location = useLocation();
  const current = routeOf(location.pathname);
  const [recent, setRecent] = useState<string[]>([]);
  // Derived from the location while rendering (no effect, no extra commit).
  if (current?.keepAlive && recent[0] !== current.path) setRecent(shownRecently(recent, current.path));
  // Keyed by path, so a kept page keeps its instance however the tab order changes.
  const kept = keptMounted(
    openPaths.filter((path) => routeOf(path)?.keepAlive),
    current?.keepAlive ? shownRecently(recent, current.path) : recent,
  );

  const page = (route: AppRoute): ReactNode =>
    isAllowed(route, roleMenu) ? <AreaScreen route={route} /> : <Forbidden route={route} />;

  return (
    <>
      {kept.map((path) => {
        const route = routeOf(path)!;
        return (
          <div key={path} hidden={path !== current?.path} data-keep-alive={path}>
            {page(route)}
          </div>
        );
      })}
      {!current && <DevelopingPage />}
      {current && !current.keepAlive && <div key={`${current.path}${location.search}`}>{page(current)}</div>}
    </>
  );
}
