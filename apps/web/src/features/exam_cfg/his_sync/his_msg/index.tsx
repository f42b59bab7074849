import { Tag } from 'antd';
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

type Message = ResourceRow<typeof hisMessageResource>;
const optionsOf = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));
const STATUS_COLORS = { normal: 'green', refused: 'orange', error: 'red' } as const;

/** HIS消息 (exam_cfg/his_sync/his_msg): the messages exchanged with the HIS, read-only; 查看 shows their originals. */
export default function HisMsg() {
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
        detail={{
          title: 'HIS消息详情',
          items: (m) => [
            { label: '时间', value: m.sent_at },
            { label: '接口名称', value: m.interface_name },
            { label: '体检号', value: m.exam_no ?? '' },
            { label: '消息类型', value: m.msg_type },
            { label: '状态', value: HIS_MSG_STATUS_LABELS[m.status] },
            { label: '方向', value: HIS_DIRECTION_LABELS[m.direction] },
            { label: '调用方式', value: HIS_CALL_MODE_LABELS[m.call_mode] },
          ],
          // The originals as sent and received, whole and copyable.
          blocks: (m) => [
            { title: '请求原文', text: m.request_text ?? '（无）', copy: m.request_text ?? undefined },
            { title: '响应原文', text: m.response_text ?? '（无）', copy: m.response_text ?? undefined },
          ],
        }}
      />
    </>
  );
}
