import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Dropdown, Layout, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useVersion } from '../api/get-version';
import { useUserInfo } from '../../features/session/api/get-user-info';
import { useLogout } from '../../features/session/api/logout';
import { APP_ROUTES, HOME_PATH, mayCall, routeOf, setServiceTypeRoute } from '@checkup/api-contract';
import { PageTabs } from './page-tabs';
import { ScreenHost } from './screen-host';
import { serverModeMenuItem, useServerModeSwitch } from './server-mode-menu';
import { SideMenu } from './side-menu';
import { closeTab, loadTabs, openTab, saveTabs, stripCloseTag, type PageTab } from './tabs-store';
import { useNavigationRules } from './use-navigation-rules';
import styles from './manager-layout.module.css';

/** The authenticated shell: header, the menu of the route table, the tabs of visited pages, the page. */
export function ManagerLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const version = useVersion();
  const user = useUserInfo();
  const logout = useLogout();
  const onServerModeClick = useServerModeSwitch();
  useNavigationRules();
  const [tabs, setTabs] = useState<PageTab[]>(() => loadTabs());
  const [lastPath, setLastPath] = useState<string | null>(null);
  const [seen, setSeen] = useState('');
  const current = routeOf(location.pathname);
  const roleMenu = user.data?.role_menu ?? [];
  const { search, closeTag } = stripCloseTag(location.search);

  // Each new location updates the tabs while rendering (no effect round-trip): ?closeTag closes the
  // tab being left (spec §2), then the page's own tab is opened or given its new query.
  const locationKey = `${location.pathname}${location.search}`;
  if (seen !== locationKey) {
    setSeen(locationKey);
    let next = tabs;
    if (closeTag && lastPath && lastPath !== location.pathname) next = closeTab(next, lastPath, location.pathname).tabs;
    if (current && !current.isGroup) next = openTab(next, { path: current.path, search, title: current.title });
    setTabs(next);
    setLastPath(location.pathname);
  }

  // The flag itself is not kept in the address.
  useEffect(() => {
    if (closeTag) void navigate(`${location.pathname}${search}`, { replace: true });
  }, [closeTag, location.pathname, search, navigate]);

  useEffect(() => saveTabs(tabs), [tabs]);

  const openPaths = useMemo(() => tabs.map((t) => t.path), [tabs]);

  if (location.pathname.replace(/\/+$/, '') === '/manager') return <Navigate to={HOME_PATH} replace />;
  if (current?.isGroup) {
    const first = APP_ROUTES.find((r) => r.parentKey === current.menuKey && !r.isGroup);
    return <Navigate to={first?.path ?? HOME_PATH} replace />;
  }

  async function onLogout() {
    await logout.mutateAsync().catch(() => undefined);
    sessionStorage.clear();
    void navigate('/', { replace: true });
  }

  function onCloseTab(path: string) {
    const { tabs: rest, next } = closeTab(tabs, path, location.pathname);
    setTabs(rest);
    if (next) void navigate(`${next.path}${next.search}`);
  }

  return (
    <Layout className={styles.root}>
      <Layout.Header className={styles.header}>
        <Typography.Text className={styles.brand}>{version.data?.name ?? '体检管理系统'}</Typography.Text>
        <Dropdown
          menu={{
            // Offered to whom the switch call is open (外检模式); the server refuses the others too.
            items: [
              ...(mayCall(setServiceTypeRoute, roleMenu) ? [serverModeMenuItem] : []),
              { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录' },
            ],
            onClick: ({ key }) => (key === 'logout' ? void onLogout() : onServerModeClick(key)),
          }}
        >
          <Button type="text" className={styles.user} data-testid="current-user">
            <Avatar size="small" icon={<UserOutlined aria-hidden />} />
            <span>{user.data?.user_name}</span>
          </Button>
        </Dropdown>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={208} theme="light" className={styles.sider}>
          <SideMenu roleMenu={roleMenu} />
        </Layout.Sider>
        <Layout.Content className={styles.content}>
          {/* One h1 a page (WCAG 2.4.6): the shell names the page; the tab shows the same title. */}
          <h1 className={styles.pageTitle}>{current?.title ?? version.data?.name ?? '体检管理系统'}</h1>
          <PageTabs
            tabs={tabs}
            activeKey={current?.path ?? ''}
            isClosable={(path) => path !== HOME_PATH}
            onSelect={(path) => {
              const tab = tabs.find((t) => t.path === path);
              if (tab) void navigate(`${tab.path}${tab.search}`);
            }}
            onClose={onCloseTab}
          />
          <ScreenHost openPaths={openPaths} roleMenu={roleMenu} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
