import { LocalPrintClient, PRINT_CONTROL_WARNING_MS, type PrintControlCheck } from '@checkup/devices';

/** Spec §2: the pages that print through the local controls check for them on arrival. */
export const PRINT_CONTROL_PAGES: ReadonlySet<string> = new Set([
  '/manager/exam_mg/order_mg_detail',
  '/manager/exam_mg/print_rpt',
  '/manager/crm/group_register_list',
  '/manager/exam_mg/form_print',
  '/manager/exam_mg/health_card_mg',
]);

export interface PrintControlWarning {
  (check: PrintControlCheck, durationSeconds: number): void;
}

/**
 * Checks the Word control and the local print service when a printing page opens and, when one is
 * missing, warns for 5 s (spec §9) through `warn`.
 */
export async function checkPrintControlsFor(
  pathname: string,
  warn: PrintControlWarning,
  client: Pick<LocalPrintClient, 'checkPrintControls'> = new LocalPrintClient(),
): Promise<void> {
  if (!PRINT_CONTROL_PAGES.has(pathname)) return;
  const check = await client.checkPrintControls();
  if (check.missing.length > 0) warn(check, PRINT_CONTROL_WARNING_MS / 1000);
}
