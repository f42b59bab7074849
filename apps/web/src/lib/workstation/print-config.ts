import { queryOptions } from '@tanstack/react-query';
import { cardReaderSettingsRoute, nameWorkstationRoute, printConfigRoute } from '@checkup/api-contract';
import { ApiError } from '../api-error';
import { api } from '../api';

/** Everything 打印配置 keeps is under this key: a save anywhere there invalidates it all. */
export const PRINT_CFG_KEY = 'print_cfg';

/** 打印设置 GET /manager/api/printcfg/get_print_config */
export const getPrintConfig = (workstationId: string | undefined) =>
  api.call(printConfigRoute, { workstation_id: workstationId });

export const printConfigQueryOptions = (workstationId: string | undefined) =>
  queryOptions({
    queryKey: [PRINT_CFG_KEY, 'config', workstationId ?? ''],
    queryFn: () => getPrintConfig(workstationId),
    // A print reads them; an administrator's change reaches the desks within a minute.
    staleTime: 60_000,
  });

/** 命名工作站 POST /manager/api/printcfg/name_workstation */
export const nameWorkstation = (workstationId: string, name: string) =>
  api.call(nameWorkstationRoute, { workstation_id: workstationId, workstation_name: name });

/**
 * 读卡设置 GET /manager/api/printcfg/card_reader: 0110 with this workstation's own reader address, as
 * libs/devices' reader loads it; empty when 0110 is not set, so the reader says to set it.
 */
export async function getCardReaderSettings(workstationId: string | undefined): Promise<unknown> {
  try {
    return await api.call(cardReaderSettingsRoute, { workstation_id: workstationId });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
