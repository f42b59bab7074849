import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportBatch } from '@checkup/api-contract';
import { LocalPrintClient } from '@checkup/devices';
import { usePrintSettings } from '../../../lib/workstation/use-print-settings';
import { recordReportPrint } from './api/record-report-print';
import { batchFileUrl, currentBatchQuery, startReportBatch, useCurrentBatch } from './api/report-batch';
import { downloadReportPdf } from '../shared/report-preview/api/report-pdf';
import { printReports, summarise, type BatchProgress, type BatchSummary } from './batch-print';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A finished batch is offered for printing for half a day; older ones are history. */
const isRecent = (finishedAt: string | null) => !finishedAt || Date.now() - Date.parse(finishedAt) < 12 * 3_600_000;

/**
 * The batch print of print_rpt (issue 20): the server lays the reports out as a task, whose progress
 * the page polls (and finds again after a reload); then each generated report goes to the
 * workstation's report printer (打印配置) with the printing's own progress, and the summary.
 */
export function useBatchPrint() {
  const queryClient = useQueryClient();
  const printSettings = usePrintSettings();
  const current = useCurrentBatch();
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [summary, setSummary] = useState<BatchSummary | null>(null);
  const [waiting, setWaiting] = useState(false);
  // The batches printed (or dismissed) in this page; another finished one was left by a reload.
  const [handled, setHandled] = useState<ReadonlySet<number>>(new Set());
  const dismiss = (batchId: number) => setHandled((ids) => new Set(ids).add(batchId));

  const generated = async (batch: ReportBatch): Promise<ReportBatch> => {
    let latest: ReportBatch | null = batch;
    while (latest?.state === 'running') {
      await sleep(1000);
      latest = await queryClient.fetchQuery({ ...currentBatchQuery(), staleTime: 0 });
    }
    if (!latest || latest.batch_id !== batch.batch_id) throw new Error('批量任务已被新的任务取代');
    return latest;
  };

  /** Prints what a finished batch generated; what it could not generate is listed with its reason. */
  const printBatch = async (batch: ReportBatch) => {
    dismiss(batch.batch_id);
    const settings = await printSettings();
    const orderOfUrl = new Map<string, string>();
    const client = LocalPrintClient.forSettings(settings, {
      download: ({ url }) => downloadReportPdf(orderOfUrl.get(url) ?? ''),
    });
    const made = batch.items.filter((i) => i.state === 'done').map((i) => i.order_id);
    const notMade = batch.items
      .filter((i) => i.state === 'failed')
      .map((i) => ({ orderId: i.order_id, message: i.message ?? '报告生成失败' }));
    const printed = await printReports(made, {
      client,
      printerName: settings.printers.report,
      fileUrl: async (orderId) => {
        const url = await batchFileUrl(batch.batch_id, orderId);
        orderOfUrl.set(url, orderId);
        return url;
      },
      record: recordReportPrint,
      onProgress: setProgress,
    });
    const result = summarise(batch.items.length, printed.printed, printed.downloaded, [...notMade, ...printed.failed]);
    setSummary(result);
    setProgress(null);
    await queryClient.invalidateQueries({ queryKey: ['report'] });
    return result;
  };

  const run = async (orderIds: string[]) => {
    setSummary(null);
    setWaiting(true);
    try {
      const started = await startReportBatch(orderIds);
      queryClient.setQueryData(currentBatchQuery().queryKey, started);
      return await printBatch(await generated(started));
    } finally {
      setWaiting(false);
    }
  };

  const batch = current.data ?? null;
  const printing = waiting || progress !== null;
  return {
    run,
    /** A batch found after a reload, finished: print what it generated. */
    printBatch,
    leftOver:
      batch && batch.state !== 'running' && !handled.has(batch.batch_id) && !printing && isRecent(batch.finished_at)
        ? batch
        : null,
    dismiss,
    /** Generating on the server (this page's batch, or one found running after a reload). */
    generating: batch?.state === 'running' ? { done: batch.done, total: batch.total } : null,
    progress,
    summary,
    clear: () => setSummary(null),
    printing,
  };
}
