import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import {
  CASHIER_MESSAGES,
  CASHIER_METHODS,
  PAY_METHOD_NAMES,
  type CostLine,
  type RouteOutput,
  type costDetailRoute,
} from '@checkup/api-contract';
import { useCollect } from '../../shared/cost-api';

type Detail = RouteOutput<typeof costDetailRoute>;
interface PayRow {
  method: (typeof CASHIER_METHODS)[number];
  amount: number | null;
  card_no?: string;
  card_password?: string;
  trade_no?: string;
}

const fen = (yuan: number | string | null | undefined) => Math.round(Number(yuan ?? 0) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);
const methodOptions = CASHIER_METHODS.map((m) => ({ value: m, label: PAY_METHOD_NAMES[m] }));

/** The 自费 lines still to be paid: what 收款 may take. */
export const unpaidLinesOf = (detail: Detail): CostLine[] =>
  detail.lines.filter(
    (l) => l.pay_mode === 'self' && !l.fee_charged && !l.returned && l.exec_state !== '2' && l.exec_state !== '4',
  );

/**
 * 收款: the cashier ticks the unpaid 自费 lines (all at first) and takes their sum in one or more
 * methods; the 体检卡 asks its number (and password when it has one). The sum must be what is due.
 */
export function CollectDialog({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const { message } = App.useApp();
  const collect = useCollect();
  const open_lines = useMemo(() => unpaidLinesOf(detail), [detail]);
  // Mounted when opened: it starts with every unpaid line ticked and one cash line of what is due.
  const [chosen, setChosen] = useState<number[]>(() => open_lines.map((l) => l.union_id));
  const [form] = Form.useForm<{ payments: PayRow[] }>();
  const [error, setError] = useState<string | null>(null);
  const allChosen = chosen.length === open_lines.length;
  // All lines: what the server says is owed (money taken without lines counts); else the lines' sum.
  const dueFen = allChosen
    ? fen(detail.due)
    : open_lines.filter((l) => chosen.includes(l.union_id)).reduce((s, l) => s + fen(l.price), 0);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { payments } = values;
    setError(null);
    if (payments.some((p) => fen(p.amount) === 0)) return setError(CASHIER_MESSAGES.zero);
    const paidFen = payments.reduce((s, p) => s + fen(p.amount), 0);
    if (paidFen !== dueFen) return setError(CASHIER_MESSAGES.mismatch(yuan(paidFen), yuan(dueFen)));
    try {
      await collect.mutateAsync({
        order_id: detail.order_id,
        ...(allChosen ? {} : { union_ids: JSON.stringify(chosen) }),
        payments: JSON.stringify(payments.map((p) => ({ ...p, amount: yuan(fen(p.amount)) }))),
      });
      void message.success(`收款成功，共¥${yuan(paidFen)}`);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Modal
      title={`收款 · ${detail.cust_name}`}
      open
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认收款"
      confirmLoading={collect.isPending}
      destroyOnHidden
      forceRender
    >
      <Table<CostLine>
        size="small"
        rowKey="union_id"
        pagination={false}
        dataSource={open_lines}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
        columns={[
          { title: '项目', dataIndex: 'union_name' },
          { title: '原价', dataIndex: 'list_price', width: 90, align: 'right' },
          { title: '优惠价', dataIndex: 'price', width: 90, align: 'right' },
        ]}
      />
      <div style={{ margin: '8px 0', fontWeight: 600 }}>应收：¥{yuan(dueFen)}</div>
      <Form
        form={form}
        layout="vertical"
        size="small"
        initialValues={{ payments: [{ method: 'cash', amount: Number(yuan(fen(detail.due))) }] }}
      >
        <Form.List name="payments">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item name={[field.name, 'method']} rules={[{ required: true, message: '请选择付款方式' }]}>
                    <Select aria-label="付款方式" options={methodOptions} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'amount']} rules={[{ required: true, message: '请填写金额' }]}>
                    <InputNumber aria-label="金额" min={0} precision={2} prefix="¥" style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['payments', field.name, 'method']) === 'exam_card' ? (
                        <Space>
                          <Form.Item
                            name={[field.name, 'card_no']}
                            rules={[{ required: true, whitespace: true, message: '请填写体检卡号' }]}
                          >
                            <Input aria-label="体检卡号" placeholder="体检卡号" style={{ width: 150 }} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'card_password']}>
                            <Input.Password aria-label="卡密码" placeholder="卡密码（如有）" style={{ width: 130 }} />
                          </Form.Item>
                        </Space>
                      ) : (
                        <Form.Item name={[field.name, 'trade_no']}>
                          <Input aria-label="交易号" placeholder="交易号（选填）" style={{ width: 160 }} />
                        </Form.Item>
                      )
                    }
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button size="small" onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  )}
                </Space>
              ))}
              <Button size="small" onClick={() => add({ method: 'wechat', amount: null })}>
                增加付款方式
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      {error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} />}
    </Modal>
  );
}
