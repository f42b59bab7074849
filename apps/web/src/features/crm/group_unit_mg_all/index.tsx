import { GroupOrderList } from '../shared/group-order-list';

const ALL = { view: 'all' };

/** 团检单位(全部) (crm/group_unit_mg_all): every salesperson's orders, for leaders. */
export default function GroupUnitMgAll() {
  return <GroupOrderList title="团检单位(全部)" scope={ALL} />;
}
