import { Tag } from 'antd';
import {
  GENDER_LIMIT_LABELS,
  GENDER_LIMITS,
  GROUP_EXAM_MODE_LABELS,
  GROUP_EXAM_TYPE_LABELS,
  GROUP_ORDER_CHANGE_LABELS,
  GROUP_ORDER_STATE_LABELS,
  MARITAL_LABELS,
  PAY_MODE_LABELS,
  REPORT_DELIVERY_LABELS,
  groupOrderResource,
  type GroupOrderChangeState,
  type GroupOrderState,
} from '@checkup/api-contract';
import type { SchemaField } from '@checkup/ui';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { OptionSelect } from './group-order-options';

const optionsOf = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const ORDER_STATE_COLORS: Record<GroupOrderState, string | undefined> = {
  draft: undefined,
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'orange',
};

export function OrderStateTag({ state, change }: { state: GroupOrderState; change?: GroupOrderChangeState }) {
  return (
    <>
      <Tag color={ORDER_STATE_COLORS[state]}>{GROUP_ORDER_STATE_LABELS[state]}</Tag>
      {change && change !== 'none' ? <Tag color="purple">{GROUP_ORDER_CHANGE_LABELS[change]}</Tag> : null}
    </>
  );
}

export const orderStateOptions = optionsOf(GROUP_ORDER_STATE_LABELS);
export const examTypeOptions = optionsOf(GROUP_EXAM_TYPE_LABELS);
export const deliveryOptions = optionsOf(REPORT_DELIVERY_LABELS);

/** The fields of a group order (团检单位's drawer and its detail). */
export const groupOrderFields: SchemaField[] = [
  { name: 'order_name', label: '订单名称' },
  {
    name: 'company_id',
    label: '客户单位',
    input: <OptionSelect kind="companies" aria-label="客户单位" />,
  },
  {
    name: 'contract_id',
    label: '合同',
    input: <OptionSelect kind="contracts" aria-label="合同" />,
    extra: '须为该客户单位的合同',
  },
  { name: 'branch_id', label: '分中心', input: <OptionSelect kind="branches" aria-label="分中心" /> },
  { name: 'sales_user_id', label: '销售经理', input: <OptionSelect kind="sales_users" aria-label="销售经理" /> },
  { name: 'exam_type', label: '体检类型', kind: 'select', options: examTypeOptions },
  { name: 'plan_from', label: '计划检期从', placeholder: '例如 2026-12-01' },
  { name: 'plan_to', label: '计划检期到', placeholder: '例如 2026-12-31' },
  { name: 'plan_male', label: '男体检人数', kind: 'number' },
  { name: 'plan_female', label: '女体检人数', kind: 'number' },
  { name: 'budget', label: '费用预算（元）' },
  { name: 'avg_price', label: '套餐平均价（元）' },
  { name: 'discount', label: '订单折扣（%）', extra: '85 即八五折' },
  { name: 'exam_mode', label: '体检形式', kind: 'select', options: optionsOf(GROUP_EXAM_MODE_LABELS) },
  { name: 'report_delivery', label: '发放方式', kind: 'select', options: deliveryOptions },
  { name: 'desk_note', label: '前台须知', kind: 'textarea' },
  { name: 'remark', label: '备注' },
];

export const GROUP_ORDER_BLANK = {
  exam_type: 'health',
  exam_mode: 'inside',
  report_delivery: 'company',
  plan_male: 0,
  plan_female: 0,
};

/** The fields of a group of an order (团检报价). */
export const groupPriceFields: SchemaField[] = [
  {
    name: 'group_order_id',
    label: '团检订单',
    input: (
      <ResourceSelect
        resource={groupOrderResource}
        labelOf={(o) => `${o.order_no} ${o.order_name}`}
        aria-label="团检订单"
        placeholder="输入订单号或名称搜索"
      />
    ),
  },
  { name: 'group_name', label: '分组名称' },
  {
    name: 'package_id',
    label: '体检套餐',
    input: <OptionSelect kind="packages" aria-label="体检套餐" />,
  },
  { name: 'price', label: '分组价格（优惠价，元）', extra: '不得低于您的折扣权限' },
  { name: 'pay_mode', label: '付款方式', kind: 'select', options: optionsOf(PAY_MODE_LABELS) },
  { name: 'group_code', label: '组类' },
  {
    name: 'gender_limit',
    label: '适用性别',
    kind: 'select',
    options: GENDER_LIMITS.map((value) => ({ value, label: GENDER_LIMIT_LABELS[value] })),
  },
  { name: 'marital_limit', label: '婚否', kind: 'select', options: optionsOf(MARITAL_LABELS) },
  { name: 'age_from', label: '年龄自', kind: 'number' },
  { name: 'age_to', label: '年龄至', kind: 'number' },
  { name: 'priority', label: '优先', kind: 'number' },
  {
    name: 'exam_type',
    label: '体检类型',
    kind: 'select',
    options: [
      { value: '', label: '同订单' },
      { value: 'health', label: '健康体检' },
      { value: 'occupational', label: '职业体检' },
    ],
  },
  { name: 'harm_factors', label: '接害因素', extra: '多个用顿号或逗号分隔' },
  { name: 'hide_price', label: '隐藏金额', kind: 'switch' },
  { name: 'paused', label: '禁检', kind: 'switch' },
];

export const GROUP_PRICE_BLANK = {
  gender_limit: '0',
  marital_limit: '0',
  pay_mode: 'company',
  priority: 0,
  exam_type: '',
};

/** A group row as its form's values (null choices as blank). */
export const groupToForm = (row: { exam_type: string | null }): Record<string, unknown> => ({
  ...row,
  exam_type: row.exam_type ?? '',
});
