import { GroupOrderList } from '../shared/group-order-list';

/** 团检单位 (crm/group_unit_mg): the signed-in salesperson's group orders (a leader sees all). */
export default function GroupUnitMg() {
  return <GroupOrderList title="团检单位" />;
}
