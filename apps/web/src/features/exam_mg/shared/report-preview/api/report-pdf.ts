import { nonJsonMessage, reportFileRoute, reportPdfRoute, reportTicketRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export const reportFileName = (orderId: string) => `体检报告-${orderId}.pdf`;

/** 体检报告PDF GET /manager/api/report/report_pdf, read as a file; a refusal comes as the usual envelope. */
export async function fetchReportPdf(orderId: string, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  return fetchPdfFile(`${reportPdfRoute.path}?order_id=${encodeURIComponent(orderId)}`, fetchImpl);
}

/** A PDF answered by one of our calls, read as a file; a refusal comes as the usual envelope. */
export async function fetchPdfFile(url: string, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  const res = await fetchImpl(url, { credentials: 'include' });
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/pdf')) return res.blob();
  const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
  throw new Error(typeof body?.msg === 'string' ? body.msg : nonJsonMessage(url));
}

/** Saves the report in the browser's downloads (spec §8: when the local print service is down). */
export async function downloadReportPdf(orderId: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const blob = await fetchReportPdf(orderId, fetchImpl);
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: reportFileName(orderId) });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The address the local print service fetches one report from: it carries no cookie (spec §7
 * printword), so a short-lived ticket from the server stands for the session.
 */
export async function reportFileUrl(orderId: string): Promise<string> {
  const { ticket } = await api.call(reportTicketRoute, { order_id: orderId });
  return `${window.location.origin}${reportFileRoute.path}?ticket=${encodeURIComponent(ticket)}`;
}
