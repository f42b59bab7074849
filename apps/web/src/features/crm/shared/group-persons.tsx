import { useMemo } from 'react';
import { Tag } from 'antd';
import { PERSON_STATUS_LABELS, PERSON_STATUSES, type GroupPersonRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import type { ResourceFilter } from '../../../lib/resource/resource-list';
import { useGroupOrderChoices } from './group-orders';

const STATUS_COLORS: Partial<Record<GroupPersonRow['status'], string>> = {
  none: 'default',
  prepared: 'gold',
  registered: 'blue',
  checked_in: 'green',
};

export const personColumns: GenericColumn<GroupPersonRow>[] = [
  { title: '订单号', dataIndex: 'order_no', width: 130 },
  { title: '单位', dataIndex: 'company_name', width: 160 },
  { title: '部门', dataIndex: 'dept_name', width: 100 },
  { title: '分组', dataIndex: 'group_name', width: 100 },
  { title: '姓名', dataIndex: 'cust_name', width: 90 },
  { title: '体检号', dataIndex: 'order_id', width: 140 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (v: GroupPersonRow['status']) => <Tag color={STATUS_COLORS[v]}>{PERSON_STATUS_LABELS[v]}</Tag>,
  },
  {
    title: '禁检',
    dataIndex: 'banned',
    width: 80,
    render: (v: boolean, row) =>
      v ? (
        <Tag color="error" title={row.ban_reason ?? undefined}>
          已禁检
        </Tag>
      ) : row.group_paused ? (
        <Tag color="warning">分组禁检</Tag>
      ) : (
        '否'
      ),
  },
  { title: '性别', dataIndex: 'sex', width: 60, render: (v: string) => (v === '1' ? '男' : '女') },
  { title: '出生日期', dataIndex: 'birthday', width: 110 },
  { title: '证件', dataIndex: 'id_card', width: 170 },
  { title: '手机', dataIndex: 'phone', width: 120 },
  { title: '套餐', dataIndex: 'package_name', width: 140 },
  { title: '金额', dataIndex: 'total_price', width: 90, align: 'right' },
  { title: '统收限额', dataIndex: 'price_limit', width: 90, align: 'right' },
  { title: '打印次数', dataIndex: 'print_count', width: 80, align: 'right' },
];

const flagOptions = (yes: string, no: string) => [
  { value: '1', label: yes },
  { value: '0', label: no },
];

/** The filters of 团检登记名单 and 团检人员 (breadth §2.7), the orders and groups from the server. */
export function usePersonFilters(): ResourceFilter[] {
  const orders = useGroupOrderChoices();
  return useMemo(() => {
    const list = orders.data ?? [];
    const companies = [...new Map(list.map((o) => [o.company_id, o.company_name])).entries()];
    return [
      { name: 'name', kind: 'search', label: '姓名', placeholder: '姓名' },
      { name: 'order_from', kind: 'search', label: '体检号从', placeholder: '体检号从', width: 150 },
      { name: 'order_to', kind: 'search', label: '体检号到', placeholder: '体检号到', width: 150 },
      { name: 'id_card', kind: 'search', label: '身份证号', placeholder: '身份证号（精确）', width: 180 },
      { name: 'phone', kind: 'search', label: '手机号', placeholder: '手机号（精确）', width: 150 },
      { name: 'dept_name', kind: 'search', label: '部门', placeholder: '部门' },
      {
        name: 'group_order_id',
        kind: 'select',
        label: '订单',
        options: list.map((o) => ({ value: String(o.id), label: `${o.order_no} ${o.order_name}` })),
      },
      {
        name: 'company_id',
        kind: 'select',
        label: '单位',
        options: companies.map(([id, name]) => ({ value: String(id), label: name })),
      },
      {
        name: 'group_id',
        kind: 'select',
        label: '分组',
        options: list.flatMap((o) =>
          o.groups.map((g) => ({ value: String(g.id), label: `${o.order_no} ${g.group_name}` })),
        ),
      },
      {
        name: 'status',
        kind: 'select',
        label: '状态',
        options: PERSON_STATUSES.map((s) => ({ value: s, label: PERSON_STATUS_LABELS[s] })),
      },
      { name: 'banned', kind: 'select', label: '禁检', options: flagOptions('已禁检', '未禁检') },
      { name: 'printed', kind: 'select', label: '打印', options: flagOptions('已打印', '未打印') },
    ];
  }, [orders.data]);
}
