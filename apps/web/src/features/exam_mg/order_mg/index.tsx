import { useState } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import {
  DICTIONARIES,
  mayUse,
  ORDER_STATUS_LABELS,
  UNREGISTER_ACCESS,
  type OrderListRow,
  type OrderStatus,
} from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { rememberSearch, takeRememberedSearch } from '../../../lib/keep-search';
import { usePersonGuard } from '../../session/confidential-guard';
import { useOrderList, type OrderListFilter } from './api/get-order-list';
import { ORDER_MG_PATH, QUICK_REGISTER_PATH, orderDetailPath } from '../shared/orders/order-paths';
import { useUnregister } from '../shared/orders/use-unregister';
import { useUserInfo } from '../../session/api/get-user-info';

const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];
/** 反登记 is offered before anything is examined (the server also checks lines, results and payments). */
const UNDOABLE = new Set<OrderStatus>(['prepared', 'registered', 'checked_in']);
const EXAM_TYPE_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.exam_type.map((t) => [t.code, t.name]));

interface Search {
  key: string;
  status: string;
  dateFrom: string;
  dateTo: string;
  page: number;
  size: number;
}

const freshSearch = (): Search => {
  const today = dayjs().format('YYYY-MM-DD');
  return { key: '', status: '', dateFrom: today, dateTo: today, page: 1, size: 20 };
};

const toFilter = (s: Search): OrderListFilter => ({
  key: s.key || undefined,
  status: (s.status || undefined) as OrderStatus | undefined,
  date_from: s.dateFrom || undefined,
  date_to: s.dateTo || undefined,
  page: s.page,
  size: s.size,
});

/** 登记管理 (exam_mg/order_mg): the registered visits, searched and filtered, each opening its detail. */
export default function OrderMg() {
  const navigate = useNavigate();
  const mayView = usePersonGuard();
  const unregister = useUnregister();
  const mayUnregister = mayUse(UNREGISTER_ACCESS, useUserInfo().data?.role_menu ?? []);
  // spec §2 keep_search: coming back from a detail finds the search as it was left.
  const [search, setSearch] = useState<Search>(() => takeRememberedSearch<Search>(ORDER_MG_PATH) ?? freshSearch());
  const [typed, setTyped] = useState(search.key);
  const list = useOrderList(toFilter(search));
  const update = (change: Partial<Search>) => setSearch((s) => ({ ...s, page: 1, ...change }));

  const open = (row: OrderListRow) => {
    if (!mayView(row)) return;
    rememberSearch(ORDER_MG_PATH, search);
    void navigate(orderDetailPath(row.order_id));
  };

  const range: [Dayjs | null, Dayjs | null] = [
    search.dateFrom ? dayjs(search.dateFrom) : null,
    search.dateTo ? dayjs(search.dateTo) : null,
  ];

  const columns: GenericColumn<OrderListRow>[] = [
    {
      title: '体检号',
      dataIndex: 'order_id',
      width: 150,
      render: (v: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(row)}>
          {v}
        </Button>
      ),
    },
    {
      title: '姓名',
      dataIndex: 'cust_name',
      width: 100,
      render: (v: string, row) => (
        <Space size={4}>
          {v}
          {row.special_flag === '1' && <Tag color="red">保密</Tag>}
        </Space>
      ),
    },
    { title: '性别', dataIndex: 'sex', width: 60, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '年龄', dataIndex: 'age', width: 60 },
    { title: '身份证号', dataIndex: 'cust_id_card', width: 170 },
    { title: '体检类型', dataIndex: 'exam_type', width: 100, render: (v: string) => EXAM_TYPE_NAMES[v] ?? v },
    { title: '体检日期', dataIndex: 'exam_date', width: 110 },
    { title: '套餐', dataIndex: 'package_name', width: 160 },
    { title: '单位', dataIndex: 'company_name', width: 160 },
    { title: '金额', dataIndex: 'total_price', width: 90, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: OrderStatus) => (
        <Tag color={v === 'registered' ? 'blue' : v === 'prepared' ? 'gold' : 'default'}>{ORDER_STATUS_LABELS[v]}</Tag>
      ),
    },
    {
      title: '操作',
      dataIndex: 'order_id',
      width: 80,
      render: (_: string, row) =>
        mayUnregister && UNDOABLE.has(row.status) ? (
          <Button type="link" danger size="small" onClick={() => void unregister(row.order_id, row.cust_name)}>
            反登记
          </Button>
        ) : null,
    },
  ];

  const total = list.data?.total ?? 0;

  return (
    <Card
      size="small"
      title="登记管理"
      extra={
        <Button type="primary" onClick={() => void navigate(QUICK_REGISTER_PATH)}>
          快速登记
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          aria-label="查询条件"
          placeholder="姓名 / 身份证号 / 体检号 / 手机号，回车"
          allowClear
          autoFocus
          style={{ width: 300 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => update({ key: value.trim() })}
        />
        <DatePicker.RangePicker
          aria-label="体检日期"
          value={range}
          onChange={(value) =>
            update({ dateFrom: value?.[0]?.format('YYYY-MM-DD') ?? '', dateTo: value?.[1]?.format('YYYY-MM-DD') ?? '' })
          }
        />
        <Select
          aria-label="订单状态"
          style={{ width: 120 }}
          value={search.status}
          options={STATUS_OPTIONS}
          onChange={(value: string) => update({ status: value })}
        />
      </Space>
      <GenericTable<OrderListRow>
        tableKey="order_mg"
        rowKey="order_id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        onRow={(row) => ({ onDoubleClick: () => open(row) })}
        pagination={{
          current: search.page,
          pageSize: search.size,
          total,
          showSizeChanger: true,
          showTotal: () => (
            <Typography.Text type="secondary">共 {list.data?.total_capped ? `${total}+` : total} 条</Typography.Text>
          ),
          onChange: (page, size) => setSearch((s) => ({ ...s, page, size })),
        }}
      />
    </Card>
  );
}
