import type { RouteOutput, selfPrintFindExamineeRoute } from '@checkup/api-contract';
import { clearScanRoutes } from '../../lib/scan-route';

/** Who is at the kiosk: the masked examinee and the ticket the server bound to them. */
export type KioskExaminee = RouteOutput<typeof selfPrintFindExamineeRoute>;

const KIOSK_EXAMINEE_KEY = 'self_print_examinee';

/** The examinee of this kiosk visit, or null (none yet, forgotten, or the ticket has expired). */
export function kioskExaminee(storage: Storage = sessionStorage): KioskExaminee | null {
  try {
    const stored = JSON.parse(storage.getItem(KIOSK_EXAMINEE_KEY) ?? 'null') as KioskExaminee | null;
    if (!stored || typeof stored.ticket !== 'string') return null;
    return Date.parse(stored.expires_at) > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

export function rememberExaminee(examinee: KioskExaminee, storage: Storage = sessionStorage): void {
  storage.setItem(KIOSK_EXAMINEE_KEY, JSON.stringify(examinee));
}

/** The visit is over (done, 返回, or idle): the ticket and the pages gone through are forgotten. */
export function forgetExaminee(storage: Storage = sessionStorage): void {
  storage.removeItem(KIOSK_EXAMINEE_KEY);
  clearScanRoutes(storage);
}
