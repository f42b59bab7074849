import { Button, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { OrderReminder } from '@checkup/api-contract';

const at = (iso: string) => dayjs(iso).format('MM-DD HH:mm');

interface Props {
  reminders: readonly OrderReminder[];
  /** Offered on the notes still open when the reader may handle them. */
  onDone?: (id: number) => void;
  pendingId?: number;
  /** Shows whom each note was for (the writer's own list). */
  showTarget?: boolean;
}

/** 我要提醒's notes of a visit (issue 19): who wrote what, and 已处理 by whom. */
export function ReminderList({ reminders, onDone, pendingId, showTarget }: Props) {
  return (
    <List
      size="small"
      dataSource={[...reminders]}
      rowKey="id"
      renderItem={(r) => (
        <List.Item
          actions={[
            r.done_at ? (
              <Tag key="done" color="success">
                已处理（{r.done_by_name} {at(r.done_at)}）
              </Tag>
            ) : onDone ? (
              <Button key="done" size="small" loading={pendingId === r.id} onClick={() => onDone(r.id)}>
                已处理
              </Button>
            ) : (
              <Tag key="open" color="warning">
                未处理
              </Tag>
            ),
          ]}
        >
          <Typography.Text type="secondary">
            {r.from_dept_name}·{r.from_user_name}
            {showTarget ? ` → ${r.to_dept_name ?? '总检'}` : ''} {at(r.created_at)}：
          </Typography.Text>
          <Typography.Text>{r.content}</Typography.Text>
        </List.Item>
      )}
    />
  );
}
