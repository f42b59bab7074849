import { GroupOrderList } from '../shared/group-order-list';

const OCCU = { occu: '1' };

/** 团检单位(职业) (crm/group_unit_mg_occu): the occupational and combined orders. */
export default function GroupUnitMgOccu() {
  return <GroupOrderList title="团检单位(职业)" scope={OCCU} />;
}
