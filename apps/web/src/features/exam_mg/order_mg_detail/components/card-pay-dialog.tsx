import { App, Form, Input, Modal, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardPayRoute, cardVisitDueRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

interface Values {
  card_no?: string;
  password?: string;
  amount?: string;
}

/**
 * 卡支付 (issue 22, breadth §2.12): an exam card pays up to what the visit still owes in 自费; the
 * server checks the card's state, expiry, PIN and balance and answers in words (余额不足，当前余额¥…).
 */
export function CardPayDialog(props: { orderId: string; onClose(): void }) {
  const { orderId, onClose } = props;
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const due = useQuery({
    queryKey: ['order', orderId, 'card_due'],
    queryFn: () => api.call(cardVisitDueRoute, { order_id: orderId }),
  });
  const unpaid = due.data?.unpaid;
  const pay = useMutation({
    mutationFn: (v: Values) =>
      api.call(cardPayRoute, {
        order_id: orderId,
        card_no: v.card_no!,
        password: v.password,
        amount: v.amount?.trim() || unpaid || '',
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['order', orderId] }),
        client.invalidateQueries({ queryKey: ['exam_card'] }),
      ]),
  });
  return (
    <Modal
      open
      title="体检卡支付"
      okText="支付"
      cancelText="返回"
      okButtonProps={{ loading: pay.isPending, disabled: unpaid === '0.00' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        体检号 {orderId}，待收自费 {unpaid === undefined ? '…' : `¥${unpaid}`}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          pay.mutate(v, {
            onSuccess: (r) => {
              void message.success(`已用体检卡支付¥${r.paid}，卡内余额¥${r.balance}，尚欠¥${r.unpaid}`);
              onClose();
            },
            onError: (err) => void message.error(err.message),
          })
        }
      >
        <Form.Item name="card_no" label="卡号" rules={[{ required: true, whitespace: true, message: '请填写卡号' }]}>
          <Input aria-label="卡号" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="卡密码" extra="未设密码的卡留空">
          <Input.Password aria-label="卡密码" maxLength={6} />
        </Form.Item>
        <Form.Item
          name="amount"
          label="支付金额"
          extra="留空则支付全部待收金额"
          rules={[{ pattern: /^\d{1,8}(\.\d{1,2})?$/, message: '支付金额最多两位小数' }]}
        >
          <Input aria-label="支付金额" prefix="¥" placeholder={unpaid} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
