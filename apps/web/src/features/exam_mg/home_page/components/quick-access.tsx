import { Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH, quickAccessRoutes } from '@checkup/api-contract';
import { useMenuTree } from '../../../../app/api/get-menu-settings';

/** 快捷入口: the screens 菜单分类 offers on the home page that this account may open, in menu order. */
export function QuickAccess({ roleMenu }: { roleMenu: readonly string[] }) {
  const navigate = useNavigate();
  const routes = quickAccessRoutes(useMenuTree(), roleMenu).filter((r) => r.path !== HOME_PATH);
  return (
    <Card title="快捷入口" size="small">
      {routes.length === 0 ? (
        <Typography.Text type="secondary">暂无可用的快捷入口</Typography.Text>
      ) : (
        <Space wrap>
          {routes.map((r) => (
            <Button key={r.path} onClick={() => void navigate(r.path)}>
              {r.title}
            </Button>
          ))}
        </Space>
      )}
    </Card>
  );
}
