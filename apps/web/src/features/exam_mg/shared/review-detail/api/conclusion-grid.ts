import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  conclusionAddRoute,
  conclusionDeleteRoute,
  conclusionEditRoute,
  conclusionHideRoute,
  conclusionMergeRoute,
  conclusionMoveRoute,
  conclusionSplitRoute,
  conclusionToDictRoute,
  historyReportPdfRoute,
  reviewConclusionsRoute,
  visitHistoryRoute,
  type ReviewConclusion,
} from '@checkup/api-contract';
import { api } from '../../../../../lib/api';
import { fetchPdfFile } from '../../report-preview/api/report-pdf';

/** 总检结论列表 GET /manager/api/examreview/conclusions */
export const conclusionsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'review', 'conclusions'],
    queryFn: () => api.call(reviewConclusionsRoute, { order_id: orderId }),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useConclusions = (orderId: string) => useQuery(conclusionsQueryOptions(orderId));

export interface ConclusionText {
  diag_name: string;
  advice: string;
  group_advice: string;
}

/** Each change answers the whole grid, shown at once. */
function useGridChange<V>(orderId: string, change: (value: V) => Promise<ReviewConclusion[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (list) => queryClient.setQueryData(conclusionsQueryOptions(orderId).queryKey, list),
  });
}

/** 新增 POST /manager/api/examreview/conclusion_add */
export const useAddConclusion = (orderId: string) =>
  useGridChange(orderId, (value: ConclusionText & { diag_id?: number }) =>
    api.call(conclusionAddRoute, { order_id: orderId, ...value }),
  );

/** 调整 POST /manager/api/examreview/conclusion_edit */
export const useEditConclusion = (orderId: string) =>
  useGridChange(orderId, (value: ConclusionText & { id: number }) =>
    api.call(conclusionEditRoute, { order_id: orderId, ...value }),
  );

/** 删除 POST /manager/api/examreview/conclusion_delete */
export const useDeleteConclusion = (orderId: string) =>
  useGridChange(orderId, (id: number) => api.call(conclusionDeleteRoute, { order_id: orderId, id }));

/** 报告中隐藏 POST /manager/api/examreview/conclusion_hide */
export const useHideConclusion = (orderId: string) =>
  useGridChange(orderId, ({ id, hidden }: { id: number; hidden: boolean }) =>
    api.call(conclusionHideRoute, { order_id: orderId, id, hidden: hidden ? '1' : '0' }),
  );

/** 上移/下移 POST /manager/api/examreview/conclusion_move */
export const useMoveConclusion = (orderId: string) =>
  useGridChange(orderId, ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
    api.call(conclusionMoveRoute, { order_id: orderId, id, direction }),
  );

/** 合并 POST /manager/api/examreview/conclusion_merge */
export const useMergeConclusions = (orderId: string) =>
  useGridChange(orderId, ({ ids, ...text }: ConclusionText & { ids: number[] }) =>
    api.call(conclusionMergeRoute, { order_id: orderId, ids: JSON.stringify(ids), ...text }),
  );

/** 拆分 POST /manager/api/examreview/conclusion_split */
export const useSplitConclusion = (orderId: string) =>
  useGridChange(orderId, (id: number) => api.call(conclusionSplitRoute, { order_id: orderId, id }));

/** 存入诊断库 POST /manager/api/examreview/conclusion_to_dict */
export const useConclusionToDict = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(conclusionToDictRoute, { order_id: orderId, id }),
    onSuccess: ({ conclusions }) => {
      queryClient.setQueryData(conclusionsQueryOptions(orderId).queryKey, conclusions);
      void queryClient.invalidateQueries({ queryKey: ['diagnosis_dict'] });
    },
  });
};

/** 历史对比 GET /manager/api/examreview/review_history */
export const useVisitHistory = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['order', orderId, 'review', 'history'],
    queryFn: () => api.call(visitHistoryRoute, { order_id: orderId }),
    enabled,
    retry: false,
  });

/** 查看报告 of an earlier visit: GET /manager/api/examreview/history_report_pdf */
export const fetchHistoryReportPdf = (orderId: string, historyOrderId: string) =>
  fetchPdfFile(
    `${historyReportPdfRoute.path}?${new URLSearchParams({ order_id: orderId, history_order_id: historyOrderId })}`,
  );
