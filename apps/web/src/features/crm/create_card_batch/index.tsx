import { App, Button, Card, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CARD_BATCH_MAX, cardBatchCreateRoute, cardNextNoRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { useCardTypeOptions, useCardWrite } from '../shared/exam-card/card-api';

interface Values {
  type_id?: string;
  start_seq?: number;
  count?: number;
  receiver?: string;
  remark?: string;
}

/**
 * 制卡 (crm/create_card_batch, breadth §2.12): a card type, the start number (现有最大卡号 shown, the
 * next one proposed) and how many; the numbers are the type's prefix and an 8-digit running number,
 * and a range meeting numbers already made is refused (存在相同的卡号).
 */
export default function CreateCardBatch() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const typeOptions = useCardTypeOptions();
  const typeId = Form.useWatch('type_id', form);
  const next = useQuery({
    queryKey: ['exam_card', 'next_no', typeId],
    queryFn: () => api.call(cardNextNoRoute, { type_id: Number(typeId) }),
    enabled: Boolean(typeId),
  });
  const make = useCardWrite(cardBatchCreateRoute);
  const onType = async (value: string) => {
    const answer = await api.call(cardNextNoRoute, { type_id: Number(value) });
    form.setFieldValue('start_seq', answer.next_seq);
  };
  return (
    <Card
      size="small"
      title="制卡"
      extra={<Button onClick={() => void navigate('/manager/crm/exam_card_mg')}>返回体检卡管理</Button>}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 10 }}
        initialValues={{ count: 10 }}
        onFinish={(v) =>
          make.mutate(
            {
              type_id: v.type_id!,
              start_seq: String(v.start_seq ?? ''),
              count: String(v.count ?? ''),
              receiver: v.receiver,
              remark: v.remark,
            },
            {
              onSuccess: (r) => {
                void message.success(`已制卡${r.card_count}张：${r.start_no}～${r.end_no}`);
                void navigate(`/manager/crm/card_batch_detail?id=${r.id}`);
              },
              onError: (err) => void message.error(err.message),
            },
          )
        }
      >
        <Form.Item name="type_id" label="卡类型" rules={[{ required: true, message: '请选择卡类型' }]}>
          <Select aria-label="卡类型" options={typeOptions} onChange={(v: string) => void onType(v)} />
        </Form.Item>
        <Form.Item label="现有最大卡号">
          <Typography.Text>{next.data ? (next.data.max_no ?? '（尚未制卡）') : '请先选择卡类型'}</Typography.Text>
        </Form.Item>
        <Form.Item
          name="start_seq"
          label="起始序号"
          rules={[{ required: true, message: '请填写起始序号' }]}
          extra={next.data ? `卡号为 ${next.data.prefix} 加8位序号` : undefined}
        >
          <InputNumber aria-label="起始序号" min={1} max={99_999_999} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="count" label="发卡数量" rules={[{ required: true, message: '请至少发一张卡' }]}>
          <InputNumber aria-label="发卡数量" min={1} max={CARD_BATCH_MAX} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="receiver" label="领取人">
          <Input aria-label="领取人" maxLength={32} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea aria-label="备注" rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={make.isPending}>
            制卡
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
