import type { ReportData } from '../report/report-data.js';
import { buildReportPdf, type ReportPdfOptions } from '../report/report-pdf.js';

export interface RenderTask {
  data: ReportData;
  options: ReportPdfOptions;
}

/**
 * A report worker thread (issue 20 batch print): lays out one report. Its fonts are read on its
 * first report and kept (lib/pdf.ts), so each worker reads them once.
 */
export default function render({ data, options }: RenderTask): Promise<Buffer> {
  return buildReportPdf(data, options);
}
