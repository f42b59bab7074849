import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { markReportPrinted } from './api/record-report-print';

/**
 * 标记已打印: records reports as printed by hand, for those printed outside the print service (a
 * downloaded PDF, another printer). Each goes on its own; one refusal does not stop the others.
 * Answers the ones recorded.
 */
export function useMarkPrinted() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);

  const mark = async (orderIds: readonly string[]): Promise<string[]> => {
    setMarking(true);
    const marked: string[] = [];
    const failed: string[] = [];
    for (const orderId of orderIds) {
      try {
        await markReportPrinted(orderId);
        marked.push(orderId);
      } catch (err) {
        failed.push(`${orderId}：${(err as Error).message}`);
      }
    }
    setMarking(false);
    await queryClient.invalidateQueries({ queryKey: ['report'] });
    if (failed.length === 0) void message.success(`已将 ${marked.length} 份报告标记为已打印`);
    else void message.warning(`已标记 ${marked.length} 份，${failed.length} 份未能标记：${failed.join('；')}`);
    return marked;
  };
  return { mark, marking };
}
