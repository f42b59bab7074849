import { createCipheriv, createHmac } from 'node:crypto';
import {
  BODY_DIGEST_PARAM,
  ENCRYPTED_FIELD_PREFIX,
  SIGNATURE_PARAMS,
  canonicalOf,
  encodedPairs,
  parsePairs,
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
  /** SHA-256 (base64url) of a multipart body: signed among the query's pairs (uploads.ts). */
  bodyDigest?: string;
}

/**
 * The pairs of a query string or form the gateway sends on: decoded, without any signature
 * parameter the browser sent (they are the gateway's to write), the configured fields encrypted.
 */
function ownPairs(encoded: string, config: SecurityConfig, keys: ApiKeys): ParamPair[] {
  const pairs = withoutSignatureParams(parsePairs(encoded)).pairs;
  if (!config.encrypt) return pairs;
  return pairs.map((pair) => (config.fields.has(pair[0]) ? [pair[0], encryptField(pair[1], keys.encrypt)] : pair));
}

/**
 * Encrypts the configured fields, then signs query and form pairs (encrypt-then-MAC), as the
 * upstream's encrypt_cfg asks (spec §7). Untouched when neither is on. Each pair is encoded once
 * (RFC 3986, also a valid form encoding) for both what is sent and what is signed.
 */
export function prepareOutgoing(
  params: OutgoingParams,
  config: SecurityConfig,
  keys: ApiKeys,
  now: number = Date.now(),
): { query: string; form: string | null } {
  if (!config.integrity && !config.encrypt) return { query: params.query, form: params.form };
  // The body's digest is the gateway's to write, like the signature parameters.
  const query = ownPairs(params.query, config, keys).filter(([name]) => name !== BODY_DIGEST_PARAM);
  if (params.bodyDigest !== undefined && config.integrity) query.push([BODY_DIGEST_PARAM, params.bodyDigest]);
  const form = params.form === null ? null : ownPairs(params.form, config, keys);
  const encodedQuery = encodedPairs(query);
  const encodedForm = form === null ? null : encodedPairs(form);
  const sentQuery = encodedQuery.join('&');
  if (!config.integrity) return { query: sentQuery, form: encodedForm === null ? null : encodedForm.join('&') };

  const timestamp = String(now);
  const nonce = pooledRandomBytes(16).toString('base64url');
  // Parameters travel in the browser's order; unsorted, that encoding is also the signed text.
  const carried = encodedForm === null ? sentQuery : encodedForm.join('&');
  const canonical =
    form === null || encodedForm === null
      ? canonicalOf(query, encodedQuery, config.sort)
      : query.length === 0
        ? canonicalOf(form, encodedForm, config.sort)
        : canonicalOf([...query, ...form], [...encodedQuery, ...encodedForm], config.sort);
  const mac = signature(keys.sign, signedText(params.method, params.path, canonical, timestamp, nonce));
  // Digits and base64url need no encoding.
  const tail = `${SIGNATURE_PARAMS.timestamp}=${timestamp}&${SIGNATURE_PARAMS.nonce}=${nonce}&${SIGNATURE_PARAMS.signature}=${mac}`;
  const signedCarrier = carried ? `${carried}&${tail}` : tail;
  return form === null ? { query: signedCarrier, form: null } : { query: sentQuery, form: signedCarrier };
}
