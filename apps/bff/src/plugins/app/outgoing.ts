import { createCipheriv, createHmac } from 'node:crypto';
import {
  ENCRYPTED_FIELD_PREFIX,
  SIGNATURE_PARAMS,
  parsePairs,
  canonicalParams,
  signedText,
  withoutSignatureParams,
  type ParamPair,
} from '@checkup/api-contract';
import type { ApiKeys } from './api-keys.js';
import { pooledRandomBytes } from './random-pool.js';
import type { SecurityConfig } from './security-config.js';

export function encryptField(value: string, key: Buffer): string {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = cipher.update(value, 'utf8');
  cipher.final();
  return ENCRYPTED_FIELD_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

export function signature(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export interface OutgoingParams {
  method: string;
  path: string;
  /** Raw query string without '?'. */
  query: string;
  /** Raw form body, or null when the body is not a form (none, JSON, multipart). */
  form: string | null;
}

// The canonical encoding (RFC 3986) is also a valid form encoding.
const serialise = (pairs: ParamPair[]) => canonicalParams(pairs, false);

/**
 * Encrypts the configured fields, then signs query and form pairs (encrypt-then-MAC), as the
 * upstream's encrypt_cfg asks (spec §7). Untouched when neither is on.
 */
export function prepareOutgoing(
  params: OutgoingParams,
  config: SecurityConfig,
  keys: ApiKeys,
  now: number = Date.now(),
): { query: string; form: string | null } {
  if (!config.integrity && !config.encrypt) return { query: params.query, form: params.form };
  const encrypt = (pairs: ParamPair[]): ParamPair[] =>
    config.encrypt
      ? pairs.map(([k, v]) => [k, config.fields.has(k) ? encryptField(v, keys.encrypt) : v] as const)
      : pairs;
  // Signature parameters are the gateway's to write; any the browser sent are dropped.
  const own = (encoded: string) => withoutSignatureParams(parsePairs(encoded)).pairs;
  const query = encrypt(own(params.query));
  const form = params.form === null ? null : encrypt(own(params.form));

  if (!config.integrity) return { query: serialise(query), form: form === null ? null : serialise(form) };

  const timestamp = String(now);
  const nonce = pooledRandomBytes(16).toString('base64url');
  // Parameters travel in the browser's order; unsorted, that encoding is also the signed text.
  const carrier = form ?? query;
  const carried = serialise(carrier);
  const single = form === null || query.length === 0;
  const canonical =
    single && !config.sort ? carried : canonicalParams(form === null ? query : [...query, ...form], config.sort);
  const mac = signature(keys.sign, signedText(params.method, params.path, canonical, timestamp, nonce));
  // Digits and base64url need no encoding.
  const tail = `${SIGNATURE_PARAMS.timestamp}=${timestamp}&${SIGNATURE_PARAMS.nonce}=${nonce}&${SIGNATURE_PARAMS.signature}=${mac}`;
  const signedCarrier = carried ? `${carried}&${tail}` : tail;
  return form === null ? { query: signedCarrier, form: null } : { query: serialise(query), form: signedCarrier };
}
