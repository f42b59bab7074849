import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { INVOICE_KIND_LABELS, INVOICE_KINDS, invoiceAvailableRoute, invoiceIssueRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { printInvoice, useInvoiceWrite } from '../shared/invoices/invoice-api';

interface Values {
  source: 'order' | 'card';
  key: string;
  kind: (typeof INVOICE_KINDS)[number];
  title: string;
  tax_no?: string;
  amount?: string;
}

/**
 * 开票 (breadth §3.2): for a visit's money received, or a card sold, not yet invoiced. The amount left
 * is asked first; a blank amount invoices all of it. The number comes from the cashier's range.
 */
export function IssueDialog({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [available, setAvailable] = useState<string | null>(null);
  const issue = useInvoiceWrite(invoiceIssueRoute);
  const failed = (err: Error) => void message.error(err.message);
  const ownerOf = (v: Pick<Values, 'source' | 'key'>) =>
    v.source === 'order' ? { source: v.source, order_id: v.key.trim() } : { source: v.source, card_no: v.key.trim() };

  const lookUp = async () => {
    const v = await form.validateFields(['source', 'key']);
    try {
      const res = await api.call(invoiceAvailableRoute, ownerOf(v));
      setAvailable(res.amount);
      if (res.title && !form.getFieldValue('title')) form.setFieldValue('title', res.title);
    } catch (err) {
      failed(err as Error);
    }
  };

  const submit = (v: Values) =>
    issue.mutate(
      { ...ownerOf(v), kind: v.kind, title: v.title, tax_no: v.tax_no, amount: v.amount?.trim() || undefined },
      {
        onSuccess: (row) => {
          void message.success(`已开票：${row.invoice_no}，金额¥${row.amount}`);
          printInvoice(row.id, row.invoice_no).catch(failed);
          onClose();
        },
        onError: failed,
      },
    );

  return (
    <Modal
      open
      title="开票"
      okText="开票并打印"
      cancelText="返回"
      okButtonProps={{ loading: issue.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ source: 'order', kind: 'invoice' }} onFinish={submit}>
        <Form.Item name="source" label="开票来源">
          <Radio.Group
            onChange={() => setAvailable(null)}
            options={[
              { value: 'order', label: '体检' },
              { value: 'card', label: '售卡' },
            ]}
          />
        </Form.Item>
        <Form.Item label="体检号/卡号" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="key" noStyle rules={[{ required: true, whitespace: true, message: '请填写体检号或卡号' }]}>
              <Input aria-label="体检号/卡号" onChange={() => setAvailable(null)} />
            </Form.Item>
            <Button onClick={() => void lookUp()}>查询可开票金额</Button>
          </Space.Compact>
        </Form.Item>
        {available !== null && <Typography.Paragraph>可开票金额：¥{available}</Typography.Paragraph>}
        <Form.Item name="kind" label="票据类型">
          <Select
            aria-label="票据类型"
            options={INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABELS[k] }))}
          />
        </Form.Item>
        <Form.Item name="title" label="抬头" rules={[{ required: true, whitespace: true, message: '请填写发票抬头' }]}>
          <Input aria-label="抬头" maxLength={100} />
        </Form.Item>
        <Form.Item name="tax_no" label="税号">
          <Input aria-label="税号" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="amount"
          label="开票金额（元）"
          extra="留空则开具全部可开票金额"
          rules={[{ pattern: /^\d{1,8}(\.\d{1,2})?$/, message: '开票金额应为不小于0的金额，最多两位小数' }]}
        >
          <Input aria-label="开票金额" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
