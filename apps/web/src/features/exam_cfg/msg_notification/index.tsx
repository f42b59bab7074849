import { Select } from 'antd';
import {
  MSG_CHANNEL_LABELS,
  MSG_CHANNELS,
  MSG_SCENE_LABELS,
  MSG_SCENES,
  msgTemplateResource,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { MessagePreview } from './message-preview';

type Scene = (typeof MSG_SCENES)[number];
type Channel = (typeof MSG_CHANNELS)[number];
const sceneOptions = MSG_SCENES.map((value) => ({ value, label: MSG_SCENE_LABELS[value] }));
const channelOptions = MSG_CHANNELS.map((value) => ({ value, label: MSG_CHANNEL_LABELS[value] }));

/**
 * 消息通知 (exam_cfg/msg_notification, breadth §6.7): the SMS and notice templates of each scene, with
 * {变量} filled when sent, and the ways they are sent; the form previews the text with sample values.
 */
export default function MsgNotification() {
  return (
    <ResourceScreen
      resource={msgTemplateResource}
      title="消息通知"
      filters={[
        { name: 'key', kind: 'search', label: '搜索模板', placeholder: '模板名称或编码' },
        { name: 'scene', kind: 'select', label: '使用场景', options: sceneOptions },
      ]}
      columns={[
        { title: '模板名称', dataIndex: 'template_name', width: 140 },
        { title: '使用场景', dataIndex: 'scene', width: 100, render: (s: Scene) => MSG_SCENE_LABELS[s] },
        { title: '消息内容', dataIndex: 'content', width: 360, ellipsis: true },
        {
          title: '发送方式',
          dataIndex: 'channels',
          width: 160,
          render: (channels: Channel[]) => channels.map((c) => MSG_CHANNEL_LABELS[c]).join('、'),
        },
      ]}
      fields={[
        { name: 'template_code', label: '模板编码' },
        { name: 'template_name', label: '模板名称' },
        { name: 'scene', label: '使用场景', kind: 'select', options: sceneOptions },
        { name: 'content', label: '消息内容', kind: 'textarea', extra: '变量写在大括号中，例如 {姓名}' },
        {
          name: 'channels',
          label: '发送方式',
          input: (
            <Select
              mode="multiple"
              allowClear
              aria-label="发送方式"
              options={channelOptions}
              style={{ maxWidth: 420 }}
            />
          ),
        },
        { name: 'remark', label: '备注' },
      ]}
      blank={{ scene: 'report_ready', channels: ['sms'] }}
      formExtra={<MessagePreview />}
    />
  );
}
