import { Tabs } from 'antd';
import { useUserInfo } from '../../session/api/get-user-info';
import { LoginLogTab } from './components/login-log-tab';
import { OpLogTab } from './components/op-log-tab';

/** 后端日志 (cfg/log_backend, spec §7): the server's operation log and the login log. */
export default function LogBackend() {
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  return (
    <Tabs
      items={[
        { key: 'op', label: '操作日志', children: <OpLogTab roleMenu={roleMenu} /> },
        { key: 'login', label: '登录日志', children: <LoginLogTab roleMenu={roleMenu} /> },
      ]}
    />
  );
}
