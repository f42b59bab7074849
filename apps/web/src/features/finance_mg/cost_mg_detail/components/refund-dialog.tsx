import { useMemo, useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Table } from 'antd';
import {
  PAY_METHOD_NAMES,
  publicKeyRoute,
  type CostLine,
  type PaymentLine,
  type RouteOutput,
  type costDetailRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { encryptPassword } from '../../../../lib/password';
import { useRefund } from '../../shared/cost-api';

type Detail = RouteOutput<typeof costDetailRoute>;
const fen = (yuan: number | string | null | undefined) => Math.round(Number(yuan ?? 0) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);
const methodName = (m: string) => PAY_METHOD_NAMES[m as keyof typeof PAY_METHOD_NAMES] ?? m;

/** What a returned line gives back: its price when the person paid it. */
const owedBack = (l: CostLine) => (l.pay_mode === 'self' && l.fee_charged ? fen(l.price) : 0);

/** The refund spread over the charge lines, the latest first, each within what is left of it. */
function allocate(lines: PaymentLine[], totalFen: number): Record<number, number> {
  const out: Record<number, number> = {};
  let left = totalFen;
  for (const p of [...lines].reverse()) {
    const take = Math.min(left, fen(p.refundable));
    out[p.id] = take / 100;
    left -= take;
  }
  return out;
}

/**
 * 退项/退费: the cashier ticks the lines to return and says why; what was paid for them goes back
 * through the charge lines chosen below (the card's to the card). An examined line asks a leader's
 * account and password in this same dialog.
 */
export function RefundDialog({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const { message } = App.useApp();
  const refund = useRefund();
  const returnable = useMemo(() => detail.lines.filter((l) => !l.returned), [detail]);
  const charges = useMemo(() => detail.payments.filter((p) => p.kind === 'charge' && fen(p.refundable) > 0), [detail]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [amounts, setAmounts] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string; leader_account?: string; leader_password?: string }>();
  const picked = returnable.filter((l) => chosen.includes(l.union_id));
  const backFen = picked.reduce((s, l) => s + owedBack(l), 0);
  const needsLeader = picked.some((l) => l.examined);

  const choose = (keys: number[]) => {
    setChosen(keys);
    const total = returnable.filter((l) => keys.includes(l.union_id)).reduce((s, l) => s + owedBack(l), 0);
    setAmounts(allocate(charges, total));
  };

  const submit = async () => {
    setError(null);
    if (picked.length === 0) return setError('请选择要退的项目');
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const refunds = charges
      .filter((p) => fen(amounts[p.id]) > 0)
      .map((p) => ({ payment_id: p.id, amount: yuan(fen(amounts[p.id])) }));
    const sum = refunds.reduce((s, r) => s + fen(r.amount), 0);
    if (sum !== backFen) return setError(`退款合计¥${yuan(sum)}与应退¥${yuan(backFen)}不一致`);
    try {
      const leader =
        needsLeader && values.leader_account && values.leader_password
          ? {
              leader_account: values.leader_account.trim(),
              leader_password: await encryptPassword(
                values.leader_password,
                (await api.call(publicKeyRoute, {})).public_key,
              ),
            }
          : {};
      await refund.mutateAsync({
        order_id: detail.order_id,
        union_ids: JSON.stringify(chosen),
        reason: values.reason.trim(),
        refunds: JSON.stringify(refunds),
        ...leader,
      });
      void message.success(backFen > 0 ? `退项成功，退款¥${yuan(backFen)}` : '退项成功');
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Modal
      title={`退项/退费 · ${detail.cust_name}`}
      open
      width={760}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认退项"
      okButtonProps={{ danger: true }}
      confirmLoading={refund.isPending}
      destroyOnHidden
      forceRender
    >
      <Table<CostLine>
        size="small"
        rowKey="union_id"
        pagination={false}
        dataSource={returnable}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => choose(keys as number[]) }}
        columns={[
          { title: '项目', dataIndex: 'union_name' },
          { title: '优惠价', dataIndex: 'price', width: 90, align: 'right' },
          { title: '收费', dataIndex: 'fee_charged', width: 70, render: (v: boolean) => (v ? '已收' : '未收') },
          { title: '检查', dataIndex: 'examined', width: 70, render: (v: boolean) => (v ? '已检' : '') },
        ]}
      />
      <div style={{ margin: '8px 0', fontWeight: 600 }}>应退：¥{yuan(backFen)}</div>
      {backFen > 0 && (
        <Table<PaymentLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={charges}
          columns={[
            { title: '收费记录', dataIndex: 'id', width: 80 },
            { title: '付款方式', dataIndex: 'pay_method', width: 90, render: methodName },
            { title: '可退', dataIndex: 'refundable', width: 90, align: 'right' },
            {
              title: '退款金额',
              key: 'amount',
              render: (_: unknown, p) => (
                <InputNumber
                  aria-label={`退款金额-${p.id}`}
                  min={0}
                  max={Number(p.refundable)}
                  precision={2}
                  value={amounts[p.id] ?? 0}
                  onChange={(v) => setAmounts((a) => ({ ...a, [p.id]: Number(v ?? 0) }))}
                />
              ),
            },
          ]}
        />
      )}
      <Form form={form} layout="vertical" size="small" style={{ marginTop: 8 }}>
        <Form.Item
          name="reason"
          label="退项原因"
          rules={[
            { required: true, whitespace: true, message: '请填写退项原因' },
            { max: 200, message: '原因不能超过200字' },
          ]}
        >
          <Input.TextArea aria-label="退项原因" rows={2} />
        </Form.Item>
        {needsLeader && (
          <>
            <Alert type="warning" showIcon title="所选项目已检查，退项需领导现场授权" style={{ marginBottom: 8 }} />
            <Form.Item
              name="leader_account"
              label="领导账号"
              rules={[{ required: true, whitespace: true, message: '请输入领导账号' }]}
            >
              <Input aria-label="领导账号" autoComplete="off" />
            </Form.Item>
            <Form.Item name="leader_password" label="领导密码" rules={[{ required: true, message: '请输入领导密码' }]}>
              <Input.Password aria-label="领导密码" autoComplete="new-password" />
            </Form.Item>
          </>
        )}
      </Form>
      {error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} />}
    </Modal>
  );
}
