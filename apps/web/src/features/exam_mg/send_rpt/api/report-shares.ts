import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reportShareCreateRoute,
  reportShareListRoute,
  reportShareRevokeRoute,
  type ShareValidDays,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

const sharesKey = (orderId: string) => ['report', orderId, 'shares'] as const;

/** 报告分享列表 GET /manager/api/report_share/list */
export const reportSharesQuery = (orderId: string) =>
  queryOptions({
    queryKey: sharesKey(orderId),
    queryFn: async () => (await api.call(reportShareListRoute, { order_id: orderId })).list,
  });

export const useReportShares = (orderId: string) => useQuery(reportSharesQuery(orderId));

/** 创建报告分享 POST /manager/api/report_share/create */
export const useCreateReportShare = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validDays: ShareValidDays) =>
      api.call(reportShareCreateRoute, { order_id: orderId, valid_days: validDays }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesKey(orderId) }),
  });
};

/** 撤销报告分享 POST /manager/api/report_share/revoke */
export const useRevokeReportShare = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => api.call(reportShareRevokeRoute, { share_id: shareId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesKey(orderId) }),
  });
};
