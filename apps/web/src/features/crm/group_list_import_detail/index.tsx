import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { groupListDetailRoute, type RouteOutput } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { ImportPanel } from './import-panel';
import { PersonsCard } from './persons-card';

type GroupRow = RouteOutput<typeof groupListDetailRoute>['groups'][number];

const LIMITS = {
  gender: { '0': '不限', '1': '男', '2': '女' } as Record<string, string>,
  marital: { '0': '不限', '1': '已婚', '2': '未婚' } as Record<string, string>,
};
const ages = (g: GroupRow) =>
  g.age_from === null && g.age_to === null ? '不限' : `${g.age_from ?? ''}–${g.age_to ?? ''}岁`;

/** 名单导入详情 (crm/group_list_import_detail?id=…): one order's groups, its list import and its people. */
export default function GroupListImportDetail() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useQuery({
    queryKey: ['crm', 'group-list', 'detail', id],
    queryFn: () => api.call(groupListDetailRoute, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const back = <Button onClick={() => void navigate('/manager/crm/group_list_import')}>返回名单导入</Button>;
  if (!detail.data) {
    return (
      <Card title="名单导入详情" extra={back} loading={detail.isLoading}>
        {detail.error ? detail.error.message : !detail.isLoading && '请从名单导入列表选择订单'}
      </Card>
    );
  }
  const { order, groups } = detail.data;
  const closed = order.closed || order.approval_state !== 'approved';
  return (
    <>
      <Card title={`名单导入：${order.order_no} ${order.order_name}`} extra={back}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="单位">{order.company_name}</Descriptions.Item>
          <Descriptions.Item label="计划日期">{`${order.plan_from} 至 ${order.plan_to}`}</Descriptions.Item>
          <Descriptions.Item label="已导入">{order.person_count}</Descriptions.Item>
          <Descriptions.Item label="已预登记">{order.prepared_count}</Descriptions.Item>
        </Descriptions>
        <Table<GroupRow>
          size="small"
          rowKey="id"
          dataSource={groups}
          pagination={false}
          locale={{ emptyText: '该订单尚无分组' }}
          columns={[
            { title: '分组名称', dataIndex: 'group_name' },
            { title: '体检套餐', dataIndex: 'package_name' },
            { title: '组类', dataIndex: 'group_code', width: 70 },
            { title: '性别', dataIndex: 'gender_limit', width: 60, render: (v: string) => LIMITS.gender[v] },
            { title: '婚姻', dataIndex: 'marital_limit', width: 60, render: (v: string) => LIMITS.marital[v] },
            { title: '年龄', width: 90, render: (_, g) => ages(g) },
            { title: '优先', dataIndex: 'priority', width: 60 },
            {
              title: '付款方式',
              dataIndex: 'pay_mode',
              width: 80,
              render: (v: string) => (v === 'company' ? '统收' : '自费'),
            },
            { title: '优惠价', dataIndex: 'price', width: 90, align: 'right' },
            { title: '人数', dataIndex: 'person_count', width: 70, align: 'right' },
            {
              title: '状态',
              dataIndex: 'paused',
              width: 70,
              render: (p: boolean) => (p ? <Tag color="red">禁检</Tag> : <Tag color="green">正常</Tag>),
            },
          ]}
        />
      </Card>
      <ImportPanel orderId={order.id} closed={closed} />
      <PersonsCard orderId={order.id} closed={closed} groups={groups} />
    </>
  );
}
