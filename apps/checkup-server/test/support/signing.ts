import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { parsePairs, SIGNATURE_PARAMS, stringToSign, withoutSignatureParams } from '@checkup/api-contract';
import type { Db } from '../../src/db/client.js';
import { parameters } from '../../src/db/schema.js';
import { apiSecurityParamSchema, PARAM, type ApiSecurityParam } from '../../src/modules/parameters/codes.js';
import { signatureOf } from '../../src/modules/security/request-signature.js';

export interface SignedCall {
  method: 'GET' | 'POST';
  /** The path without query string. */
  path: string;
  /** Encoded query string and form body, exactly as they will travel. */
  query?: string;
  body?: string;
  /** parameter 0002 api_signature_sort; true unless said otherwise. */
  sort?: boolean;
  timestamp?: number;
  nonce?: string;
  headers?: Record<string, string>;
}

/**
 * Signs a call the way the BFF does (spec §7) and answers inject options: the signature parameters
 * go into the query of a GET and into the form body of a POST.
 */
export function signedRequest(signKey: Buffer, call: SignedCall): InjectOptions {
  const query = call.query ?? '';
  const body = call.body ?? '';
  const timestamp = String(call.timestamp ?? Date.now());
  const nonce = call.nonce ?? randomUUID();
  const { pairs } = withoutSignatureParams([...parsePairs(query), ...parsePairs(body)]);
  const text = stringToSign({ method: call.method, path: call.path, pairs, sort: call.sort ?? true, timestamp, nonce });
  const signature = new URLSearchParams({
    [SIGNATURE_PARAMS.timestamp]: timestamp,
    [SIGNATURE_PARAMS.nonce]: nonce,
    [SIGNATURE_PARAMS.signature]: signatureOf(signKey, text),
  }).toString();
  const join = (encoded: string, extra: string) => (encoded ? `${encoded}&${extra}` : extra);
  if (call.method === 'GET') {
    return { method: 'GET', url: `${call.path}?${join(query, signature)}`, headers: call.headers };
  }
  return {
    method: 'POST',
    url: query ? `${call.path}?${query}` : call.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...call.headers },
    payload: join(body, signature),
  };
}

/** Changes parameter 0002 the way an administrator would; the rest of its value stays. */
export async function updateApiSecurity(db: Db, change: Partial<ApiSecurityParam>) {
  const [row] = await db.select().from(parameters).where(eq(parameters.paramCode, PARAM.API_SECURITY));
  const value = { ...apiSecurityParamSchema.parse(row!.paramValue), ...change };
  await db.update(parameters).set({ paramValue: value }).where(eq(parameters.paramCode, PARAM.API_SECURITY));
}
