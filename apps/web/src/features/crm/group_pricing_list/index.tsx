import { GroupPriceList } from '../shared/group-price-list';

/** 团检报价 (crm/group_pricing_list): the groups of one's group orders with their packages and prices. */
export default function GroupPricingList() {
  return <GroupPriceList title="团检报价" />;
}
