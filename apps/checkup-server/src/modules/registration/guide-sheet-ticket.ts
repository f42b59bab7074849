import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the local print service has to fetch the sheet after the clerk pressed print. */
export const TICKET_TTL_MS = 5 * 60_000;

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`guide-sheet-ticket:${payload}`).digest('base64url');

/**
 * A ticket standing for a session for one order's guide sheet, for the local print service (spec §7
 * printword fetches by URL and carries no cookie): the order id, an expiry, and the server's HMAC,
 * so any instance sharing the secret can check it without stored state.
 */
export function issueTicket(key: Buffer, orderId: string, now = Date.now()): { ticket: string; expiresAt: Date } {
  const expiresAt = new Date(now + TICKET_TTL_MS);
  const payload = `${orderId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { ticket: `${payload}.${mac(key, payload)}`, expiresAt };
}

/** The order id a ticket grants, or null when it is forged or expired. */
export function readTicket(key: Buffer, ticket: string, now = Date.now()): string | null {
  const [orderId, expires, signature] = ticket.split('.');
  if (!orderId || !expires || !signature) return null;
  const expected = Buffer.from(mac(key, `${orderId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now ? orderId : null;
}
