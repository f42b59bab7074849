import { useState } from 'react';
import { Alert, App, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { DESK_PAY_METHODS, PAY_METHOD_NAMES, type PaymentLine } from '@checkup/api-contract';
import { useCostHistory, useReverse, useSplit } from '../../shared/cost-api';

const fen = (yuan: number | string | null | undefined) => Math.round(Number(yuan ?? 0) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);
const methodOptions = DESK_PAY_METHODS.map((m) => ({ value: m, label: PAY_METHOD_NAMES[m] }));
const methodName = (m: string) => PAY_METHOD_NAMES[m as keyof typeof PAY_METHOD_NAMES] ?? m;

/** 拆分: an open charge line in two amounts of two methods (the line is reversed, two lines written). */
export function SplitDialog({ line, onClose }: { line: PaymentLine | null; onClose: () => void }) {
  const { message } = App.useApp();
  const split = useSplit();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{
    first_method: string;
    first_amount: number;
    second_method: string;
    second_amount: number;
  }>();
  const submit = async () => {
    if (!line) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (fen(v.first_amount) + fen(v.second_amount) !== fen(line.amount)) {
      return setError(`拆分金额合计¥${yuan(fen(v.first_amount) + fen(v.second_amount))}与原收费¥${line.amount}不一致`);
    }
    try {
      await split.mutateAsync({
        payment_id: line.id,
        first_method: v.first_method as 'cash',
        first_amount: yuan(fen(v.first_amount)),
        second_method: v.second_method as 'cash',
        second_amount: yuan(fen(v.second_amount)),
      });
      void message.success('拆分成功');
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Modal
      title={`拆分收费记录 ${line?.id ?? ''}（${line ? methodName(line.pay_method) : ''} ¥${line?.amount ?? ''}）`}
      open={line !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认拆分"
      confirmLoading={split.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="inline"
        preserve={false}
        initialValues={{ first_method: line?.pay_method, second_method: 'wechat' }}
      >
        {(['first', 'second'] as const).map((k, i) => (
          <Space key={k} style={{ marginBottom: 8 }}>
            <Form.Item name={`${k}_method`} rules={[{ required: true, message: '请选择付款方式' }]}>
              <Select aria-label={`第${i + 1}种付款方式`} options={methodOptions} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name={`${k}_amount`} rules={[{ required: true, message: '请填写金额' }]}>
              <InputNumber aria-label={`第${i + 1}笔金额`} min={0.01} precision={2} prefix="¥" />
            </Form.Item>
          </Space>
        ))}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/** 误操作退款: today's charge given back; the confirmation says whether it is a 冲正 or a refund line. */
export function ReverseDialog({ line, onClose }: { line: PaymentLine | null; onClose: () => void }) {
  const { message } = App.useApp();
  const reverse = useReverse();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!line) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    try {
      const done = await reverse.mutateAsync({ payment_id: line.id, reason: reason.trim() });
      void message.success(done.kind === 'reversal' ? '已冲正' : '已退费，计入下次日结');
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Modal
      title="误操作退款"
      open={line !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认退款"
      okButtonProps={{ danger: true }}
      confirmLoading={reverse.isPending}
      destroyOnHidden
    >
      {line && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={
            line.day_ended
              ? `该收费（${methodName(line.pay_method)} ¥${line.amount}）已日结，将生成一条退费记录，计入下次日结`
              : `将冲正该收费（${methodName(line.pay_method)} ¥${line.amount}），冲正记录与原收费同在本次日结`
          }
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
          <Input.TextArea aria-label="原因" rows={2} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/** 收费历史: the visit's append-only charge history. */
export function HistoryDrawer({ orderId, open, onClose }: { orderId: string; open: boolean; onClose: () => void }) {
  const history = useCostHistory(orderId, open);
  return (
    <Drawer title="收费历史" open={open} onClose={onClose} size={820}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={history.isFetching}
        dataSource={history.data ?? []}
        columns={[
          {
            title: '时间',
            dataIndex: 'created_at',
            width: 140,
            render: (v: string) => dayjs(v).format('MM-DD HH:mm:ss'),
          },
          { title: '操作', dataIndex: 'action', width: 60 },
          {
            title: '应收前/后',
            key: 'due',
            width: 120,
            render: (_: unknown, r) => `${r.old_due ?? ''} → ${r.new_due ?? ''}`,
          },
          {
            title: '已收前/后',
            key: 'paid',
            width: 120,
            render: (_: unknown, r) => `${r.old_paid ?? ''} → ${r.new_paid ?? ''}`,
          },
          { title: '说明', dataIndex: 'detail' },
          { title: '操作人', dataIndex: 'operator_name', width: 80 },
        ]}
      />
    </Drawer>
  );
}
