import { PRINT_CONTROL_WARNING_MS, type LocalPrintClient, type PrintControlCheck } from '@checkup/devices';

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
 * missing, warns for 5 s (spec §9) through `warn`. `clientFor` makes the client at the workstation's
 * addresses (打印配置), read only when the page prints.
 */
export async function checkPrintControlsFor(
  pathname: string,
  warn: PrintControlWarning,
  clientFor: () => Promise<Pick<LocalPrintClient, 'checkPrintControls'>>,
): Promise<void> {
  if (!PRINT_CONTROL_PAGES.has(pathname)) return;
  const check = await (await clientFor()).checkPrintControls();
  if (check.missing.length > 0) warn(check, PRINT_CONTROL_WARNING_MS / 1000);
}
