import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { GROUP_EXAM_TYPE_LABELS, groupOrderResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import {
  GROUP_ORDER_BLANK,
  OrderStateTag,
  examTypeOptions,
  groupOrderFields,
  orderStateOptions,
} from './group-order-fields';

/**
 * 团检单位's lists (breadth §2.3): one's own orders (a leader's: everyone's), the occupational ones
 * (_occu) or every salesperson's (_all, leaders). 详情 opens the order with its groups and moves.
 */
export function GroupOrderList({ title, scope }: { title: string; scope?: Record<string, string> }) {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={groupOrderResource}
      title={title}
      scope={scope}
      filters={[
        { name: 'key', kind: 'search', label: '搜索订单', placeholder: '订单号、订单名称或单位' },
        { name: 'approval_state', kind: 'select', label: '订单状态', options: orderStateOptions },
        ...(scope?.occu
          ? []
          : [{ name: 'exam_type', kind: 'select' as const, label: '体检类型', options: examTypeOptions }]),
      ]}
      columns={[
        { title: '订单号', dataIndex: 'order_no', width: 150 },
        { title: '订单名称', dataIndex: 'order_name', width: 200 },
        { title: '客户单位', dataIndex: 'company_name', width: 200 },
        {
          title: '状态',
          dataIndex: 'approval_state',
          width: 170,
          render: (_, row) => <OrderStateTag state={row.approval_state} change={row.change_state} />,
        },
        {
          title: '体检类型',
          dataIndex: 'exam_type',
          width: 100,
          render: (_, row) => GROUP_EXAM_TYPE_LABELS[row.exam_type],
        },
        {
          title: '计划检期',
          dataIndex: 'plan_from',
          width: 200,
          render: (_, row) => `${row.plan_from} 至 ${row.plan_to}`,
        },
        { title: '费用预算（元）', dataIndex: 'budget', width: 120, align: 'right' },
        { title: '分组数', dataIndex: 'group_count', width: 80, align: 'right' },
        { title: '销售经理', dataIndex: 'sales_user_name', width: 100 },
      ]}
      fields={groupOrderFields}
      blank={GROUP_ORDER_BLANK}
      rowActions={(row) => (
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(`/manager/crm/group_unit_mg_detail?id=${row.id}`)}
        >
          详情
        </Button>
      )}
    />
  );
}
