import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  parsePairs,
  SIGNATURE_PARAMS,
  SIGNATURE_WINDOW_MS,
  stringToSign,
  withoutSignatureParams,
} from '@checkup/api-contract';

const TIMESTAMP = /^\d{1,16}$/;
const NONCE_MAX_LENGTH = 128;

/** base64url(HMAC-SHA256(key, text)): the api_signature of spec §7, as the golden vectors fix it. */
export function signatureOf(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}

export interface SignedRequest {
  method: string;
  /** The path as it travelled, without the query string. */
  path: string;
  /** The raw query string and form body, still encoded. */
  rawQuery: string;
  rawBody: string;
  sort: boolean;
  now: number;
}

/**
 * Checks api_signature over the request's own parameters (contract signing.ts) and its timestamp
 * against the ±SIGNATURE_WINDOW_MS window. Answers the nonce, which the caller still has to claim.
 */
export function verifySignature(key: Buffer, request: SignedRequest): { nonce: string } {
  const all = [...parsePairs(request.rawQuery), ...parsePairs(request.rawBody)];
  const { pairs, signature } = withoutSignatureParams(all);
  const { timestamp, nonce, signature: given } = signature;
  // Each signature parameter exactly once: a second copy would be a value nobody signed.
  const counted = all.length - pairs.length === Object.keys(SIGNATURE_PARAMS).length;
  if (!counted || !timestamp || !nonce || !given) throw new AppError('SIGNATURE_INVALID');
  if (!TIMESTAMP.test(timestamp) || nonce.length > NONCE_MAX_LENGTH) throw new AppError('SIGNATURE_INVALID');

  const text = stringToSign({
    method: request.method,
    path: request.path,
    pairs,
    sort: request.sort,
    timestamp,
    nonce,
  });
  const expected = Buffer.from(signatureOf(key, text));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new AppError('SIGNATURE_INVALID');

  if (Math.abs(request.now - Number(timestamp)) > SIGNATURE_WINDOW_MS) throw new AppError('SIGNATURE_EXPIRED');
  return { nonce };
}
