import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { REMINDER_KIND_LABELS, routeOfMenuKey, type Reminder, type ReminderKind } from '@checkup/api-contract';
import { useNavigate } from 'react-router';
import { useMyReminders, useReadReminders } from '../../../../app/api/reminders';

/** The signed-in account's reminders, as the header bell has them, with their kind and read state. */
export function MyRemindersTab() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<ReminderKind | undefined>();
  const reminders = useMyReminders(kind);
  const read = useReadReminders();
  return (
    <Card
      size="small"
      title="我的提醒"
      extra={
        <Button disabled={(reminders.data?.unread ?? 0) === 0} onClick={() => read.mutate([])}>
          全部已读
        </Button>
      }
    >
      <Space style={{ marginBottom: 8 }}>
        <Select
          aria-label="提醒类型"
          placeholder="全部提醒类型"
          allowClear
          style={{ width: 160 }}
          options={Object.entries(REMINDER_KIND_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(v: ReminderKind | undefined) => setKind(v)}
        />
        <Button onClick={() => void reminders.refetch()}>刷新</Button>
      </Space>
      <Table<Reminder>
        size="small"
        rowKey="key"
        loading={reminders.isFetching}
        dataSource={reminders.data?.list ?? []}
        pagination={false}
        columns={[
          {
            title: '类型',
            dataIndex: 'kind',
            width: 120,
            render: (v: ReminderKind) => <Tag>{REMINDER_KIND_LABELS[v]}</Tag>,
          },
          { title: '标题', dataIndex: 'title', width: 200 },
          { title: '内容', dataIndex: 'content' },
          {
            title: '时间',
            dataIndex: 'created_at',
            width: 150,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '状态',
            dataIndex: 'read',
            width: 80,
            render: (v: boolean) => (v ? <Tag>已读</Tag> : <Tag color="error">未读</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_: unknown, r) => {
              const screen = r.screen ? routeOfMenuKey(r.screen) : undefined;
              return (
                <Space size={4}>
                  {!r.read && (
                    <Button type="link" size="small" onClick={() => read.mutate([r.key])}>
                      标为已读
                    </Button>
                  )}
                  {screen && (
                    <Button type="link" size="small" onClick={() => void navigate(screen.path)}>
                      去处理
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
