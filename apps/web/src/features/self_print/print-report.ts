import { selfPrintReportPdfRoute } from '@checkup/api-contract';
import { LocalPrintClient } from '@checkup/devices';
import { markPrinted } from './api/mark-printed';

export type KioskPrintOutcome = { ok: true; message: string } | { ok: false; message: string };

const ASK_STAFF = '。如需帮助，请联系服务台工作人员';

/** Where the local print service fetches the report: the kiosk's own address, with the ticket. */
export function reportPdfUrl(ticket: string, orderId: string): string {
  const query = new URLSearchParams({ ticket, order_id: orderId });
  return `${window.location.origin}${selfPrintReportPdfRoute.path}?${query}`;
}

/**
 * Prints one report through the kiosk PC's local print service (spec §7 printword fetches by URL),
 * then records the print; when the service is down or the print fails, a message says so.
 */
export async function printKioskReport(
  ticket: string,
  orderId: string,
  client: LocalPrintClient = new LocalPrintClient(),
): Promise<KioskPrintOutcome> {
  const printed = await client.printWord([reportPdfUrl(ticket, orderId)]);
  if (!printed.ok) return { ok: false, message: printed.message + ASK_STAFF };
  if (printed.data.report_success_count !== 1)
    return { ok: false, message: printed.data.files[0]!.message + ASK_STAFF };
  try {
    await markPrinted(ticket, orderId);
  } catch {
    // The paper is out; a missing print record must not send the examinee away empty-handed.
  }
  return { ok: true, message: '打印成功，请在出纸口取走您的报告' };
}
