import { Descriptions, Drawer, Typography } from 'antd';
import {
  HIS_CALL_MODE_LABELS,
  HIS_DIRECTION_LABELS,
  HIS_MSG_STATUS_LABELS,
  type ResourceRow,
  type hisMessageResource,
} from '@checkup/api-contract';

type Message = ResourceRow<typeof hisMessageResource>;

const original = (text: string | null) =>
  text ? (
    <Typography.Paragraph copyable={{ text }} style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', margin: 0 }}>
      {text}
    </Typography.Paragraph>
  ) : (
    '（无）'
  );

/** One message with its request and response originals, as sent and received. */
export function MessageDrawer({ message, onClose }: { message: Message | null; onClose(): void }) {
  return (
    <Drawer title="HIS消息详情" open={message !== null} size={640} onClose={onClose}>
      {message && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="时间">{message.sent_at}</Descriptions.Item>
          <Descriptions.Item label="接口名称">{message.interface_name}</Descriptions.Item>
          <Descriptions.Item label="体检号">{message.exam_no ?? ''}</Descriptions.Item>
          <Descriptions.Item label="消息类型">{message.msg_type}</Descriptions.Item>
          <Descriptions.Item label="状态">{HIS_MSG_STATUS_LABELS[message.status]}</Descriptions.Item>
          <Descriptions.Item label="方向">{HIS_DIRECTION_LABELS[message.direction]}</Descriptions.Item>
          <Descriptions.Item label="调用方式">{HIS_CALL_MODE_LABELS[message.call_mode]}</Descriptions.Item>
          <Descriptions.Item label="请求原文">{original(message.request_text)}</Descriptions.Item>
          <Descriptions.Item label="响应原文">{original(message.response_text)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
