import { App, Form, Input, Modal, Select } from 'antd';
import {
  ADVANCE_METHODS,
  PAY_METHOD_NAMES,
  advanceRefundRoute,
  advanceTopupRoute,
  type CompanyAccountRow,
} from '@checkup/api-contract';
import { useSettleWrite } from '../../shared/settlement/settle-api';

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;
const METHOD_OPTIONS = ADVANCE_METHODS.map((m) => ({ value: m, label: PAY_METHOD_NAMES[m] }));

interface Values {
  method: string;
  amount: string;
  note?: string;
}

/** 充值 (one method, breadth §3.5) or 退款 of unused balance (with the reason) of a prepaid account. */
export function MoneyDialog({
  kind,
  account,
  onClose,
}: {
  kind: 'topup' | 'refund';
  account: CompanyAccountRow;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const topup = useSettleWrite(advanceTopupRoute);
  const refund = useSettleWrite(advanceRefundRoute);
  const label = kind === 'topup' ? '充值' : '退款';
  const submit = async (v: Values) => {
    const base = { id: account.id, version: account.version, method: v.method as 'cash', amount: v.amount.trim() };
    try {
      const after =
        kind === 'topup'
          ? await topup.mutateAsync({ ...base, note: v.note?.trim() || undefined })
          : await refund.mutateAsync({ ...base, reason: (v.note ?? '').trim() });
      void message.success(`${label}成功，当前余额 ¥${after.balance}`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  return (
    <Modal
      open
      title={`${label} · ${account.company_name}`}
      okText={`确认${label}`}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={topup.isPending || refund.isPending}
      destroyOnHidden
    >
      <p>当前余额：¥{account.balance}</p>
      <Form form={form} layout="vertical" initialValues={{ method: 'transfer' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="method" label="付款方式" rules={[{ required: true, message: '请选择付款方式' }]}>
          <Select aria-label="付款方式" options={METHOD_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={`${label}金额`}
          rules={[
            { required: true, message: `请填写${label}金额` },
            { pattern: MONEY, message: '金额最多两位小数' },
            {
              validator: (_, v: string) =>
                Number(v) === 0 ? Promise.reject(new Error('金额不能为0')) : Promise.resolve(),
            },
          ]}
        >
          <Input aria-label={`${label}金额`} prefix="¥" />
        </Form.Item>
        <Form.Item
          name="note"
          label={kind === 'topup' ? '备注' : '原因'}
          rules={kind === 'refund' ? [{ required: true, whitespace: true, message: '请填写原因' }] : []}
        >
          <Input.TextArea aria-label={kind === 'topup' ? '备注' : '原因'} rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
