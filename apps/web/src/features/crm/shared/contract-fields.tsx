import { CONTRACT_STATUSES, CONTRACT_STATUS_LABELS, companyArchiveResource } from '@checkup/api-contract';
import type { SchemaField } from '@checkup/ui';
import { ResourceSelect } from '../../../lib/resource/resource-select';

/** The fields of a contract (合同管理's drawer and 合同详情 alike). */
export const contractFields: SchemaField[] = [
  { name: 'contract_no', label: '合同编号' },
  {
    name: 'company_id',
    label: '单位',
    input: (
      <ResourceSelect
        resource={companyArchiveResource}
        labelOf={(c) => c.company_name}
        aria-label="单位"
        placeholder="输入名称搜索单位"
      />
    ),
  },
  { name: 'amount', label: '合同金额（元）', extra: '最多两位小数' },
  { name: 'valid_from', label: '开始日期', placeholder: '例如 2026-01-01' },
  { name: 'valid_to', label: '结束日期', placeholder: '例如 2026-12-31', extra: '不能早于开始日期' },
  {
    name: 'status',
    label: '签订状态',
    kind: 'select',
    options: CONTRACT_STATUSES.map((value) => ({ value, label: CONTRACT_STATUS_LABELS[value] })),
  },
  { name: 'remark', label: '备注', kind: 'textarea' },
];
