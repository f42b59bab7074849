import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hisChangeHandleRoute, hisChangeResource, type HIS_CHANGE_ACTIONS } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export type HisChangeAction = (typeof HIS_CHANGE_ACTIONS)[number];
export interface HandleHisChange {
  id: number;
  version: number;
  action: HisChangeAction;
  note: string;
}

/** 处理/重发/忽略 POST /manager/api/examcfg/his_change/handle */
export const handleHisChange = (input: HandleHisChange) => api.call(hisChangeHandleRoute, input);

/** The queue's lists are read again after an action (they are the resource's queries). */
export function useHandleHisChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: handleHisChange,
    onSuccess: () => client.invalidateQueries({ queryKey: ['resource', hisChangeResource.spec.name] }),
  });
}
