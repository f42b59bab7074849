import { Button, Descriptions } from 'antd';
import { useNavigate } from 'react-router';
import { groupPriceResource } from '@checkup/api-contract';
import { RecordPage } from '../../../lib/resource/record-page';
import { groupPriceFields, groupToForm } from '../shared/group-order-fields';

/** 团检报价详情 (crm/group_pricing_list_detail?id=…): one group edited in place, with its price against the list. */
export default function GroupPricingListDetail() {
  const navigate = useNavigate();
  return (
    <RecordPage
      resource={groupPriceResource}
      title={(row) => (row ? `团检分组：${row.group_name}` : '团检分组')}
      fields={groupPriceFields}
      toForm={groupToForm}
      extra={<Button onClick={() => void navigate('/manager/crm/group_pricing_list')}>返回团检报价</Button>}
    >
      {(row) => (
        <Descriptions size="small" column={3} style={{ marginTop: 16 }}>
          <Descriptions.Item label="订单">{`${row.order_no ?? ''} ${row.order_name ?? ''}`}</Descriptions.Item>
          <Descriptions.Item label="原价合计">{row.list_total ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="平均折扣">{row.discount === null ? '—' : `${row.discount}%`}</Descriptions.Item>
        </Descriptions>
      )}
    </RecordPage>
  );
}
