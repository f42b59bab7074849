import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  breakfastCountsRoute,
  breakfastListRoute,
  breakfastTakeRoute,
  breakfastUndoRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

const KEY = ['breakfast_mg'] as const;

/** 某日已领取早餐 GET /manager/api/crm/breakfast/list */
export const useBreakfasts = (day: string) =>
  useQuery({ queryKey: [...KEY, 'list', day], queryFn: () => api.call(breakfastListRoute, { day }) });

/** 每日早餐统计 GET /manager/api/crm/breakfast/counts */
export const useBreakfastCounts = (dateFrom: string, dateTo: string) =>
  useQuery({
    queryKey: [...KEY, 'counts', dateFrom, dateTo],
    queryFn: () => api.call(breakfastCountsRoute, { date_from: dateFrom, date_to: dateTo }),
  });

/** 领取早餐 and 撤销: each refreshes the lists and counts. */
export function useBreakfastWrites() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: KEY });
  return {
    take: useMutation({
      mutationFn: (orderId: string) => api.call(breakfastTakeRoute, { order_id: orderId }),
      onSuccess: settled,
    }),
    undo: useMutation({
      mutationFn: (body: { id: number; reason: string }) => api.call(breakfastUndoRoute, body),
      onSuccess: settled,
    }),
  };
}
