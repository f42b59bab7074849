import {
  cardReaderSettingsRoute,
  selfPrintFindExamineeRoute,
  selfPrintMarkPrintedRoute,
  selfPrintReportListRoute,
  selfPrintReportPdfRoute,
  versionRoute,
  type RouteDescriptor,
} from '@checkup/api-contract';

/** The self-print calls: public, but answered on the kiosk port only (never on the staff port). */
export const KIOSK_ONLY_ROUTES: readonly RouteDescriptor[] = [
  selfPrintFindExamineeRoute,
  selfPrintReportListRoute,
  selfPrintReportPdfRoute,
  selfPrintMarkPrintedRoute,
];

/**
 * The calls of the kiosk flow: the product name and colour, where the ID-card reader answers (0110
 * with the kiosk workstation's own address, and nothing else of the settings), then scan the ID card,
 * list, print.
 */
export const KIOSK_ROUTES: readonly RouteDescriptor[] = [versionRoute, cardReaderSettingsRoute, ...KIOSK_ONLY_ROUTES];

/**
 * The self-print kiosk port (spec §2 /self_print) answers only these calls, matched on the exact
 * method and path; everything else is refused (deny by default). The self-print calls are those
 * of the kiosk flow: scan the ID card, the examinee's final-reviewed reports, print one.
 */
export const KIOSK_API_ALLOWLIST: ReadonlySet<string> = new Set(KIOSK_ROUTES.map((r) => `${r.method} ${r.path}`));

/**
 * The built web app: its page and its hashed assets, nothing else of the dist folder. A chunk's name
 * may hold dots and its hash dashes (`dayjs.min-DMAkmS1-.js`); no part of it may be `..`.
 */
const ASSET_PATH = /^\/assets\/(?:[A-Za-z0-9_-]+\.)+[A-Za-z0-9]+$/;

export function isKioskAsset(method: string, path: string): boolean {
  if (method !== 'GET') return false;
  return path === '/' || path === '/index.html' || path === '/favicon.ico' || ASSET_PATH.test(path);
}
