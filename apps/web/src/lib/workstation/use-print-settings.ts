import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PRINT_SETTINGS, type PrintSettings } from '@checkup/api-contract';
import { printConfigQueryOptions } from './print-config';
import { ensureWorkstationId, storedWorkstationId } from './workstation-id';
import { askWorkstationName, workstationNamingSkipped } from './workstation-prompt';

/**
 * The settings this workstation prints with (打印配置: the centre's defaults overridden by its own).
 * The first print on a browser whose workstation has no name asks for one before it goes on.
 */
export function usePrintSettings(): () => Promise<PrintSettings> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const id = ensureWorkstationId();
    const config = await queryClient.fetchQuery(printConfigQueryOptions(id));
    if (config.workstation || workstationNamingSkipped() || !(await askWorkstationName())) return config.effective;
    return (await queryClient.fetchQuery(printConfigQueryOptions(id))).effective;
  }, [queryClient]);
}

/**
 * The settings without asking anything, for a courtesy such as the print-control check on arrival;
 * when they cannot be read, the built-in defaults.
 */
export async function currentPrintSettings(queryClient: QueryClient): Promise<PrintSettings> {
  try {
    return (await queryClient.fetchQuery(printConfigQueryOptions(storedWorkstationId()))).effective;
  } catch {
    return DEFAULT_PRINT_SETTINGS;
  }
}
