import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { companyArchiveResource } from '@checkup/api-contract';
import { RecordPage } from '../../../lib/resource/record-page';
import { companyToForm, useCompanyFields } from '../shared/company-fields';

/** 单位信息 (crm/cmp_arch_info?id=…): one company in full, or a blank form creating one. */
export default function CmpArchInfo() {
  const navigate = useNavigate();
  return (
    <RecordPage
      resource={companyArchiveResource}
      title={(row) => (row ? `单位信息：${row.company_name}` : '新增单位')}
      fields={useCompanyFields()}
      toForm={companyToForm}
      allowNew
      extra={<Button onClick={() => void navigate('/manager/crm/cmp_arch')}>返回单位档案</Button>}
    />
  );
}
