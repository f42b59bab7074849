import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LocalPrintClient } from '@checkup/devices';
import { usePrintSettings } from '../../../lib/workstation/use-print-settings';
import { recordReportPrint } from './api/record-report-print';
import { downloadReportPdf, reportFileUrl } from '../shared/report-preview/api/report-pdf';
import { printReports, type BatchProgress, type BatchSummary } from './batch-print';

/** The batch print of print_rpt on the workstation's report printer (打印配置): progress while it runs, the summary when done. */
export function useBatchPrint() {
  const queryClient = useQueryClient();
  const printSettings = usePrintSettings();
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [summary, setSummary] = useState<BatchSummary | null>(null);

  const run = async (orderIds: string[]) => {
    setSummary(null);
    const settings = await printSettings();
    const orderOfUrl = new Map<string, string>();
    const client = LocalPrintClient.forSettings(settings, {
      download: ({ url }) => downloadReportPdf(orderOfUrl.get(url) ?? ''),
    });
    const result = await printReports(orderIds, {
      client,
      printerName: settings.printers.report,
      fileUrl: async (orderId) => {
        const url = await reportFileUrl(orderId);
        orderOfUrl.set(url, orderId);
        return url;
      },
      record: recordReportPrint,
      onProgress: setProgress,
    });
    setSummary(result);
    setProgress(null);
    await queryClient.invalidateQueries({ queryKey: ['report'] });
    return result;
  };
  return { run, progress, summary, clear: () => setSummary(null), printing: progress !== null };
}
