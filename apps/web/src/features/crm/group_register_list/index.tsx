import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { groupRegisterResource, type GroupBatchResult, type GroupPersonRow } from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { useGroupOrderChoices } from '../shared/group-orders';
import { personColumns, usePersonFilters } from '../shared/group-persons';
import { useRegisterActions, useSmsTemplateChoices, type PriceLimitForm } from './api/register-actions';
import { BatchPrintDialog } from './batch-print';

type Dialog = 'ban' | 'group' | 'limit' | 'sms' | 'print' | null;

/** What a batch answered: how many were done, and each refused person with the reason. */
function BatchResultModal({
  result,
  onClose,
}: {
  result: { title: string; data: GroupBatchResult } | null;
  onClose(): void;
}) {
  return (
    <Modal
      title={result?.title}
      open={result !== null}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      {result && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            成功 {result.data.done.length} 人，未处理 {result.data.refused.length} 人
          </Typography.Text>
          {result.data.refused.length > 0 && (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={result.data.refused}
              columns={[
                { title: '姓名', dataIndex: 'cust_name', width: 90 },
                { title: '体检号', dataIndex: 'order_id', width: 140 },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}

/**
 * 团检登记名单 (crm/group_register_list, breadth §2.7): the people of group orders with their 预登记
 * visits; 登记 / 批量登记 (已预登记 → 已登记), 禁检 of people and groups, 批量打印 through the desk's
 * print path, 统收限额, 检前短信 and 导出.
 */
export default function GroupRegisterList() {
  const { message } = App.useApp();
  const filters = usePersonFilters();
  const orders = useGroupOrderChoices();
  const actions = useRegisterActions();
  const [selected, setSelected] = useState<GroupPersonRow[]>([]);
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [result, setResult] = useState<{ title: string; data: GroupBatchResult } | null>(null);
  const [banForm] = Form.useForm<{ reason: string }>();
  const [groupForm] = Form.useForm<{ group_id: number; paused: '1' | '0' }>();
  const [limitForm] = Form.useForm<{
    group_order_id?: number;
    amount?: string;
    sex?: '1' | '2';
    age_from?: number;
    age_to?: number;
    only_selected: boolean;
  }>();
  const [smsForm] = Form.useForm<{ template_id?: number; timing: 'now' | 'later'; send_at?: Dayjs | null }>();
  const templates = useSmsTemplateChoices(dialog === 'sms');
  const ids = selected.map((r) => r.id);
  const fail = (err: Error) => void message.error(err.message);
  const needSelection = (then: () => void) => () => {
    if (ids.length === 0) void message.warning('请选择体检人员');
    else then();
  };
  const batch = (title: string, run: Promise<GroupBatchResult>) =>
    run.then((data) => {
      setResult({ title, data });
      setSelected([]);
    }, fail);

  const submitLimit = async () => {
    const v = await limitForm.validateFields();
    const form: PriceLimitForm = {
      group_order_id: v.group_order_id!,
      amount: v.amount!,
      ids: v.only_selected ? ids : [],
      sex: v.sex,
      age_from: v.age_from ?? undefined,
      age_to: v.age_to ?? undefined,
    };
    actions.priceLimit.mutate(form, {
      onSuccess: (r) => {
        void message.success(`已为${r.count}人设置统收限额 ¥${r.amount}`);
        setDialog(null);
      },
      onError: fail,
    });
  };

  const submitSms = async () => {
    const v = await smsForm.validateFields();
    actions.sms.mutate(
      {
        ids,
        template_id: v.template_id!,
        send_at: v.timing === 'later' && v.send_at ? v.send_at.toISOString() : undefined,
      },
      {
        onSuccess: (r) => {
          void message.success(
            `已提交${r.count}条短信${r.skipped > 0 ? `，${r.skipped}人无体检号或手机号未发送` : ''}`,
          );
          setDialog(null);
        },
        onError: fail,
      },
    );
  };

  const groupOptions = (orders.data ?? []).flatMap((o) =>
    o.groups.map((g) => ({ value: g.id, label: `${o.order_no} ${g.group_name}${g.paused ? '（已禁检）' : ''}` })),
  );

  return (
    <>
      <ResourceList
        resource={groupRegisterResource}
        title="团检登记名单"
        columns={personColumns}
        filters={filters}
        onFilter={setFilter}
        rowSelection={{
          selectedRowKeys: ids,
          onChange: (_keys, rows) => setSelected(rows),
        }}
        extra={
          <Space wrap>
            <Typography.Text type="secondary">已选 {ids.length} 人</Typography.Text>
            <Button
              loading={actions.register.isPending}
              onClick={needSelection(() => void batch('登记结果', actions.register.mutateAsync({ ids, batch: false })))}
            >
              登记
            </Button>
            <Button
              type="primary"
              loading={actions.register.isPending}
              onClick={needSelection(
                () => void batch('批量登记结果', actions.register.mutateAsync({ ids, batch: true })),
              )}
            >
              批量登记
            </Button>
            <Button danger onClick={needSelection(() => setDialog('ban'))}>
              禁检
            </Button>
            <Button onClick={needSelection(() => void batch('反禁检结果', actions.unban.mutateAsync(ids)))}>
              反禁检
            </Button>
            <Button onClick={() => setDialog('group')}>分组禁检</Button>
            <Button onClick={needSelection(() => setDialog('print'))}>批量打印</Button>
            <Button
              onClick={() => {
                limitForm.setFieldsValue({
                  group_order_id: filter.group_order_id ? Number(filter.group_order_id) : undefined,
                  only_selected: ids.length > 0,
                });
                setDialog('limit');
              }}
            >
              统收限额
            </Button>
            <Button onClick={needSelection(() => setDialog('sms'))}>检前短信</Button>
          </Space>
        }
      />
      <BatchResultModal result={result} onClose={() => setResult(null)} />
      <BatchPrintDialog
        rows={selected}
        open={dialog === 'print'}
        onClose={() => {
          setDialog(null);
          void actions.reload();
        }}
        onPrinted={(id, kind) => actions.printed(id, kind)}
      />
      <Modal
        title={`禁检（${ids.length}人）`}
        open={dialog === 'ban'}
        onCancel={() => setDialog(null)}
        confirmLoading={actions.ban.isPending}
        onOk={async () => {
          const { reason } = await banForm.validateFields();
          setDialog(null);
          await batch('禁检结果', actions.ban.mutateAsync({ ids, reason }));
          banForm.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={banForm} layout="vertical">
          <Form.Item
            name="reason"
            label="禁检原因"
            rules={[{ required: true, whitespace: true, message: '请填写禁检原因' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="分组禁检 / 反禁检"
        open={dialog === 'group'}
        onCancel={() => setDialog(null)}
        confirmLoading={actions.pauseGroup.isPending}
        onOk={async () => {
          const v = await groupForm.validateFields();
          actions.pauseGroup.mutate(
            { group_id: v.group_id, paused: v.paused === '1' },
            {
              onSuccess: (r) => {
                void message.success(r.paused ? '分组已禁检' : '分组已反禁检');
                setDialog(null);
                void orders.refetch();
              },
              onError: fail,
            },
          );
        }}
      >
        <Form form={groupForm} layout="vertical" initialValues={{ paused: '1' }}>
          <Form.Item name="group_id" label="分组" rules={[{ required: true, message: '请选择分组' }]}>
            <Select showSearch optionFilterProp="label" options={groupOptions} />
          </Form.Item>
          <Form.Item name="paused" label="操作">
            <Radio.Group
              options={[
                { value: '1', label: '禁检' },
                { value: '0', label: '反禁检' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="批量设置统收限额"
        open={dialog === 'limit'}
        onCancel={() => setDialog(null)}
        confirmLoading={actions.priceLimit.isPending}
        onOk={() => void submitLimit()}
      >
        <Form form={limitForm} layout="vertical">
          <Form.Item name="group_order_id" label="订单" rules={[{ required: true, message: '请选择订单' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={(orders.data ?? []).map((o) => ({ value: o.id, label: `${o.order_no} ${o.order_name}` }))}
            />
          </Form.Item>
          <Form.Item name="amount" label="限额金额（元）" rules={[{ required: true, message: '请填写限额金额' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Space>
            <Form.Item name="sex" label="性别">
              <Select
                allowClear
                style={{ width: 100 }}
                options={[
                  { value: '1', label: '男' },
                  { value: '2', label: '女' },
                ]}
              />
            </Form.Item>
            <Form.Item name="age_from" label="年龄从">
              <InputNumber min={0} max={150} precision={0} />
            </Form.Item>
            <Form.Item name="age_to" label="年龄到">
              <InputNumber min={0} max={150} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="only_selected" valuePropName="checked">
            <Checkbox disabled={ids.length === 0}>仅所选人员（{ids.length}人）</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`检前短信（${ids.length}人）`}
        open={dialog === 'sms'}
        onCancel={() => setDialog(null)}
        confirmLoading={actions.sms.isPending}
        onOk={() => void submitSms()}
      >
        <Form form={smsForm} layout="vertical" initialValues={{ timing: 'now' }}>
          <Form.Item name="template_id" label="短信模板" rules={[{ required: true, message: '请选择短信模板' }]}>
            <Select
              loading={templates.isLoading}
              options={(templates.data?.list ?? []).map((t) => ({ value: t.id, label: t.template_name }))}
            />
          </Form.Item>
          <Form.Item name="timing" label="发送">
            <Radio.Group
              options={[
                { value: 'now', label: '立即发送' },
                { value: 'later', label: '定时发送' },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['timing']}>
            {({ getFieldValue }) =>
              getFieldValue('timing') === 'later' && (
                <Form.Item name="send_at" label="发送时间" rules={[{ required: true, message: '请选择发送时间' }]}>
                  <DatePicker showTime />
                </Form.Item>
              )
            }
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
