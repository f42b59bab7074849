import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveWorkstationRoute, type WorkstationOverrides } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { PRINT_CFG_KEY } from '../../../../lib/workstation/print-config';

export interface WorkstationChange {
  id: string;
  name: string;
  overrides: WorkstationOverrides;
}

/** 保存工作站设置 POST /manager/api/printcfg/save_workstation */
export const saveWorkstation = ({ id, name, overrides }: WorkstationChange) =>
  api.call(saveWorkstationRoute, {
    workstation_id: id,
    workstation_name: name,
    overrides: JSON.stringify(overrides),
  });

export const useSaveWorkstation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkstation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRINT_CFG_KEY] }),
  });
};
