import { GroupPriceList } from '../shared/group-price-list';

const OCCU = { occu: '1' };

/** 团检报价(职业) (crm/group_pricing_list_occu): the occupational groups. */
export default function GroupPricingListOccu() {
  return <GroupPriceList title="团检报价(职业)" scope={OCCU} />;
}
