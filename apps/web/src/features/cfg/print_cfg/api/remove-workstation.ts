import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeWorkstationRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { PRINT_CFG_KEY } from '../../../../lib/workstation/print-config';

/** 删除工作站 POST /manager/api/printcfg/remove_workstation */
export const removeWorkstation = (id: string) => api.call(removeWorkstationRoute, { workstation_id: id });

export const useRemoveWorkstation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWorkstation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRINT_CFG_KEY] }),
  });
};
