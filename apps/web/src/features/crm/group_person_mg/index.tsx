import { groupPersonResource } from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { personColumns, usePersonFilters } from '../shared/group-persons';

/**
 * 团检人员 (crm/group_person_mg): one person across group orders — by name, ID number, company,
 * order, group and visit status — read only, exported as .xlsx.
 */
export default function GroupPersonMg() {
  const filters = usePersonFilters();
  return <ResourceList resource={groupPersonResource} title="团检人员" columns={personColumns} filters={filters} />;
}
