import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportBatchCurrentRoute,
  reportBatchFileRoute,
  reportBatchStartRoute,
  reportBatchTicketRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 批量生成报告 POST /manager/api/report/batch_start */
export const startReportBatch = (orderIds: readonly string[]) =>
  api.call(reportBatchStartRoute, { order_ids: JSON.stringify(orderIds) });

/** 当前批量任务 GET /manager/api/report/batch_current: polled while it runs, so a reload shows it again. */
export const currentBatchQuery = () =>
  queryOptions({
    queryKey: ['report', 'batch', 'current'],
    queryFn: async () => (await api.call(reportBatchCurrentRoute, {})).batch,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });

export const useCurrentBatch = () => useQuery(currentBatchQuery());

/** The address the local print service fetches one generated report from, by a short-lived ticket. */
export async function batchFileUrl(batchId: number, orderId: string): Promise<string> {
  const { ticket } = await api.call(reportBatchTicketRoute, { batch_id: batchId, order_id: orderId });
  return `${window.location.origin}${reportBatchFileRoute.path}?ticket=${encodeURIComponent(ticket)}`;
}
