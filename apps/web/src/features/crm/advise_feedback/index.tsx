import { useState } from 'react';
import { Button, Tag } from 'antd';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CHANNELS,
  FEEDBACK_NEXT,
  FEEDBACK_STATES,
  feedbackResource,
  type FeedbackState,
  type ResourceRow,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { HandleFeedbackDialog } from './components/handle-feedback-dialog';

type Row = ResourceRow<typeof feedbackResource>;
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const STATE_COLORS: Record<FeedbackState, string> = {
  待处理: 'orange',
  处理中: 'blue',
  已处理: 'green',
  不予处理: 'default',
};
const text = (v: string | null) => v ?? '';
const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '');

/**
 * 意见反馈 (crm/advise_feedback, breadth §1.5): examinees' feedback (体检号 optional, the name and the
 * phone masked) and its handling: 待处理 → 处理中 → 已处理, or 不予处理 with the reason; 导出 to .xlsx.
 */
export default function AdviseFeedback() {
  const [handling, setHandling] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        resource={feedbackResource}
        title="意见反馈"
        filters={[
          { name: 'state', kind: 'select', label: '处理状态', options: options(FEEDBACK_STATES) },
          { name: 'category', kind: 'select', label: '反馈类别', options: options(FEEDBACK_CATEGORIES) },
          { kind: 'days', label: '反馈日期' },
          { name: 'key', kind: 'search', label: '搜索反馈', placeholder: '反馈内容或体检号，回车', width: 220 },
        ]}
        columns={[
          { title: '反馈时间', dataIndex: 'created_at', width: 160, render: time },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: FeedbackState) => <Tag color={STATE_COLORS[s]}>{s}</Tag>,
          },
          { title: '体检号', dataIndex: 'order_id', width: 140, render: text },
          { title: '姓名', dataIndex: 'cust_name', width: 80, render: text },
          { title: '渠道', dataIndex: 'channel', width: 70 },
          { title: '类别', dataIndex: 'category', width: 70 },
          { title: '反馈内容', dataIndex: 'content', width: 260 },
          { title: '联系电话', dataIndex: 'contact_phone', width: 120, render: text },
          { title: '处理说明', dataIndex: 'handle_note', width: 200, render: text },
          { title: '处理人', dataIndex: 'handled_by_name', width: 80, render: text },
          { title: '处理时间', dataIndex: 'handled_at', width: 160, render: time },
        ]}
        fields={[
          { name: 'order_id', label: '体检号', placeholder: '可不填；填写时须为已登记的体检号' },
          { name: 'channel', label: '反馈渠道', kind: 'select', options: options(FEEDBACK_CHANNELS) },
          { name: 'category', label: '反馈类别', kind: 'select', options: options(FEEDBACK_CATEGORIES) },
          { name: 'content', label: '反馈内容', kind: 'textarea' },
          { name: 'contact_phone', label: '联系电话', placeholder: '可不填', extra: '修改时留空则保留原号码' },
        ]}
        // The list shows the phone masked: the form starts it blank, and a blank keeps the number.
        toForm={(row) => ({ ...row, contact_phone: undefined })}
        blank={{ channel: '现场', category: '服务' }}
        rowActions={(row) =>
          FEEDBACK_NEXT[row.state].length > 0 && (
            <Button type="link" size="small" onClick={() => setHandling(row)}>
              处理
            </Button>
          )
        }
      />
      {handling && <HandleFeedbackDialog row={handling} onClose={() => setHandling(null)} />}
    </>
  );
}
