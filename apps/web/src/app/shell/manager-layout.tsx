import { useEffect, useMemo, useState } from 'react';
import { App, Avatar, Button, Dropdown, Layout, Typography } from 'antd';
import { InfoCircleOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useVersion } from '../api/get-version';
import { useUserInfo } from '../../features/session/api/get-user-info';
import { useLogout } from '../../features/session/api/logout';
import { ChangePasswordDialog } from '../../features/session/change-password-dialog';
import { findMenuNode, HOME_PATH, mayCall, routeOf, setServiceTypeRoute } from '@checkup/api-contract';
import { useMenuTree } from '../api/get-menu-settings';
import { AboutDialog } from './about-dialog';
import { PageHelp } from './page-help';
import { PageTabs } from './page-tabs';
import { ReminderBell } from './reminder-bell';
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
  const { message } = App.useApp();
  const menuTree = useMenuTree();
  const onServerModeClick = useServerModeSwitch();
  useNavigationRules();
  const [tabs, setTabs] = useState<PageTab[]>(() => loadTabs());
  const [lastPath, setLastPath] = useState<string | null>(null);
  const [seen, setSeen] = useState('');
  const [changingPassword, setChangingPassword] = useState(false);
  // After 重置密码 (or on a new account) the server serves nothing else until the password is changed.
  const mustChangePassword = user.data?.must_change_password === true;
  const [aboutOpen, setAboutOpen] = useState(false);
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
    // A group's address opens its first screen in 菜单分类's order.
    const first = findMenuNode(menuTree, current.menuKey)?.children.find((c) => c.kind === 'screen');
    return <Navigate to={first?.route?.path ?? HOME_PATH} replace />;
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
        <div className={styles.actions}>
          <ReminderBell className={styles.user} />
          <Dropdown
            menu={{
              // Offered to whom the switch call is open (外检模式); the server refuses the others too.
              items: [
                ...(mayCall(setServiceTypeRoute, roleMenu) ? [serverModeMenuItem] : []),
                { key: 'password', icon: <KeyOutlined aria-hidden />, label: '修改密码' },
                { key: 'about', icon: <InfoCircleOutlined aria-hidden />, label: '关于本系统' },
                { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录' },
              ],
              onClick: ({ key }) => {
                if (key === 'logout') void onLogout();
                else if (key === 'password') setChangingPassword(true);
                else if (key === 'about') setAboutOpen(true);
                else onServerModeClick(key);
              },
            }}
          >
            <Button type="text" className={styles.user} data-testid="current-user">
              <Avatar size="small" icon={<UserOutlined aria-hidden />} />
              <span>{user.data?.user_name}</span>
            </Button>
          </Dropdown>
        </div>
        <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
      </Layout.Header>
      <ChangePasswordDialog
        open={mustChangePassword || changingPassword}
        forced={mustChangePassword}
        onClose={() => setChangingPassword(false)}
        onLogout={() => void onLogout()}
      />
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
            extra={
              current && !current.isGroup ? (
                <PageHelp uniqueKey={current.menuKey} fail={(text) => void message.error(text)} />
              ) : null
            }
          />
          {/* Until the password is changed the server refuses the screens' calls: none is opened. */}
          {!mustChangePassword && <ScreenHost openPaths={openPaths} roleMenu={roleMenu} />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
