import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { CONTRACT_STATUS_LABELS, contractBookResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { contractFields } from '../shared/contract-fields';

/**
 * 合同管理 (crm/cntr_book, breadth §1.2): companies' contracts — number, amount, period, signed state;
 * 详情 opens one with its attachments and the group visits it covers.
 */
export default function CntrBook() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={contractBookResource}
      title="合同管理"
      filters={[
        { name: 'key', kind: 'search', label: '搜索合同', placeholder: '合同编号或单位名称' },
        {
          name: 'status',
          kind: 'select',
          label: '签订状态',
          options: Object.entries(CONTRACT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
        },
      ]}
      columns={[
        { title: '合同编号', dataIndex: 'contract_no', width: 140 },
        { title: '单位', dataIndex: 'company_name', width: 220 },
        { title: '合同金额（元）', dataIndex: 'amount', width: 140, align: 'right' },
        { title: '开始日期', dataIndex: 'valid_from', width: 110 },
        { title: '结束日期', dataIndex: 'valid_to', width: 110 },
        {
          title: '签订状态',
          dataIndex: 'status',
          width: 90,
          render: (_, row) => (
            <Tag color={row.status === 'signed' ? 'green' : undefined}>{CONTRACT_STATUS_LABELS[row.status]}</Tag>
          ),
        },
      ]}
      fields={contractFields}
      blank={{ status: 'draft' }}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(`/manager/crm/cntr_book_detail?id=${row.id}`)}>
          详情
        </Button>
      )}
    />
  );
}
