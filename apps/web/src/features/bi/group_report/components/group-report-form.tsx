import { useState } from 'react';
import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { GroupReportRow } from '@checkup/api-contract';
import { useGroupReportChoices, useGroupReportMove } from '../../shared/group-report-api';

interface Values {
  company_id?: number;
  group_order_id?: number;
  sample_name?: string;
  branch_id?: number;
  dates?: [Dayjs, Dayjs];
  sex?: '' | '1' | '2';
  include_absent?: '0' | '1';
}

const DAY = 'YYYY-MM-DD';

function initialOf(row: GroupReportRow | null): Values {
  if (!row) return { sex: '', include_absent: '0' };
  return {
    company_id: row.company_id,
    group_order_id: row.group_order_id,
    sample_name: row.sample_name,
    branch_id: row.branch_id,
    dates: [dayjs(row.date_from), dayjs(row.date_to)],
    sex: (row.sex ?? '') as Values['sex'],
    include_absent: row.include_absent ? '1' : '0',
  };
}

/**
 * 新建/修改 (breadth §4.3 define form): 团体, then one of its 订单 (which proposes its plan dates and
 * 分中心), 样本名称, 分中心, 登记日期 and the options 性别 and 是否含未检.
 */
export function GroupReportForm({ row, onClose }: { row: GroupReportRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [companyId, setCompanyId] = useState<number | undefined>(row?.company_id);
  const choices = useGroupReportChoices(companyId);
  const save = useGroupReportMove('save');

  const pickOrder = (orderId: number) => {
    const order = choices.data?.orders.find((o) => o.value === orderId);
    if (!order) return;
    form.setFieldsValue({
      dates: [dayjs(order.plan_from), dayjs(order.plan_to)],
      ...(order.branch_id ? { branch_id: order.branch_id } : {}),
    });
  };

  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: row?.id,
      company_id: v.company_id!,
      group_order_id: v.group_order_id!,
      sample_name: v.sample_name!,
      branch_id: v.branch_id!,
      date_from: v.dates![0].format(DAY),
      date_to: v.dates![1].format(DAY),
      sex: v.sex ?? '',
      include_absent: v.include_absent ?? '0',
    });
    message.success(row ? '已保存，请重新生成' : '已新建');
    onClose();
  };

  return (
    <Modal
      open
      title={row ? '修改团检报告' : '新建团检报告'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() =>
        void submit().catch((err: Error) => {
          // A form that fails validation shows its own messages; a refused save says why.
          if (err.message) void message.error(err.message);
        })
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialOf(row)}>
        <Form.Item name="company_id" label="团体" rules={[{ required: true, message: '请选择团体' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={choices.data?.companies}
            onChange={(id: number) => {
              setCompanyId(id);
              form.setFieldsValue({ group_order_id: undefined });
            }}
          />
        </Form.Item>
        <Form.Item name="group_order_id" label="订单" rules={[{ required: true, message: '请选择订单' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={!companyId}
            options={choices.data?.orders}
            onChange={pickOrder}
          />
        </Form.Item>
        <Form.Item
          name="sample_name"
          label="样本名称"
          rules={[{ required: true, whitespace: true, message: '请填写样本名称' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="branch_id" label="分中心" rules={[{ required: true, message: '请选择分中心' }]}>
          <Select options={choices.data?.branches} />
        </Form.Item>
        <Form.Item name="dates" label="登记日期" rules={[{ required: true, message: '请选择登记日期' }]}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="sex" label="性别">
          <Radio.Group
            options={[
              { value: '', label: '全部' },
              { value: '1', label: '男' },
              { value: '2', label: '女' },
            ]}
          />
        </Form.Item>
        <Form.Item name="include_absent" label="是否含未检">
          <Radio.Group
            options={[
              { value: '0', label: '不含' },
              { value: '1', label: '含未检' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
