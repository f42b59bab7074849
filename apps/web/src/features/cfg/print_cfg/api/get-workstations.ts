import { queryOptions, useQuery } from '@tanstack/react-query';
import { workstationListRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { PRINT_CFG_KEY } from '../../../../lib/workstation/print-config';

/** 工作站列表 GET /manager/api/printcfg/workstation_list */
export const getWorkstations = () => api.call(workstationListRoute, {});

export const workstationsQueryOptions = queryOptions({
  queryKey: [PRINT_CFG_KEY, 'workstations'],
  queryFn: getWorkstations,
});

export const useWorkstations = () => useQuery(workstationsQueryOptions);
