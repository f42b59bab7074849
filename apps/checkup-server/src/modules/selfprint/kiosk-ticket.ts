import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough to choose and print a report; the kiosk page forgets it after 60 s without a touch. */
export const KIOSK_TICKET_TTL_MS = 10 * 60_000;

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`kiosk-ticket:${payload}`).digest('base64url');

/**
 * The self-print kiosk has no session: finding the examinee by ID card answers this ticket, bound to
 * that customer and short-lived, signed with the key the BFF shares (like guide-sheet-ticket.ts), so
 * any instance can check it without stored state and nobody can forge one for another person.
 */
export function issueKioskTicket(key: Buffer, customerId: number, now = Date.now()) {
  const expiresAt = new Date(now + KIOSK_TICKET_TTL_MS);
  const payload = `${customerId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { ticket: `${payload}.${mac(key, payload)}`, expiresAt };
}

/** The customer id a ticket grants, or null when it is forged or expired. */
export function readKioskTicket(key: Buffer, ticket: string, now = Date.now()): number | null {
  const [customerId, expires, signature, ...rest] = ticket.split('.');
  if (!customerId || !expires || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, `${customerId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now ? Number(customerId) : null;
}
