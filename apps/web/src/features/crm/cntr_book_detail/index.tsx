import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { contractBookResource } from '@checkup/api-contract';
import { RecordPage } from '../../../lib/resource/record-page';
import { contractFields } from '../shared/contract-fields';
import { ContractAttachments, ContractGroupOrders } from './contract-extras';

/** 合同详情 (crm/cntr_book_detail?id=…): one contract edited in place, its attachments and linked group visits. */
export default function CntrBookDetail() {
  const navigate = useNavigate();
  return (
    <RecordPage
      resource={contractBookResource}
      title={(row) => (row ? `合同详情：${row.contract_no}` : '合同详情')}
      fields={contractFields}
      extra={<Button onClick={() => void navigate('/manager/crm/cntr_book')}>返回合同管理</Button>}
    >
      {(row) => (
        <>
          <ContractAttachments contractId={row.id} />
          <ContractGroupOrders contractId={row.id} />
        </>
      )}
    </RecordPage>
  );
}
