import { Card, Col, Descriptions, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { criticalValueTodayRoute, mayCall } from '@checkup/api-contract';
import { useVersion } from '../../../app/api/get-version';
import { useUserInfo } from '../../session/api/get-user-info';
import { CriticalToday } from './components/critical-today';
import { QuickAccess } from './components/quick-access';
import { TodayStats } from './components/today-stats';

const SERVICE_TYPE_NAMES: Record<number, string> = { 0: '外检导入', 1: '体检服务', 2: '外检服务' };

function greeting(hour: number): string {
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** 首页 (exam_mg/home_page): the pinned first tab. */
export default function HomePage() {
  const user = useUserInfo();
  const version = useVersion();
  const now = dayjs();
  // Issue 20: the roles that notify or handle critical values see today's unhandled ones first.
  const handlesCritical = mayCall(criticalValueTodayRoute, user.data?.role_menu ?? []);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {greeting(now.hour())}，{user.data?.user_name}
          </Typography.Title>
          <Typography.Text type="secondary">
            今天是 {now.format('YYYY年M月D日')}，欢迎使用体检管理系统。
          </Typography.Text>
        </Card>
      </Col>
      <Col span={24}>
        <QuickAccess roleMenu={user.data?.role_menu ?? []} />
      </Col>
      {handlesCritical && (
        <Col span={24}>
          <CriticalToday />
        </Col>
      )}
      <Col span={24}>
        <TodayStats />
      </Col>
      <Col xs={24} lg={12}>
        <Card title="当前账号">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户账号">{user.data?.user_account}</Descriptions.Item>
            <Descriptions.Item label="姓名">{user.data?.user_name}</Descriptions.Item>
            <Descriptions.Item label="保密人员权限">
              {user.data?.special_flag === '1' ? '可查看' : '不可查看'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="系统信息">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="机构名称">{version.data?.name}</Descriptions.Item>
            <Descriptions.Item label="系统版本">{version.data?.version}</Descriptions.Item>
            <Descriptions.Item label="服务模式">
              {version.data ? SERVICE_TYPE_NAMES[version.data.service_type] : ''}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
