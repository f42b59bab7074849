import { downloadedMessage, printBatchMessage, type LocalPrintClient } from '@checkup/devices';

export interface BatchProgress {
  done: number;
  total: number;
}

export interface BatchSummary {
  level: 'success' | 'warning' | 'error';
  message: string;
  printed: string[];
  downloaded: string[];
  failed: { orderId: string; message: string }[];
}

export interface BatchPrintDeps {
  client: Pick<LocalPrintClient, 'printOrDownload'>;
  /** The workstation's report printer (打印配置); blank prints on the PC's default printer. */
  printerName?: string;
  /** The ticketed address the print service fetches a report from. */
  fileUrl: (orderId: string) => Promise<string>;
  /** Records a confirmed print on the server (report_prints, first print → 报告已打印). */
  record: (orderId: string) => Promise<unknown>;
  onProgress?: (progress: BatchProgress) => void;
}

/** spec §8 batch messages, with the downloads (print service down) said after them. */
export function summarise(total: number, printed: string[], downloaded: string[], failed: BatchSummary['failed']) {
  const attempted = total - downloaded.length;
  const parts = [
    attempted > 0 ? printBatchMessage(attempted, printed.length) : '',
    downloaded.length > 0 ? downloadedMessage(downloaded.length, 'pdf') : '',
  ].filter(Boolean);
  const level: BatchSummary['level'] =
    failed.length === 0 && downloaded.length === 0
      ? 'success'
      : printed.length + downloaded.length === 0
        ? 'error'
        : 'warning';
  return { level, message: parts.join('；'), printed, downloaded, failed };
}

/**
 * Prints the reports one by one through the local print service, so the page can show progress;
 * each confirmed print is recorded on the server, and when the service is down the PDFs are
 * downloaded instead (spec §8). One report's failure does not stop the others.
 */
export async function printReports(orderIds: readonly string[], deps: BatchPrintDeps): Promise<BatchSummary> {
  const printed: string[] = [];
  const downloaded: string[] = [];
  const failed: BatchSummary['failed'] = [];
  deps.onProgress?.({ done: 0, total: orderIds.length });
  for (const [i, orderId] of orderIds.entries()) {
    try {
      const result = await deps.client.printOrDownload([await deps.fileUrl(orderId)], {
        printerName: deps.printerName,
      });
      if (!result.ok) failed.push({ orderId, message: result.message });
      else if (result.data.kind === 'downloaded') downloaded.push(orderId);
      else if (result.data.batch.report_success_count === 1) {
        await deps.record(orderId);
        printed.push(orderId);
      } else failed.push({ orderId, message: result.data.batch.files[0]?.message ?? '打印失败' });
    } catch (err) {
      failed.push({ orderId, message: (err as Error).message });
    }
    deps.onProgress?.({ done: i + 1, total: orderIds.length });
  }
  return summarise(orderIds.length, printed, downloaded, failed);
}
