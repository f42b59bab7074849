import {
  guideSheetFileRoute,
  guideSheetRoute,
  guideSheetTicketRoute,
  nonJsonMessage,
  type PrintSettings,
} from '@checkup/api-contract';
import { LocalPrintClient, type PrintOutcome, type PrintResult } from '@checkup/devices';
import { api } from '../api';

export const guideSheetFileName = (orderId: string) => `体检导引单-${orderId}.pdf`;

/** 导检单 GET /manager/api/order/guide_sheet, read as a file; a refusal comes as the usual envelope. */
export async function fetchGuideSheet(orderId: string, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  const url = `${guideSheetRoute.path}?order_id=${encodeURIComponent(orderId)}`;
  const res = await fetchImpl(url, { credentials: 'include' });
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/pdf')) return res.blob();
  const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
  throw new Error(typeof body?.msg === 'string' ? body.msg : nonJsonMessage(url));
}

/** Saves the guide sheet in the browser's downloads (spec §8: when the local print service is down). */
export async function downloadGuideSheet(orderId: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const blob = await fetchGuideSheet(orderId, fetchImpl);
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: guideSheetFileName(orderId) });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Prints the guide sheet through the workstation's local print service on its guide-sheet printer
 * (打印配置; spec §7 printword fetches the file by URL, so the server issues a short-lived ticket
 * standing for the session); when the service is not running the sheet is downloaded instead (spec §8).
 */
export async function printGuideSheet(
  orderId: string,
  settings: PrintSettings,
  client = LocalPrintClient.forSettings(settings, { download: () => downloadGuideSheet(orderId) }),
): Promise<PrintResult<PrintOutcome>> {
  const { ticket } = await api.call(guideSheetTicketRoute, { order_id: orderId });
  const fileUrl = `${window.location.origin}${guideSheetFileRoute.path}?ticket=${encodeURIComponent(ticket)}`;
  return client.printOrDownload([fileUrl], { printerName: settings.printers.guide_sheet });
}
