import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import {
  CHARGE_STATE_LABELS,
  CHARGE_STATES,
  type ChargeState,
  type RouteOutput,
  type costListRoute,
} from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useCostList, type CostListFilter } from '../shared/cost-api';

type Row = RouteOutput<typeof costListRoute>['list'][number];
interface FilterForm {
  key?: string;
  name?: string;
  dates?: [Dayjs, Dayjs] | null;
  state?: ChargeState;
  scope?: 'personal' | 'group';
}

const STATE_COLORS: Record<ChargeState, string> = {
  unpaid: 'error',
  partial: 'warning',
  paid: 'success',
  refunded: 'purple',
};

const columns: GenericColumn<Row>[] = [
  { title: '体检号', dataIndex: 'order_id', width: 150 },
  { title: '姓名', dataIndex: 'cust_name', width: 80 },
  { title: '性别', dataIndex: 'sex', width: 50, render: (s: string) => (s === '1' ? '男' : '女') },
  { title: '身份证号', dataIndex: 'id_card', width: 170, render: (v: string | null) => v ?? '' },
  { title: '电话', dataIndex: 'phone', width: 110, render: (v: string | null) => v ?? '' },
  { title: '单位', dataIndex: 'company_name', width: 140, render: (v: string | null) => v ?? '个人' },
  {
    title: '登记时间',
    dataIndex: 'registered_at',
    width: 140,
    render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
  },
  { title: '总金额', dataIndex: 'total', width: 90, align: 'right' },
  { title: '自费金额', dataIndex: 'self_total', width: 90, align: 'right' },
  { title: '已收', dataIndex: 'paid', width: 90, align: 'right' },
  { title: '已退', dataIndex: 'refunded', width: 90, align: 'right' },
  { title: '待收', dataIndex: 'due', width: 90, align: 'right' },
  {
    title: '收费状态',
    dataIndex: 'state',
    width: 90,
    render: (s: ChargeState) => <Tag color={STATE_COLORS[s]}>{CHARGE_STATE_LABELS[s]}</Tag>,
  },
];

/** 费用管理 (finance_mg/cost_mg, breadth §3.1): visits with what they owe, paid and got back. */
export default function CostMg() {
  const navigate = useNavigate();
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<CostListFilter>({});
  const [page, setPage] = useState({ page: 1, size: 20 });
  const list = useCostList({ ...filter, ...page });
  const search = (v: FilterForm) =>
    setFilter({
      key: v.key?.trim() || undefined,
      name: v.name?.trim() || undefined,
      date_from: v.dates?.[0]?.format('YYYY-MM-DD'),
      date_to: v.dates?.[1]?.format('YYYY-MM-DD'),
      state: v.state,
      scope: v.scope,
    });
  const onSearch = (v: FilterForm) => {
    search(v);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const open = (r: Row) => void navigate(`/manager/finance_mg/cost_mg_detail?order_id=${r.order_id}`);
  return (
    <Card size="small" title="费用管理">
      <Form form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 8, rowGap: 8 }}>
        <Form.Item name="key" label="体检号">
          <Input aria-label="体检号" placeholder="体检号/身份证号/手机号" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="name" label="姓名">
          <Input aria-label="姓名" allowClear style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="dates" label="登记日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="state" label="收费状态">
          <Select
            aria-label="收费状态"
            allowClear
            style={{ width: 100 }}
            options={CHARGE_STATES.map((s) => ({ value: s, label: CHARGE_STATE_LABELS[s] }))}
          />
        </Form.Item>
        <Form.Item name="scope" label="类型">
          <Select
            aria-label="个人/团体"
            allowClear
            style={{ width: 90 }}
            options={[
              { value: 'personal', label: '个人' },
              { value: 'group', label: '团体' },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => void list.refetch()}>刷新</Button>
        </Space>
      </Form>
      <GenericTable<Row>
        tableKey="cost_mg"
        rowKey="order_id"
        size="small"
        virtual={false}
        scroll={{ x: 1600 }}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (current, size) => setPage({ page: current, size }),
        }}
        columns={[
          ...columns,
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => open(r)}>
                费用详情
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
