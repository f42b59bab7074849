import { App, Button, Descriptions, Form, Input, Modal, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PAY_METHOD_NAMES,
  SETTLE_MESSAGES,
  SETTLE_METHODS,
  fenOf,
  moneyText,
  statementCheckoutRoute,
  type CompanyAccountRow,
  type Statement,
} from '@checkup/api-contract';
import { useSettleWrite } from '../../shared/settlement/settle-api';

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;
const METHOD_OPTIONS = SETTLE_METHODS.map((m) => ({ value: m, label: PAY_METHOD_NAMES[m] }));

interface Line {
  method: (typeof SETTLE_METHODS)[number];
  amount: string;
}
interface Values {
  amount: string;
  payments: Line[];
}

const fenOfText = (v: string | undefined) => (v && MONEY.test(v.trim()) ? fenOf(v.trim()) : null);

/**
 * 结账 (§11.2(c)6): 结帐原金额 is the statement's 实收; 实际结帐金额 is typed, and the payment lines
 * must add up to it exactly. 预缴划账 shows the company's balance; the server checks it under lock.
 */
export function CheckoutDialog({
  statement,
  account,
  onClose,
}: {
  statement: Statement;
  account: CompanyAccountRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const checkout = useSettleWrite(statementCheckoutRoute);
  const lines = Form.useWatch<Line[] | undefined>('payments', form);
  const sums = (lines ?? []).map((l) => fenOfText(l?.amount));
  const sum = sums.every((v) => v !== null) ? sums.reduce<number>((s, v) => s + v!, 0) : null;

  const submit = async (v: Values) => {
    const amount = fenOfText(v.amount)!;
    if (amount === 0 || v.payments.some((l) => fenOfText(l.amount) === 0)) {
      void message.error(SETTLE_MESSAGES.zero);
      return;
    }
    if (sum !== amount) {
      void message.error(SETTLE_MESSAGES.mismatch);
      return;
    }
    try {
      await checkout.mutateAsync({
        id: statement.id,
        version: statement.version,
        amount: v.amount.trim(),
        payments: JSON.stringify(v.payments.map((l) => ({ method: l.method, amount: l.amount.trim() }))),
      });
      void message.success(`结算单${statement.settlement_no}已结账`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      open
      width={620}
      title={`结账 · ${statement.settlement_no}`}
      okText="确认结账"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={checkout.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="结算金额">¥{statement.settle_amount}</Descriptions.Item>
        <Descriptions.Item label="附加费用">¥{statement.fee_total}</Descriptions.Item>
        <Descriptions.Item label="减免">¥{statement.deduction}</Descriptions.Item>
        <Descriptions.Item label="结帐原金额">¥{statement.net_amount}</Descriptions.Item>
        <Descriptions.Item label="预缴余额" span={2}>
          {account ? `¥${account.balance}（${account.state}）` : '未开立预缴账户'}
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          amount: statement.net_amount,
          payments: [{ method: 'transfer', amount: statement.net_amount }],
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="amount"
          label="实际结帐金额"
          rules={[
            { required: true, message: '请填写实际结帐金额' },
            { pattern: MONEY, message: '金额最多两位小数' },
          ]}
        >
          <Input aria-label="实际结帐金额" prefix="¥" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label="付款明细"
          required
          extra={sum === null ? '请填写每条付款的金额' : `付款合计 ¥${moneyText(sum)}`}
        >
          <Form.List name="payments">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'method']} rules={[{ required: true, message: '请选择付款方式' }]}>
                      <Select aria-label={`付款方式${i + 1}`} options={METHOD_OPTIONS} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'amount']}
                      rules={[{ required: true, pattern: MONEY, message: '请填写付款金额，最多两位小数' }]}
                    >
                      <Input aria-label={`付款金额${i + 1}`} prefix="¥" style={{ width: 150 }} />
                    </Form.Item>
                    {fields.length > 1 && (
                      <MinusCircleOutlined aria-label="删除付款" onClick={() => remove(field.name)} />
                    )}
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ method: 'cash' })}>
                  添加付款
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
