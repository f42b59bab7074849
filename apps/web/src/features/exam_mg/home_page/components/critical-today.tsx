import { Badge, Button, Card, List, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { CRITICAL_LEVEL_LABELS, CRITICAL_STATUS_LABELS, type CriticalLevel } from '@checkup/api-contract';
import { useCriticalToday } from '../api/get-critical-today';

const SER_DIS_MG_PATH = '/manager/exam_mg/ser_dis_mg';
const LEVEL_COLORS: Record<CriticalLevel, string> = { '3': 'red', '2': 'orange', '1': 'gold' };

/**
 * Today's critical values not yet handled (issue 20), on the home page of the roles that notify or
 * handle them, the most urgent first; 危急值管理 has the rest.
 */
export function CriticalToday() {
  const navigate = useNavigate();
  const today = useCriticalToday();
  const total = today.data?.total ?? 0;
  return (
    <Card
      size="small"
      title={
        <Space>
          今日未处理危急值
          <Badge count={total} showZero color={total ? 'red' : 'green'} title="今日未处理危急值" />
        </Space>
      }
      extra={
        <Button type="link" size="small" onClick={() => void navigate(SER_DIS_MG_PATH)}>
          危急值管理
        </Button>
      }
    >
      {today.isError ? (
        <Typography.Text type="danger">{today.error.message}</Typography.Text>
      ) : (
        <List
          size="small"
          loading={today.isPending}
          // antd greys the empty text below the contrast WCAG AA asks for; the page's own text colour reads.
          locale={{ emptyText: <Typography.Text>今日暂无未处理的危急值</Typography.Text> }}
          dataSource={today.data?.list ?? []}
          renderItem={(r) => (
            <List.Item>
              <Space wrap>
                <Tag color={LEVEL_COLORS[r.level]}>{CRITICAL_LEVEL_LABELS[r.level]}</Tag>
                <span>{r.cust_name}</span>
                <span>
                  {r.item_name} {r.result_value}
                  {r.unit ? ` ${r.unit}` : ''}
                </span>
                <Typography.Text type="secondary">{`${r.dept_name} ${dayjs(r.created_at).format('HH:mm')}`}</Typography.Text>
                <Tag>{CRITICAL_STATUS_LABELS[r.status]}</Tag>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
