import { useState } from 'react';
import { App, Button, Card, Col, Input, Popconfirm, Row, Segmented, Space, Tag } from 'antd';
import { formatQueueNo, QUEUE_STATUS_LABELS, type QueueEntry } from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useAddToQueue } from './api/add-to-queue';
import { useDeptQueue } from '../shared/queue/api/get-dept-queue';
import { useQueueOverview } from '../shared/queue/api/get-queue-overview';
import { useMoveQueueEntry } from '../shared/queue/api/move-queue-entry';

type OverviewRow = NonNullable<ReturnType<typeof useQueueOverview>['data']>['depts'][number];

const overviewColumns: GenericColumn<OverviewRow>[] = [
  { title: '科室', dataIndex: 'dept_name', width: 120 },
  { title: '等候', dataIndex: 'waiting', width: 60 },
  { title: '已呼叫', dataIndex: 'called', width: 70 },
  { title: '过号', dataIndex: 'passed', width: 60 },
  { title: '完成', dataIndex: 'done', width: 60 },
  {
    title: '正在呼叫',
    key: 'current',
    width: 130,
    render: (_: unknown, r) => (r.current_no === null ? '-' : `${formatQueueNo(r.current_no)} ${r.current_name ?? ''}`),
  },
];

/**
 * 排队管理 (exam_mg/queue_mg): every department's queue at a glance; the chosen one's list, with
 * 加入排队 by scanning an order id, 优先 (to the front, e.g. for the elderly) and 移出排队.
 */
export default function QueueMg() {
  const { message } = App.useApp();
  const overview = useQueueOverview();
  const [picked, setPicked] = useState<number | null>(null);
  const deptId = picked ?? overview.data?.depts[0]?.exam_dept_id ?? null;
  const queue = useDeptQueue(deptId);
  const add = useAddToQueue();
  const move = useMoveQueueEntry();
  const [scope, setScope] = useState<'all' | 'dept'>('all');
  const [scanned, setScanned] = useState('');

  const addScanned = async (value: string) => {
    const orderId = value.trim();
    if (!orderId) return;
    try {
      const { added } = await add.mutateAsync({
        order_id: orderId,
        exam_dept_id: scope === 'dept' && deptId !== null ? deptId : undefined,
      });
      setScanned('');
      const names = overview.data?.depts ?? [];
      const where = added.map(
        (e) => `${names.find((d) => d.exam_dept_id === e.exam_dept_id)?.dept_name ?? ''} ${formatQueueNo(e.queue_no)}`,
      );
      void message.success(`已加入排队：${where.join('，')}`);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const act = async (kind: 'priority' | 'remove', entry: QueueEntry) => {
    try {
      await move.mutateAsync({ move: kind, entryId: entry.entry_id });
      void message.success(kind === 'priority' ? `${formatQueueNo(entry.queue_no)} 号已移到最前` : '已移出排队');
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const entryColumns: GenericColumn<QueueEntry>[] = [
    { title: '号码', dataIndex: 'queue_no', width: 70, render: (v: number) => formatQueueNo(v) },
    {
      title: '姓名',
      dataIndex: 'cust_name',
      width: 110,
      render: (v: string, e) => (
        <Space size={4}>
          {v}
          {e.priority && <Tag color="red">优先</Tag>}
        </Space>
      ),
    },
    { title: '性别', dataIndex: 'sex', width: 50, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '年龄', dataIndex: 'age', width: 50 },
    { title: '体检号', dataIndex: 'order_id', width: 150 },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: QueueEntry['status']) => QUEUE_STATUS_LABELS[v] },
    { title: '呼叫医生', dataIndex: 'called_by_name', width: 90 },
    {
      title: '操作',
      key: 'action',
      width: 130,
      render: (_: unknown, e) => (
        <Space size={0}>
          {e.status === 'waiting' && !e.priority && (
            <Button size="small" type="link" onClick={() => void act('priority', e)}>
              优先
            </Button>
          )}
          {e.status !== 'done' && (
            <Popconfirm title={`将 ${e.cust_name} 移出排队？`} onConfirm={() => void act('remove', e)}>
              <Button size="small" type="link" danger>
                移出
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={12}>
      <Col xs={24} xl={10}>
        <Card
          size="small"
          title={`排队总览（${overview.data?.queue_date ?? ''}）`}
          extra={<Button onClick={() => void overview.refetch()}>刷新</Button>}
        >
          <GenericTable<OverviewRow>
            tableKey="queue_mg_overview"
            rowKey="exam_dept_id"
            size="small"
            virtual={false}
            columns={overviewColumns}
            dataSource={overview.data?.depts ?? []}
            loading={overview.isPending}
            pagination={false}
            rowClassName={(r) => (r.exam_dept_id === deptId ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setPicked(r.exam_dept_id), style: { cursor: 'pointer' } })}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card size="small" title={`${queue.data?.dept_name ?? ''} 排队列表`}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Segmented
              aria-label="加入科室"
              value={scope}
              onChange={(v) => setScope(v as 'all' | 'dept')}
              options={[
                { value: 'all', label: '全部未检科室' },
                { value: 'dept', label: '仅当前科室' },
              ]}
            />
            <Input.Search
              aria-label="体检号"
              placeholder="扫描或输入体检号，回车加入排队"
              autoFocus
              style={{ width: 300 }}
              value={scanned}
              onChange={(e) => setScanned(e.target.value)}
              onSearch={(v) => void addScanned(v)}
              loading={add.isPending}
              enterButton="加入排队"
            />
          </Space>
          <GenericTable<QueueEntry>
            tableKey="queue_mg_entries"
            rowKey="entry_id"
            size="small"
            virtual={false}
            columns={entryColumns}
            dataSource={queue.data?.list ?? []}
            loading={queue.isFetching && !queue.data}
            pagination={false}
            scroll={{ y: 480 }}
          />
        </Card>
      </Col>
    </Row>
  );
}
