import { useState } from 'react';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import {
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  invoiceApplicationSaveRoute,
  type InvoiceApplicationRow,
} from '@checkup/api-contract';
import { useInvoiceWrite, useOrderBills } from '../shared/invoices/invoice-api';

interface Values {
  group_order_id: number;
  invoice_type: (typeof INVOICE_TYPES)[number];
  title: string;
  tax_no?: string;
  amount: string;
  remark?: string;
}

/**
 * 申请/修改 a group invoice (breadth §3.2 form): the order (its company and 分中心 follow it), the
 * type, 抬头, 税号, 面额 and 备注. The order's amount and what is already applied for are shown; the
 * server refuses more than the order's amount (发票金额,不能大于订单金额!).
 */
export function ApplicationForm(props: { editing: InvoiceApplicationRow | null; onClose(): void }) {
  const { editing, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState('');
  const bills = useOrderBills(key);
  const save = useInvoiceWrite(invoiceApplicationSaveRoute);
  const orderId = Form.useWatch('group_order_id', form);
  const bill = bills.data?.list.find((b) => b.id === orderId);

  const submit = (v: Values) =>
    save.mutate(
      {
        ...v,
        branch_id: bill?.branch_id ?? editing?.branch_id ?? undefined,
        ...(editing ? { id: editing.id, version: editing.version } : {}),
      },
      {
        onSuccess: () => {
          void message.success(editing ? '已保存' : '已提交申请');
          onClose();
        },
        onError: (err) => void message.error(err.message),
      },
    );

  return (
    <Modal
      open
      title={editing ? '修改开票申请' : '开票申请'}
      okText="保存"
      cancelText="返回"
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? { ...editing, tax_no: editing.tax_no ?? undefined, remark: editing.remark ?? undefined }
            : { invoice_type: 'vat_normal' }
        }
        onFinish={submit}
      >
        <Form.Item name="group_order_id" label="订单号" rules={[{ required: true, message: '请选择订单' }]}>
          <Select
            aria-label="订单号"
            showSearch={{ filterOption: false, onSearch: setKey }}
            placeholder="输入单位名称或订单号搜索审核通过的订单"
            options={(bills.data?.list ?? []).map((b) => ({
              value: b.id,
              label: `${b.order_no} ${b.company_name}`,
            }))}
            onChange={(id: number) => {
              const chosen = bills.data?.list.find((b) => b.id === id);
              if (chosen && !form.getFieldValue('title')) form.setFieldValue('title', chosen.company_name);
            }}
          />
        </Form.Item>
        {bill && (
          <Typography.Paragraph type="secondary">
            订单金额¥{bill.amount}，已申请¥{bill.applied}，已开票¥{bill.invoiced}
          </Typography.Paragraph>
        )}
        <Form.Item name="invoice_type" label="发票类型">
          <Select
            aria-label="发票类型"
            options={INVOICE_TYPES.map((t) => ({ value: t, label: INVOICE_TYPE_LABELS[t] }))}
          />
        </Form.Item>
        <Form.Item name="title" label="抬头" rules={[{ required: true, whitespace: true, message: '请填写发票抬头' }]}>
          <Input aria-label="抬头" maxLength={100} />
        </Form.Item>
        <Form.Item name="tax_no" label="税号" extra="增值税专用发票须填写">
          <Input aria-label="税号" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="amount"
          label="面额（元）"
          rules={[
            { required: true, message: '请填写面额' },
            { pattern: /^\d{1,8}(\.\d{1,2})?$/, message: '面额应为不小于0的金额，最多两位小数' },
          ]}
        >
          <Input aria-label="面额" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea aria-label="备注" rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
