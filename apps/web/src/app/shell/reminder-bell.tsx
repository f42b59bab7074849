import { Badge, Button, Empty, List, Popover, Space, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { REMINDER_KIND_LABELS, routeOfMenuKey, type Reminder } from '@checkup/api-contract';
import { useMyReminders, useReadReminders } from '../api/reminders';

/**
 * The header bell (提醒数据, issue 21): the signed-in account's unread reminders counted, the list in
 * a drop-down; opening one marks it read and goes to the screen that deals with it.
 */
export function ReminderBell({ className }: { className?: string }) {
  const navigate = useNavigate();
  const reminders = useMyReminders();
  const read = useReadReminders();
  const list = reminders.data?.list ?? [];
  const unread = reminders.data?.unread ?? 0;

  const open = (r: Reminder) => {
    if (!r.read) read.mutate([r.key]);
    const screen = r.screen ? routeOfMenuKey(r.screen) : undefined;
    if (screen) void navigate(screen.path);
  };

  const content = (
    <div style={{ width: 340 }}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无提醒" />
      ) : (
        <List
          size="small"
          dataSource={list}
          style={{ maxHeight: 360, overflowY: 'auto' }}
          renderItem={(r) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => open(r)} aria-label={r.title}>
              <List.Item.Meta
                title={
                  <Space size={4}>
                    {!r.read && <Badge status="error" />}
                    <Tag>{REMINDER_KIND_LABELS[r.kind]}</Tag>
                    <Typography.Text strong={!r.read}>{r.title}</Typography.Text>
                  </Space>
                }
                description={<Typography.Text type="secondary">{r.content}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <span>提醒</span>
          <Button type="link" size="small" disabled={unread === 0} onClick={() => read.mutate([])}>
            全部已读
          </Button>
        </Space>
      }
      content={content}
    >
      <Button
        type="text"
        className={className}
        aria-label={unread > 0 ? `提醒，${unread}条未读` : '提醒'}
        data-testid="reminder-bell"
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined aria-hidden style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
