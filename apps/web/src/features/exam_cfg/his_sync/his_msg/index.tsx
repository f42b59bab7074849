import { useState } from 'react';
import { Button, Tag } from 'antd';
import {
  HIS_CALL_MODE_LABELS,
  HIS_CALL_MODES,
  HIS_DIRECTION_LABELS,
  HIS_DIRECTIONS,
  HIS_MSG_STATUS_LABELS,
  HIS_MSG_STATUSES,
  hisMessageResource,
  type ResourceRow,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { HisNotice } from '../../shared/his/his-notice';
import { MessageDrawer } from './message-drawer';

type Message = ResourceRow<typeof hisMessageResource>;
const optionsOf = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));
const STATUS_COLORS = { normal: 'green', refused: 'orange', error: 'red' } as const;

/** HIS消息 (exam_cfg/his_sync/his_msg): the messages exchanged with the HIS, read-only, with their originals. */
export default function HisMsg() {
  const [open, setOpen] = useState<Message | null>(null);
  return (
    <>
      <HisNotice />
      <ResourceScreen
        resource={hisMessageResource}
        title="HIS消息"
        filters={[
          { name: 'key', kind: 'search', label: '搜索消息', placeholder: '接口名称、消息类型或体检号' },
          {
            name: 'status',
            kind: 'select',
            label: '状态',
            options: optionsOf(HIS_MSG_STATUSES, HIS_MSG_STATUS_LABELS),
          },
          {
            name: 'direction',
            kind: 'select',
            label: '方向',
            options: optionsOf(HIS_DIRECTIONS, HIS_DIRECTION_LABELS),
          },
          {
            name: 'call_mode',
            kind: 'select',
            label: '调用方式',
            options: optionsOf(HIS_CALL_MODES, HIS_CALL_MODE_LABELS),
          },
        ]}
        columns={[
          { title: '时间', dataIndex: 'sent_at', width: 170 },
          { title: '接口名称', dataIndex: 'interface_name', width: 160 },
          { title: '体检号', dataIndex: 'exam_no', width: 130 },
          { title: '消息类型', dataIndex: 'msg_type', width: 120 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (s: Message['status']) => <Tag color={STATUS_COLORS[s]}>{HIS_MSG_STATUS_LABELS[s]}</Tag>,
          },
          {
            title: '方向',
            dataIndex: 'direction',
            width: 70,
            render: (d: Message['direction']) => HIS_DIRECTION_LABELS[d],
          },
        ]}
        fields={[]}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            查看
          </Button>
        )}
      />
      <MessageDrawer message={open} onClose={() => setOpen(null)} />
    </>
  );
}
