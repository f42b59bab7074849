import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH } from '@checkup/api-contract';
import { signedTicketKind } from '../../lib/signed-ticket.js';

/** The link's secret: 24 random bytes, url-safe; the database keeps only its sha-256 to find the row. */
export const newShareToken = () => randomBytes(24).toString('base64url');

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The extraction code, SHARE_CODE_LENGTH characters of an alphabet without look-alikes. */
export function newShareCode(): string {
  let code = '';
  for (let i = 0; i < SHARE_CODE_LENGTH; i += 1) code += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
  return code;
}

/**
 * After the right code, the examinee's page downloads the PDF with this ticket, bound to the share;
 * fifteen minutes, and each download checks the share again (revoked or expired meanwhile stops it).
 */
export const shareTicket = signedTicketKind('report-share', 15 * 60_000);
