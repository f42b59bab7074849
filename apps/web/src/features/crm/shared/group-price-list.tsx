import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { GENDER_LIMIT_LABELS, PAY_MODE_LABELS, groupPriceResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { GROUP_PRICE_BLANK, groupPriceFields, groupToForm } from './group-order-fields';

/**
 * 团检报价's groups (breadth §2.4): each with its package, conditions, who pays, and its price against
 * the package's list total (原价合计) with the discount it means; all orders' or one order's.
 */
export function GroupPriceList(props: { title: string; scope?: Record<string, string>; orderId?: number }) {
  const navigate = useNavigate();
  const { orderId } = props;
  return (
    <ResourceScreen
      resource={groupPriceResource}
      title={props.title}
      scope={props.scope}
      filters={[
        { name: 'key', kind: 'search', label: '搜索分组', placeholder: '分组、套餐、单位名称或订单号' },
        {
          name: 'gender_limit',
          kind: 'select',
          label: '适用性别',
          options: Object.entries(GENDER_LIMIT_LABELS).map(([value, label]) => ({ value, label })),
        },
      ]}
      columns={[
        ...(orderId ? [] : [{ title: '订单号', dataIndex: 'order_no' as const, width: 140 }]),
        ...(orderId ? [] : [{ title: '单位', dataIndex: 'company_name' as const, width: 180 }]),
        { title: '分组名称', dataIndex: 'group_name', width: 140 },
        { title: '体检套餐', dataIndex: 'package_name', width: 160 },
        {
          title: '性别',
          dataIndex: 'gender_limit',
          width: 70,
          render: (_, row) => GENDER_LIMIT_LABELS[row.gender_limit],
        },
        { title: '原价合计', dataIndex: 'list_total', width: 100, align: 'right' },
        { title: '优惠价', dataIndex: 'price', width: 100, align: 'right' },
        { title: '折扣（%）', dataIndex: 'discount', width: 90, align: 'right' },
        { title: '付款方式', dataIndex: 'pay_mode', width: 90, render: (_, row) => PAY_MODE_LABELS[row.pay_mode] },
        { title: '人数', dataIndex: 'person_count', width: 70, align: 'right' },
        {
          title: '禁检',
          dataIndex: 'paused',
          width: 70,
          render: (_, row) => (row.paused ? <Tag color="red">禁检</Tag> : null),
        },
      ]}
      fields={groupPriceFields}
      toForm={(row) => groupToForm(row)}
      blank={orderId ? { ...GROUP_PRICE_BLANK, group_order_id: orderId } : GROUP_PRICE_BLANK}
      rowActions={(row) =>
        orderId ? null : (
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(`/manager/crm/group_pricing_list_detail?id=${row.id}`)}
          >
            详情
          </Button>
        )
      }
    />
  );
}
