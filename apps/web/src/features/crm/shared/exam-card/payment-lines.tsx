import { Button, Form, Input, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CARD_SALE_METHODS, PAY_METHOD_LABELS, fenOf, moneyText } from '@checkup/api-contract';

export interface PaymentLine {
  method: string;
  amount: string;
}

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;
const METHOD_OPTIONS = CARD_SALE_METHODS.map((m) => ({ value: m, label: PAY_METHOD_LABELS[m] }));

/** The sum of the lines in fen; null while a line's amount is not a sum of money yet. */
export function collectedFen(lines: readonly Partial<PaymentLine>[] | undefined): number | null {
  let sum = 0;
  for (const line of lines ?? []) {
    if (!line?.amount || !MONEY.test(line.amount.trim())) return null;
    sum += fenOf(line.amount.trim());
  }
  return sum;
}

/** 收款明细: one line per method (现金, 微信, 支付宝, 转账) with its amount; their sum is shown. */
export function PaymentLines({ name = 'payments' }: { name?: string }) {
  const lines = Form.useWatch<PaymentLine[] | undefined>(name);
  const sum = collectedFen(lines);
  return (
    <Form.Item label="收款明细" required extra={sum === null ? '请填写每条收款的金额' : `收款合计 ¥${moneyText(sum)}`}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline">
                <Form.Item name={[field.name, 'method']} rules={[{ required: true, message: '请选择付款方式' }]}>
                  <Select aria-label={`付款方式${i + 1}`} options={METHOD_OPTIONS} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'amount']}
                  rules={[{ required: true, pattern: MONEY, message: '请填写付款金额，最多两位小数' }]}
                >
                  <Input aria-label={`付款金额${i + 1}`} prefix="¥" style={{ width: 140 }} />
                </Form.Item>
                {fields.length > 1 && <MinusCircleOutlined aria-label="删除收款" onClick={() => remove(field.name)} />}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ method: 'cash' })}>
              添加收款
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
