import { Avatar, Button, Dropdown, Layout, Menu, Typography } from 'antd';
import { HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useVersion } from '../api/get-version';
import { useUserInfo } from '../../features/session/api/get-user-info';
import { useLogout } from '../../features/session/api/logout';
import styles from './manager-layout.module.css';

const HOME_PATH = '/manager/exam_mg/home_page';

/** The authenticated shell: header with the user, a side menu and the page. */
export function ManagerLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const version = useVersion();
  const user = useUserInfo();
  const logout = useLogout();

  async function onLogout() {
    await logout.mutateAsync().catch(() => undefined);
    navigate('/', { replace: true });
  }

  return (
    <Layout className={styles.root}>
      <Layout.Header className={styles.header}>
        <Typography.Text className={styles.brand}>{version.data?.name ?? '体检管理系统'}</Typography.Text>
        <Dropdown
          menu={{
            items: [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录' }],
            onClick: ({ key }) => key === 'logout' && void onLogout(),
          }}
        >
          <Button type="text" className={styles.user} data-testid="current-user">
            <Avatar size="small" icon={<UserOutlined />} />
            <span>{user.data?.user_name}</span>
          </Button>
        </Dropdown>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light" className={styles.sider}>
          <Menu
            mode="inline"
            selectedKeys={[location.pathname]}
            items={[{ key: HOME_PATH, icon: <HomeOutlined />, label: '首页' }]}
            onClick={({ key }) => navigate(key)}
          />
        </Layout.Sider>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export { HOME_PATH };
