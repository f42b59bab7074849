import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { formatQueueNo, queueCallText, QUEUE_STATUS_LABELS, type QueueEntry } from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useUserInfo } from '../../../session/api/get-user-info';
import { useCallNext } from '../queue/api/call-next';
import { useDeptQueue } from '../queue/api/get-dept-queue';
import { useMoveQueueEntry, type QueueMove } from '../queue/api/move-queue-entry';

const STATUS_COLORS: Record<string, string> = {
  waiting: 'processing',
  called: 'warning',
  passed: 'default',
  done: 'success',
};

const MOVE_DONE: Record<QueueMove, string> = {
  recall: '已重呼',
  pass: '已过号',
  finish: '已完成',
  remove: '已移出排队',
  priority: '已优先',
};

/** A key press the desk answers, unless typed into a field or the desk's tab is hidden (keep-alive). */
function deskKey(event: KeyboardEvent, root: HTMLElement | null): 'next' | 'recall' | null {
  if (!root || root.closest('[hidden]')) return null;
  if (event.key === 'F2') return 'next';
  if (event.key === 'F3') return 'recall';
  return null;
}

export interface CallDeskProps {
  deptId: number;
  /** After a successful call of the next examinee (科室排队 opens the result entry). */
  onCalled?: (entry: QueueEntry) => void;
}

/**
 * The calling desk of one department: the current examinee large, 呼叫下一位 (F2), 重呼 (F3), 过号
 * and 完成, and the waiting list. Used by 叫号 and 科室排队.
 */
export function CallDesk({ deptId, onCalled }: CallDeskProps) {
  const { message } = App.useApp();
  const user = useUserInfo();
  const queue = useDeptQueue(deptId);
  const callNext = useCallNext();
  const move = useMoveQueueEntry();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const list = queue.data?.list ?? [];
  const current =
    list.find((e) => e.entry_id === currentId && e.status === 'called') ??
    list.find((e) => e.status === 'called' && e.called_by_name === user.data?.user_name) ??
    null;
  const busy = callNext.isPending || move.isPending;

  const next = async () => {
    if (busy) return;
    try {
      const { entry } = await callNext.mutateAsync(deptId);
      if (!entry) {
        void message.info('当前没有等候的体检者');
        return;
      }
      setCurrentId(entry.entry_id);
      void message.success(queueCallText({ ...entry, dept_name: queue.data?.dept_name ?? '' }));
      onCalled?.(entry);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const act = async (kind: QueueMove, entry: QueueEntry | null) => {
    if (busy || !entry) return;
    try {
      const moved = await move.mutateAsync({ move: kind, entryId: entry.entry_id });
      if (kind === 'recall') setCurrentId(moved.entry_id);
      void message.success(`${formatQueueNo(moved.queue_no)} 号${MOVE_DONE[kind]}`);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  // F2 / F3 act with the latest queue and current examinee, while one listener stays registered.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const key = deskKey(event, root.current);
    if (!key) return;
    event.preventDefault();
    void (key === 'next' ? next() : act('recall', current));
  });

  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const waiting = list.filter((e) => e.status === 'waiting');
  const others = list.filter((e) => e.status !== 'waiting');
  const columns: GenericColumn<QueueEntry>[] = [
    { title: '号码', dataIndex: 'queue_no', width: 70, render: (v: number) => formatQueueNo(v) },
    {
      title: '姓名',
      dataIndex: 'cust_name',
      width: 100,
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
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: QueueEntry['status']) => <Tag color={STATUS_COLORS[v]}>{QUEUE_STATUS_LABELS[v]}</Tag>,
    },
  ];
  const passedColumns: GenericColumn<QueueEntry>[] = [
    ...columns,
    {
      title: '操作',
      key: 'action',
      width: 70,
      render: (_: unknown, e) =>
        e.status === 'passed' || e.status === 'called' ? (
          <Button size="small" type="link" onClick={() => void act('recall', e)}>
            重呼
          </Button>
        ) : null,
    },
  ];

  return (
    <div ref={root}>
      <Row gutter={12}>
        <Col xs={24} lg={10}>
          <Card size="small" title={`${queue.data?.dept_name ?? ''} 当前就诊`}>
            {current ? (
              <div data-testid="current-examinee" style={{ textAlign: 'center' }}>
                <Typography.Title level={1} style={{ margin: 0, fontSize: 56 }}>
                  {formatQueueNo(current.queue_no)}
                </Typography.Title>
                <Typography.Title level={2} style={{ margin: '4px 0' }}>
                  {current.cust_name}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {current.sex === '1' ? '男' : '女'} · {current.age}岁 · 体检号 {current.order_id} · 已呼叫{' '}
                  {current.call_count} 次
                </Typography.Text>
              </div>
            ) : (
              <Empty description="尚未呼叫，按 F2 呼叫下一位" />
            )}
            <Space wrap style={{ marginTop: 16, justifyContent: 'center', width: '100%' }}>
              <Button type="primary" size="large" loading={callNext.isPending} onClick={() => void next()}>
                呼叫下一位（F2）
              </Button>
              <Button size="large" disabled={!current} onClick={() => void act('recall', current)}>
                重呼（F3）
              </Button>
              <Button size="large" disabled={!current} onClick={() => void act('pass', current)}>
                过号
              </Button>
              <Button size="large" disabled={!current} onClick={() => void act('finish', current)}>
                完成
              </Button>
            </Space>
          </Card>
          <Card size="small" style={{ marginTop: 12 }}>
            <Space size="large">
              <Statistic title="等候" value={queue.data?.counts.waiting ?? 0} />
              <Statistic title="已呼叫" value={queue.data?.counts.called ?? 0} />
              <Statistic title="已过号" value={queue.data?.counts.passed ?? 0} />
              <Statistic title="已完成" value={queue.data?.counts.done ?? 0} />
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={`等候队列（${waiting.length}）`}>
            <GenericTable<QueueEntry>
              tableKey="queue_call_waiting"
              rowKey="entry_id"
              size="small"
              virtual={false}
              columns={columns}
              dataSource={waiting}
              loading={queue.isFetching && !queue.data}
              pagination={false}
              scroll={{ y: 300 }}
            />
          </Card>
          <Card size="small" title="已呼叫 / 过号 / 完成" style={{ marginTop: 12 }}>
            <GenericTable<QueueEntry>
              tableKey="queue_call_others"
              rowKey="entry_id"
              size="small"
              virtual={false}
              columns={passedColumns}
              dataSource={others}
              pagination={false}
              scroll={{ y: 200 }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
