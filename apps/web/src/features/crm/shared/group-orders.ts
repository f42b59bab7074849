import { useQuery } from '@tanstack/react-query';
import { groupOrderChoicesRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** The group orders with their groups, for 团检登记名单, 分组调整 and 团检人员's choosers. */
export const useGroupOrderChoices = () =>
  useQuery({
    queryKey: ['crm', 'group_register', 'orders'],
    queryFn: () => api.call(groupOrderChoicesRoute, {}),
    staleTime: 60_000,
  });
