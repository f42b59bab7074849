import { reportShareOpenRoute, reportSharePdfRoute, type RouteDescriptor } from '@checkup/api-contract';

/**
 * Electronic report sharing (issue 20): the examinee opens a link with its extraction code on the
 * public (kiosk) listener, never on the staff port. Its own allowlist beside the self-print one, so
 * each names exactly the calls of its pages: type the code, download the PDF.
 */
export const SHARE_ROUTES: readonly RouteDescriptor[] = [reportShareOpenRoute, reportSharePdfRoute];

export const SHARE_API_ALLOWLIST: ReadonlySet<string> = new Set(SHARE_ROUTES.map((r) => `${r.method} ${r.path}`));
