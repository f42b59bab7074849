import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  interfaceErrorAbandonRoute,
  interfaceErrorCleanRoute,
  interfaceErrorResource,
  interfaceErrorRetryRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 重试 POST /manager/api/cfg/interface_error/retry */
export const retryInterfaceCall = (id: number) => api.call(interfaceErrorRetryRoute, { id });
/** 放弃 POST /manager/api/cfg/interface_error/abandon */
export const abandonInterfaceCall = (id: number) => api.call(interfaceErrorAbandonRoute, { id });
/** 清理 POST /manager/api/cfg/interface_error/clean */
export const cleanInterfaceErrors = (days: number) => api.call(interfaceErrorCleanRoute, { days });

/** 重试, 放弃 and 清理, each reading the log's lists again once done. */
export function useInterfaceErrorActions() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: ['resource', interfaceErrorResource.spec.name] });
  return {
    retry: useMutation({ mutationFn: retryInterfaceCall, onSuccess: settled }),
    abandon: useMutation({ mutationFn: abandonInterfaceCall, onSuccess: settled }),
    clean: useMutation({ mutationFn: cleanInterfaceErrors, onSuccess: settled }),
  };
}
