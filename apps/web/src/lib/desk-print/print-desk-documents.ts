import {
  barcodeLabelsFileRoute,
  barcodeLabelsRoute,
  barcodeLabelsTicketRoute,
  nonJsonMessage,
  paymentSlipRoute,
  type PrintSettings,
} from '@checkup/api-contract';
import { LocalPrintClient, type PrintOutcome, type PrintResult } from '@checkup/devices';
import { api } from '../api';

/** A PDF the server answers (an envelope only when it refuses), saved in the browser's downloads. */
export async function downloadPdf(url: string, fileName: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const res = await fetchImpl(url, { credentials: 'include' });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
    throw new Error(typeof body?.msg === 'string' ? body.msg : nonJsonMessage(url));
  }
  const href = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** 缴费单: downloaded to print at the desk (the cashier takes it with the 体检号). */
export const downloadPaymentSlip = (orderId: string) =>
  downloadPdf(`${paymentSlipRoute.path}?order_id=${encodeURIComponent(orderId)}`, `缴费单-${orderId}.pdf`);

const downloadLabels = (orderId: string, copies: number) =>
  downloadPdf(
    `${barcodeLabelsRoute.path}?order_id=${encodeURIComponent(orderId)}&copies=${copies}`,
    `条码-${orderId}.pdf`,
  );

/**
 * 条码: the labels on the workstation's barcode printer through the local print service (by a
 * short-lived ticket, as the guide sheet), or downloaded when the service is not running (spec §8).
 */
export async function printBarcodeLabels(
  orderId: string,
  copies: number,
  settings: PrintSettings,
  client = LocalPrintClient.forSettings(settings, { download: () => downloadLabels(orderId, copies) }),
): Promise<PrintResult<PrintOutcome>> {
  const { ticket } = await api.call(barcodeLabelsTicketRoute, { order_id: orderId, copies });
  const fileUrl = `${window.location.origin}${barcodeLabelsFileRoute.path}?ticket=${encodeURIComponent(ticket)}`;
  return client.printOrDownload([fileUrl], { printerName: settings.printers.barcode });
}
