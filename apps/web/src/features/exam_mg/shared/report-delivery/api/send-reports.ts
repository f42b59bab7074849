import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportSendRoute, type DeliveryFields } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 报告发送 POST /manager/api/report/report_send */
export const sendReports = (orderIds: string[], fields: DeliveryFields) =>
  api.call(reportSendRoute, { order_ids: JSON.stringify(orderIds), ...fields });

export const useSendReports = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, fields }: { orderIds: string[]; fields: DeliveryFields }) => sendReports(orderIds, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report'] }),
  });
};

/** What the page says after a send: every one sent, some, or none. */
export function sendSummary(total: number, success: number): { level: 'success' | 'warning' | 'error'; text: string } {
  if (success === total) return { level: 'success', text: `共${total}份，全部发送成功` };
  if (success === 0) return { level: 'error', text: `共${total}份，全部发送失败` };
  return { level: 'warning', text: `共${total}份，成功${success}份，失败${total - success}份` };
}
