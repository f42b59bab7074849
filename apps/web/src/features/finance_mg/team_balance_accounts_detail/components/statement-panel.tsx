import { App, Button, Card, Form, Input, Popconfirm, Select, Space } from 'antd';
import {
  DEDUCT_MODES,
  DEDUCT_MODE_LABELS,
  statementDeductRoute,
  statementFeeAddRoute,
  statementFeeRemoveRoute,
  type DeductMode,
  type Statement,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useSettleWrite, useStatement } from '../../shared/settlement/settle-api';

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * One statement: its lines (price, company share, personal part, 减免 share) and, while a draft, its
 * 附加费用 and the 减免 spread (§11.2(c)5).
 */
export function StatementPanel({ statement, editable }: { statement: Statement; editable: boolean }) {
  const { message } = App.useApp();
  const detail = useStatement(statement.id);
  const addFee = useSettleWrite(statementFeeAddRoute);
  const removeFee = useSettleWrite(statementFeeRemoveRoute);
  const deduct = useSettleWrite(statementDeductRoute);
  const [feeForm] = Form.useForm<{ fee_name: string; amount: string }>();
  const [deductForm] = Form.useForm<{ mode: DeductMode; amount: string }>();
  const draft = editable && statement.state === '草稿';
  const ref = { id: statement.id, version: statement.version };

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title={`结算明细 · ${statement.settlement_no}`}>
        <GenericTable
          tableKey="team-settle-lines"
          rowKey="id"
          size="small"
          virtual={false}
          pagination={{ pageSize: 20 }}
          loading={detail.isFetching}
          dataSource={detail.data?.lines ?? []}
          columns={[
            { title: '体检号', dataIndex: 'order_id', width: 150 },
            { title: '姓名', dataIndex: 'cust_name', width: 80 },
            { title: '收费项目', dataIndex: 'union_name', width: 160 },
            { title: '价格', dataIndex: 'price', width: 90, align: 'right' },
            { title: '单位承担', dataIndex: 'acc_charge', width: 90, align: 'right' },
            { title: '个人补缴', dataIndex: 'personal_pay', width: 90, align: 'right' },
            { title: '减免', dataIndex: 'dec_charges', width: 90, align: 'right' },
          ]}
        />
      </Card>
      <Card size="small" title="附加费用">
        <GenericTable
          tableKey="team-settle-fees"
          rowKey="id"
          size="small"
          virtual={false}
          pagination={false}
          dataSource={detail.data?.fees ?? []}
          locale={{ emptyText: '无附加费用' }}
          columns={[
            { title: '费用名称', dataIndex: 'fee_name', width: 200 },
            { title: '金额', dataIndex: 'amount', width: 100, align: 'right' },
            ...(draft
              ? [
                  {
                    title: '操作',
                    key: 'remove',
                    width: 80,
                    render: (_: unknown, f: { id: number; fee_name: string }) => (
                      <Popconfirm
                        title={`删除附加费用「${f.fee_name}」？`}
                        onConfirm={() =>
                          void run(() => removeFee.mutateAsync({ ...ref, fee_id: f.id }), '已删除附加费用')
                        }
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {draft && (
          <Form
            form={feeForm}
            layout="inline"
            style={{ marginTop: 8 }}
            onFinish={(v) =>
              void run(async () => {
                await addFee.mutateAsync({ ...ref, fee_name: v.fee_name.trim(), amount: v.amount.trim() });
                feeForm.resetFields();
              }, '已添加附加费用')
            }
          >
            <Form.Item name="fee_name" rules={[{ required: true, whitespace: true, message: '请填写费用名称' }]}>
              <Input aria-label="费用名称" placeholder="费用名称" maxLength={64} />
            </Form.Item>
            <Form.Item
              name="amount"
              rules={[{ required: true, pattern: MONEY, message: '请填写费用金额，最多两位小数' }]}
            >
              <Input aria-label="费用金额" placeholder="金额" prefix="¥" style={{ width: 140 }} />
            </Form.Item>
            <Button htmlType="submit" loading={addFee.isPending}>
              添加附加费用
            </Button>
          </Form>
        )}
      </Card>
      {draft && (
        <Card size="small" title="减免">
          <Form
            form={deductForm}
            layout="inline"
            initialValues={{ mode: 'ratio' }}
            onFinish={(v) =>
              void run(() => deduct.mutateAsync({ ...ref, mode: v.mode, amount: v.amount.trim() }), '减免已分摊')
            }
          >
            <Form.Item name="mode">
              <Select
                aria-label="减免方式"
                style={{ width: 120 }}
                options={DEDUCT_MODES.map((m) => ({ value: m, label: DEDUCT_MODE_LABELS[m] }))}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              rules={[{ required: true, pattern: MONEY, message: '请填写减免金额，最多两位小数' }]}
            >
              <Input aria-label="减免金额" placeholder="减免金额（0 取消减免）" prefix="¥" style={{ width: 200 }} />
            </Form.Item>
            <Button htmlType="submit" loading={deduct.isPending}>
              分摊减免
            </Button>
          </Form>
        </Card>
      )}
    </Space>
  );
}
