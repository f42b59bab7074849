import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived ticket standing in for a session for one subject (an order, a customer): the
 * subject, an expiry and an HMAC with the server's key, so any instance sharing the key checks it
 * without stored state. The purpose is part of the MAC, so a ticket of one kind never opens another.
 */
export interface SignedTicketKind {
  readonly ttlMs: number;
  issue(key: Buffer, subject: string | number, now?: number): { ticket: string; expiresAt: Date };
  /** The subject a ticket grants, or null when it is malformed, forged or expired. */
  read(key: Buffer, ticket: string, now?: number): string | null;
}

export function signedTicketKind(purpose: string, ttlMs: number): SignedTicketKind {
  const mac = (key: Buffer, payload: string) =>
    createHmac('sha256', key).update(`${purpose}:${payload}`).digest('base64url');
  return {
    ttlMs,
    issue(key, subject, now = Date.now()) {
      const text = String(subject);
      if (!text || text.includes('.')) throw new Error(`${purpose}: a subject may not be empty or hold a dot`);
      const expiresAt = new Date(now + ttlMs);
      const payload = `${text}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return { ticket: `${payload}.${mac(key, payload)}`, expiresAt };
    },
    read(key, ticket, now = Date.now()) {
      const [subject, expires, signature, ...rest] = ticket.split('.');
      if (!subject || !expires || !signature || rest.length > 0) return null;
      const expected = Buffer.from(mac(key, `${subject}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(expires) * 1000 > now ? subject : null;
    },
  };
}
