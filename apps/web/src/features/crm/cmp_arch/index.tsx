import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { companyArchiveResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { companyToForm, useCompanyFields } from '../shared/company-fields';

/** The address of 单位信息 for one company, or blank for a new one. */
export const companyInfoPath = (id?: number) => `/manager/crm/cmp_arch_info${id ? `?id=${id}` : ''}`;

/**
 * 单位档案 (crm/cmp_arch, breadth §1.1): the companies examined in groups, their credit code, contact
 * (phone masked), 行业/经济类型 for occupational reporting and sales owner; 单位信息 opens one in full.
 */
export default function CmpArch() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={companyArchiveResource}
      title="单位档案"
      actionsWidth={250}
      filters={[{ name: 'key', kind: 'search', label: '搜索单位', placeholder: '单位名称或统一社会信用代码' }]}
      columns={[
        { title: '单位名称', dataIndex: 'company_name', width: 220 },
        { title: '统一社会信用代码', dataIndex: 'credit_code', width: 180 },
        { title: '联系人', dataIndex: 'contact_name', width: 90 },
        { title: '联系电话', dataIndex: 'contact_phone', width: 130 },
        { title: '单位地址', dataIndex: 'address', width: 220 },
        { title: '销售负责人', dataIndex: 'sales_user_name', width: 100 },
      ]}
      fields={useCompanyFields()}
      toForm={companyToForm}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(companyInfoPath(row.id))}>
          单位信息
        </Button>
      )}
    />
  );
}
