import { App, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { RouteOutput, gatewayCacheStatusRoute } from '@checkup/api-contract';
import { useClearGatewayCache, useGatewayCacheStatus } from './api/gateway-cache';

type Entry = RouteOutput<typeof gatewayCacheStatusRoute>['entries'][number];

const STORE_LABELS = { memory: '本网关内存（只对本网关有效）', redis: 'Redis（各网关实例共用）' } as const;

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} 小时`;
  if (seconds % 60 === 0) return `${seconds / 60} 分钟`;
  return `${seconds} 秒`;
}

const columns = [
  { title: '缓存数据', dataIndex: 'title', width: 160 },
  {
    title: '接口',
    dataIndex: 'path',
    render: (path: string) => <Typography.Text code>{path.replace('/manager/api', '')}</Typography.Text>,
  },
  {
    title: '缓存方式',
    dataIndex: 'personal',
    width: 120,
    render: (personal: boolean) => (personal ? <Tag color="purple">按用户</Tag> : <Tag>全院共用</Tag>),
  },
  { title: '当前条数', dataIndex: 'count', width: 100, align: 'right' as const },
];

/**
 * 缓存管理 (cfg/cache_mg): the gateway keeps the answers of spec §7's whitelist (parameters,
 * dictionaries, user and department lists) for a while. After such data is changed directly in the
 * database or in another system, clearing the cache makes every workstation read it afresh.
 */
export default function CacheMg() {
  const { message } = App.useApp();
  const status = useGatewayCacheStatus();
  const clear = useClearGatewayCache();
  const data = status.data;
  const held = data?.entries.reduce((sum, e) => sum + e.count, 0) ?? 0;
  const answered = (data?.hits ?? 0) + (data?.misses ?? 0);

  const clearAll = () =>
    clear.mutate(undefined, {
      onSuccess: ({ cleared }) => void message.success(`网关缓存已清除，共 ${cleared} 条`),
      onError: (error) => void message.error(error.message),
    });

  return (
    <Card
      size="small"
      title="缓存管理"
      extra={
        <Space>
          <Button onClick={() => void status.refetch()} loading={status.isFetching}>
            刷新
          </Button>
          <Popconfirm
            title="清除网关缓存"
            description="清除后，各工作站下次读取这些数据时将重新从服务器获取。确定清除？"
            okText="清除"
            cancelText="取消"
            onConfirm={clearAll}
          >
            <Button type="primary" danger loading={clear.isPending} disabled={!data}>
              清除网关缓存
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {status.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {status.error.message}
        </Typography.Paragraph>
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="存放位置">{data ? STORE_LABELS[data.store] : '—'}</Descriptions.Item>
        <Descriptions.Item label="有效期">{data ? duration(data.ttl_seconds) : '—'}</Descriptions.Item>
        <Descriptions.Item label="当前缓存">{data ? `${held} 条` : '—'}</Descriptions.Item>
        <Descriptions.Item label="本网关命中">
          {data
            ? `${data.hits} / ${answered} 次${answered ? `（${Math.round((data.hits / answered) * 100)}%）` : ''}`
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Table<Entry>
        rowKey="path"
        size="small"
        pagination={false}
        loading={status.isFetching && !data}
        columns={columns}
        dataSource={data?.entries ?? []}
      />
    </Card>
  );
}
