import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the local print service has to fetch a report after the staff pressed print. */
export const REPORT_TICKET_TTL_MS = 5 * 60_000;

// Its own purpose in the MAC, so a guide-sheet ticket never opens a report and the reverse.
const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`report-ticket:${payload}`).digest('base64url');

/**
 * A ticket standing for a session for one visit's report, for the local print service (spec §7
 * printword fetches by URL and carries no cookie): the order id, an expiry and the server's HMAC,
 * checked by any instance sharing the key without stored state (as registration/guide-sheet-ticket).
 */
export function issueReportTicket(key: Buffer, orderId: string, now = Date.now()) {
  const expiresAt = new Date(now + REPORT_TICKET_TTL_MS);
  const payload = `${orderId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { ticket: `${payload}.${mac(key, payload)}`, expiresAt };
}

/** The order id a ticket grants, or null when it is forged or expired. */
export function readReportTicket(key: Buffer, ticket: string, now = Date.now()): string | null {
  const [orderId, expires, signature] = ticket.split('.');
  if (!orderId || !expires || !signature) return null;
  const expected = Buffer.from(mac(key, `${orderId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now ? orderId : null;
}
