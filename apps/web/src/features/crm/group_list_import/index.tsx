import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { groupListOrdersRoute, type GroupListOrderRow } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { GroupListTemplates } from '../shared/group-list-templates';

const EXAM_TYPES: Record<string, string> = { health: '健康体检', occupational: '职业体检', both: '健康+职业' };

/**
 * 名单导入 (crm/group_list_import, breadth §2.7): the approved group orders still open, with how many
 * people are on their list and how many have a visit; 导入名单 opens one.
 */
export default function GroupListImport() {
  const navigate = useNavigate();
  const [key, setKey] = useState<string>();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const list = useQuery({
    queryKey: ['crm', 'group-list', 'orders', key, page],
    queryFn: () => api.call(groupListOrdersRoute, { key, ...page }),
  });
  return (
    <Card title="名单导入" extra={<GroupListTemplates />}>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label="搜索订单"
          placeholder="订单号、订单名称或单位"
          style={{ width: 280 }}
          onSearch={(value) => {
            setKey(value.trim() || undefined);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </Space>
      <Table<GroupListOrderRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无审核通过且未结束的团检订单' }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 150 },
          { title: '名称', dataIndex: 'order_name' },
          { title: '单位', dataIndex: 'company_name' },
          { title: '体检类型', dataIndex: 'exam_type', width: 100, render: (t: string) => EXAM_TYPES[t] ?? t },
          { title: '计划日期', width: 200, render: (_, r) => `${r.plan_from} 至 ${r.plan_to}` },
          { title: '预计人数', dataIndex: 'plan_count', width: 90, align: 'right' },
          { title: '已导入', dataIndex: 'person_count', width: 90, align: 'right' },
          {
            title: '已预登记',
            dataIndex: 'prepared_count',
            width: 90,
            align: 'right',
            render: (n: number, r) => <Tag color={n > 0 && n === r.person_count ? 'green' : undefined}>{n}</Tag>,
          },
          { title: '前台须知', dataIndex: 'desk_note', ellipsis: true },
          {
            title: '操作',
            width: 100,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`/manager/crm/group_list_import_detail?id=${r.id}`)}
              >
                导入名单
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
