import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { groupOrderResource, groupPriceResource } from '@checkup/api-contract';
import { RecordPage } from '../../../lib/resource/record-page';
import { groupOrderFields } from '../shared/group-order-fields';
import { GroupPriceList } from '../shared/group-price-list';
import { OrderMoves } from './order-moves';

/** 团检单位详情 (crm/group_unit_mg_detail?id=…): the order edited in place, its moves and its groups. */
export default function GroupUnitMgDetail() {
  const navigate = useNavigate();
  return (
    <RecordPage
      resource={groupOrderResource}
      title={(row) => (row ? `团检订单：${row.order_no} ${row.order_name}` : '团检订单')}
      fields={groupOrderFields}
      alsoRefresh={[groupPriceResource]}
      extra={
        <>
          <Button onClick={() => void navigate('/manager/crm/group_unit_mg')}>返回团检单位</Button>
        </>
      }
    >
      {(row) => (
        <>
          <OrderMoves row={row} />
          <GroupPriceList title="分组与套餐" scope={{ group_order_id: String(row.id) }} orderId={row.id} />
          <Button style={{ marginTop: 16 }} onClick={() => void navigate(`/manager/crm/cmp_quote?id=${row.id}`)}>
            单位报价
          </Button>
        </>
      )}
    </RecordPage>
  );
}
