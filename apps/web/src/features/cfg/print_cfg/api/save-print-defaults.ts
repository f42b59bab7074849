import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savePrintDefaultsRoute, type PrintSettings } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { PRINT_CFG_KEY } from '../../../../lib/workstation/print-config';

/** 保存默认打印设置 POST /manager/api/printcfg/save_defaults */
export const savePrintDefaults = (settings: PrintSettings) =>
  api.call(savePrintDefaultsRoute, { settings: JSON.stringify(settings) });

export const useSavePrintDefaults = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrintDefaults,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRINT_CFG_KEY] }),
  });
};
