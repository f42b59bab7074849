import { App, Button, Drawer, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { NOTICE_CHANNEL_LABELS, NOTICE_STATE_LABELS, type OutgoingRow } from '@checkup/api-contract';
import { useCancelNotice, useNotices } from '../api/notices';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** 查看短信 and 取消发送: a report's notices, newest first, each SMS with its text. */
export function NoticesDrawer({ row, onClose }: { row: OutgoingRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const notices = useNotices(row?.order_id ?? null);
  const cancel = useCancelNotice();
  const onCancel = async (id: number) => {
    try {
      await cancel.mutateAsync({ notice_id: id });
      void message.success('已取消发送');
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  return (
    <Drawer
      title={row ? `通知记录 · ${row.cust_name}` : '通知记录'}
      size={520}
      open={row !== null}
      onClose={onClose}
      destroyOnHidden
    >
      <List
        loading={notices.isFetching}
        dataSource={notices.data?.list ?? []}
        locale={{ emptyText: '还没有通知' }}
        renderItem={(n) => (
          <List.Item
            actions={
              n.channel === 'sms' && n.state === 'waiting'
                ? [
                    <Button
                      key="cancel"
                      size="small"
                      danger
                      loading={cancel.isPending}
                      onClick={() => void onCancel(n.id)}
                    >
                      取消发送
                    </Button>,
                  ]
                : []
            }
          >
            <Space orientation="vertical" size={2}>
              <Space>
                <Tag>{NOTICE_CHANNEL_LABELS[n.channel]}</Tag>
                <Tag color={n.state === 'failed' || n.state === 'wrong_number' ? 'error' : 'default'}>
                  {NOTICE_STATE_LABELS[n.state]}
                </Tag>
                <span>{n.phone}</span>
              </Space>
              {n.content && <Typography.Text>{n.content}</Typography.Text>}
              <Typography.Text type="secondary">
                {n.operator_name} {time(n.created_at)}
                {n.state === 'waiting' && n.scheduled_at ? `，定于 ${time(n.scheduled_at)} 发送` : ''}
                {n.remark ? `，${n.remark}` : ''}
                {n.detail ? `，${n.detail}` : ''}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
