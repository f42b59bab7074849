import { useRef, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Space, Table, type InputRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { BreakfastRow } from '@checkup/api-contract';
import { useBreakfastCounts, useBreakfasts, useBreakfastWrites } from './api/breakfast';

const DAY = 'YYYY-MM-DD';
const clock = (iso: string) => dayjs(iso).format('HH:mm:ss');

/** 撤销 one breakfast with its reason (required and audited). */
function UndoDialog({ row, onClose }: { row: BreakfastRow; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const { undo } = useBreakfastWrites();
  return (
    <Modal
      open
      title={`撤销早餐：${row.cust_name}（${row.order_id}）`}
      okText="确定撤销"
      okButtonProps={{ danger: true, loading: undo.isPending }}
      cancelText="返回"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          undo.mutate(
            { id: row.id, reason },
            {
              onSuccess: () => {
                void message.success('已撤销');
                onClose();
              },
              onError: (err) => void message.error(err.message),
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label="撤销原因"
          rules={[{ required: true, whitespace: true, message: '请填写撤销原因' }]}
        >
          <Input.TextArea aria-label="撤销原因" rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 早餐管理 (crm/breakfast_mg): scanning or typing a 体检号 marks today's checked-in visit's breakfast
 * taken (refused, in words, otherwise); the chosen day's list with 撤销; and per day, taken / checked in.
 */
export default function BreakfastMg() {
  const input = useRef<InputRef>(null);
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [undoing, setUndoing] = useState<BreakfastRow | null>(null);
  const { take } = useBreakfastWrites();
  const list = useBreakfasts(day.format(DAY));
  const counts = useBreakfastCounts(day.subtract(6, 'day').format(DAY), day.format(DAY));

  const scan = async (value: string) => {
    const id = value.trim();
    if (!id) return;
    setTyped('');
    try {
      const row = await take.mutateAsync(id);
      setOutcome({ ok: true, text: `${row.order_id} ${row.cust_name} 已领取早餐（${clock(row.taken_at)}）` });
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
    }
    input.current?.focus();
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Card size="small" title="早餐管理">
        <Input.Search
          ref={input}
          autoFocus
          aria-label="体检号"
          placeholder="扫描或输入体检号，回车登记领取"
          enterButton="领取早餐"
          size="large"
          style={{ maxWidth: 480 }}
          value={typed}
          loading={take.isPending}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => void scan(value)}
        />
        {outcome && (
          <Alert style={{ marginTop: 8 }} showIcon type={outcome.ok ? 'success' : 'error'} title={outcome.text} />
        )}
      </Card>
      <Card
        size="small"
        title={`已领取早餐（${list.data?.list.length ?? 0}人）`}
        extra={<DatePicker aria-label="日期" allowClear={false} value={day} onChange={(d) => d && setDay(d)} />}
      >
        <Table<BreakfastRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          pagination={false}
          columns={[
            { title: '体检号', dataIndex: 'order_id', width: 150 },
            { title: '姓名', dataIndex: 'cust_name', width: 90 },
            { title: '领取时间', dataIndex: 'taken_at', width: 100, render: clock },
            { title: '登记人', dataIndex: 'taken_by_name', width: 90 },
            {
              title: '操作',
              width: 80,
              render: (_: unknown, row) => (
                <Button type="link" size="small" danger onClick={() => setUndoing(row)}>
                  撤销
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="近7日早餐统计">
        <Table
          rowKey="day"
          size="small"
          loading={counts.isFetching}
          dataSource={counts.data ?? []}
          pagination={false}
          columns={[
            { title: '日期', dataIndex: 'day', width: 120 },
            { title: '已领取', dataIndex: 'taken', width: 90, align: 'right' },
            { title: '已报到', dataIndex: 'checked_in', width: 90, align: 'right' },
            {
              title: '领取率',
              width: 90,
              align: 'right',
              render: (_: unknown, r: { taken: number; checked_in: number }) =>
                r.checked_in > 0 ? `${Math.round((r.taken / r.checked_in) * 100)}%` : '—',
            },
          ]}
        />
      </Card>
      {undoing && <UndoDialog row={undoing} onClose={() => setUndoing(null)} />}
    </Space>
  );
}
