import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Tag } from 'antd';
import { REVIEW_INTERVALS, REVIEW_MG_MESSAGES, REVIEW_PLAN_STATUS_LABELS } from '@checkup/api-contract';
import { useMarkReview, useReviewPlan } from '../api/review-plan';

interface PlanForm {
  union_ids: number[];
  when: 'interval' | 'date';
  interval_months?: number;
  due_date?: string;
  due_end?: string;
  notes?: string;
}

/**
 * 需复查 in 总检 (issue 20, 复查管理): the chief picks the unions to do again from the visit's own,
 * 3 个月后 or a day, and notes for the examinee (the unions with an abnormal result come preselected); 复查管理 registers the re-exam from it. Shows the
 * visit's re-exam as a tag once set. Placed in the review detail's toolbar, apart from the
 * conclusion grid.
 */
export function ReviewPlanButton({ orderId, readOnly }: { orderId: string; readOnly: boolean }) {
  const { message } = App.useApp();
  const plan = useReviewPlan(orderId);
  const mark = useMarkReview(orderId);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<PlanForm>();
  const current = plan.data?.plan ?? null;
  const editable = !readOnly && (!current || current.status === 'pending');

  const submit = (values: PlanForm) =>
    mark.mutate(
      {
        order_id: orderId,
        union_ids: JSON.stringify(values.union_ids ?? []),
        interval_months: values.when === 'interval' ? values.interval_months : undefined,
        due_date: values.when === 'date' ? values.due_date : undefined,
        due_end: values.due_end || undefined,
        notes: values.notes,
      },
      {
        onSuccess: (saved) => {
          void message.success(`已标记需复查，应复查日期 ${saved.due_date}`);
          setOpen(false);
        },
        onError: (err) => void message.error(err.message),
      },
    );

  return (
    <Space size={4}>
      <Button onClick={() => setOpen(true)} disabled={plan.isPending || plan.isError}>
        {current ? '复查建议' : '需复查'}
      </Button>
      {current && (
        <Tag color="purple">
          {REVIEW_PLAN_STATUS_LABELS[current.status]} · {current.due_date}
        </Tag>
      )}
      <Modal
        open={open}
        title="需复查"
        okText="保存"
        cancelText="取消"
        okButtonProps={{ disabled: !editable, loading: mark.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<PlanForm>
          form={form}
          layout="vertical"
          size="small"
          disabled={!editable}
          onFinish={submit}
          initialValues={{
            union_ids: current?.union_ids ?? (plan.data?.unions ?? []).filter((u) => u.abnormal).map((u) => u.union_id),
            when: current && current.interval_months === null ? 'date' : 'interval',
            interval_months: current?.interval_months ?? 3,
            due_date: current?.interval_months === null ? current.due_date : undefined,
            due_end: current?.due_end ?? undefined,
            notes: current?.notes ?? undefined,
          }}
        >
          <Form.Item
            name="union_ids"
            label="复查项目"
            rules={[{ required: true, message: REVIEW_MG_MESSAGES.noUnions }]}
          >
            <Select
              aria-label="复查项目"
              mode="multiple"
              options={(plan.data?.unions ?? []).map((u) => ({
                value: u.union_id,
                label: u.abnormal ? `${u.union_name}（异常）` : u.union_name,
              }))}
            />
          </Form.Item>
          <Form.Item name="when" label="复查时间">
            <Radio.Group
              options={[
                { value: 'interval', label: '间隔' },
                { value: 'date', label: '指定日期' },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['when']}>
            {({ getFieldValue }) =>
              getFieldValue('when') === 'date' ? (
                <Space>
                  <Form.Item
                    name="due_date"
                    label="复查开始日期"
                    rules={[{ required: true, message: REVIEW_MG_MESSAGES.when }]}
                  >
                    <Input type="date" aria-label="复查开始日期" />
                  </Form.Item>
                  <Form.Item name="due_end" label="复查结束日期">
                    <Input type="date" aria-label="复查结束日期" />
                  </Form.Item>
                </Space>
              ) : (
                <Form.Item name="interval_months" label="间隔">
                  <Select
                    aria-label="复查间隔"
                    style={{ width: 160 }}
                    options={REVIEW_INTERVALS.map((m) => ({ value: m, label: `${m}个月后复查` }))}
                  />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="notes" label="注意事项">
            <Input.TextArea aria-label="注意事项" rows={2} maxLength={200} placeholder="如：空腹、停药3天" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
