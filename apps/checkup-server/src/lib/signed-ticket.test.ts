import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedTicketKind } from './signed-ticket.js';

const key = randomBytes(32);
const print = signedTicketKind('print-ticket', 60_000);
const kiosk = signedTicketKind('kiosk-ticket', 60_000);
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

describe('signed tickets', () => {
  it('grant their subject until they expire', () => {
    const { ticket, expiresAt } = print.issue(key, '20261122000001', NOW);
    expect(expiresAt.getTime()).toBe(NOW + 60_000);
    expect(print.read(key, ticket, NOW + 59_000)).toBe('20261122000001');
    expect(print.read(key, ticket, NOW + 61_000)).toBeNull();
  });

  it('open nothing of another kind, under another key, or once altered', () => {
    const { ticket } = print.issue(key, 42, NOW);
    expect(kiosk.read(key, ticket, NOW)).toBeNull();
    expect(print.read(randomBytes(32), ticket, NOW)).toBeNull();
    const [, expires, mac] = ticket.split('.');
    expect(print.read(key, `43.${expires}.${mac}`, NOW)).toBeNull();
    expect(print.read(key, `42.${Number(expires) + 3600}.${mac}`, NOW)).toBeNull();
    expect(print.read(key, `${ticket}.extra`, NOW)).toBeNull();
    expect(print.read(key, 'garbage', NOW)).toBeNull();
  });

  it('refuse to issue for a subject that would not read back', () => {
    expect(() => print.issue(key, '1.2', NOW)).toThrow();
    expect(() => print.issue(key, '', NOW)).toThrow();
  });
});
