import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupPauseRoute,
  groupPersonBanRoute,
  groupPersonUnbanRoute,
  groupPriceLimitRoute,
  groupPrintMarkRoute,
  groupRegisterResource,
  groupRegisterRoute,
  groupSmsRoute,
  smsTemplatesRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

const idsText = (ids: readonly number[]) => JSON.stringify(ids);

export interface PriceLimitForm {
  group_order_id: number;
  amount: string;
  ids: number[];
  sex?: '1' | '2';
  age_from?: number;
  age_to?: number;
}

/** 登记, 禁检, 分组禁检, 统收限额, 检前短信 and the print marks; each reads the list again once done. */
export function useRegisterActions() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: resourceQueryKey(groupRegisterResource) });
  return {
    register: useMutation({
      mutationFn: (v: { ids: number[]; batch: boolean }) =>
        api.call(groupRegisterRoute, { ids: idsText(v.ids), batch: v.batch ? '1' : '0' }),
      onSuccess: settled,
    }),
    ban: useMutation({
      mutationFn: (v: { ids: number[]; reason: string }) =>
        api.call(groupPersonBanRoute, { ids: idsText(v.ids), reason: v.reason }),
      onSuccess: settled,
    }),
    unban: useMutation({
      mutationFn: (ids: number[]) => api.call(groupPersonUnbanRoute, { ids: idsText(ids) }),
      onSuccess: settled,
    }),
    pauseGroup: useMutation({
      mutationFn: (v: { group_id: number; paused: boolean }) =>
        api.call(groupPauseRoute, { group_id: v.group_id, paused: v.paused ? '1' : '0' }),
      onSuccess: settled,
    }),
    priceLimit: useMutation({
      mutationFn: (v: PriceLimitForm) => api.call(groupPriceLimitRoute, { ...v, ids: idsText(v.ids) }),
      onSuccess: settled,
    }),
    sms: useMutation({
      mutationFn: (v: { ids: number[]; template_id: number; send_at?: string }) =>
        api.call(groupSmsRoute, { ...v, ids: idsText(v.ids) }),
    }),
    printed: (id: number, kind: 'guide_sheet' | 'labels') => api.call(groupPrintMarkRoute, { id, kind }),
    reload: settled,
  };
}

/** 短信管理's templates that go by SMS. */
export const useSmsTemplateChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['crm', 'sms', 'templates'],
    queryFn: () => api.call(smsTemplatesRoute, {}),
    enabled,
  });
