import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, BODY_DIGEST_PARAM, SIGNATURE_WINDOW_MS, versionRoute } from '@checkup/api-contract';
import type { Db } from '../db/client.js';
import { ttlCached } from '../lib/ttl-cache.js';
import { apiSecurityParamSchema, PARAM } from '../modules/parameters/codes.js';
import { getParameterValue } from '../modules/parameters/repository.js';
import type { ApiKeys } from '../modules/security/api-secret.js';
import { decryptField } from '../modules/security/field-crypto.js';
import type { NonceStore } from '../modules/security/nonce-store.js';
import { verifySignature } from '../modules/security/request-signature.js';

export interface IntegrityOptions {
  db: Db;
  apiKeys: ApiKeys;
  nonceStore: NonceStore;
  /** How long one read of parameter 0002 is reused. */
  settingsTtlMs: number;
}

/**
 * Calls that are neither signed nor encrypted: the BFF learns from version whether the others
 * must be (spec §3 encrypt_cfg), so it has to reach it first.
 */
export const UNSIGNED_ROUTES: readonly { method: string; path: string }[] = [
  { method: versionRoute.method, path: versionRoute.path },
];

// A nonce must outlive every moment its timestamp is still accepted: at most two windows from now.
const NONCE_TTL_MS = 2 * SIGNATURE_WINDOW_MS;

const isUnsigned = (request: FastifyRequest) =>
  UNSIGNED_ROUTES.some((r) => r.method === request.method && r.path === request.routeOptions.url);

/**
 * Spec §7 request integrity, driven by parameter 0002: checks api_signature and claims its nonce,
 * then decrypts the api_encrypt_fields. It runs at preValidation, before authentication (preHandler)
 * and before any handler, so a refused call writes nothing.
 */
export const integrityPlugin = fp(async (app: FastifyInstance, opts: IntegrityOptions) => {
  const settings = ttlCached(
    async () => apiSecurityParamSchema.parse(await getParameterValue(opts.db, PARAM.API_SECURITY)),
    opts.settingsTtlMs,
  );

  app.addHook('preValidation', async (request) => {
    if (isUnsigned(request)) return;
    const security = await settings();
    if (security.api_integrity_verify) {
      const url = request.raw.url ?? request.url;
      const queryAt = url.indexOf('?');
      // A form is signed pair by pair, an upload by its digest among the query's pairs; any other
      // body would travel unchecked.
      const upload = request.rawUploadBody;
      if (request.body !== undefined && request.rawFormBody === undefined && upload === undefined) {
        throw new AppError('SIGNATURE_INVALID');
      }
      const { nonce } = verifySignature(opts.apiKeys.sign, {
        method: request.method,
        path: queryAt < 0 ? url : url.slice(0, queryAt),
        rawQuery: queryAt < 0 ? '' : url.slice(queryAt + 1),
        rawBody: request.rawFormBody ?? '',
        sort: security.api_signature_sort,
        now: Date.now(),
      });
      if (
        upload !== undefined &&
        (request.query as Record<string, unknown>)[BODY_DIGEST_PARAM] !== hash('sha256', upload, 'base64url')
      ) {
        throw new AppError('SIGNATURE_INVALID');
      }
      if (!(await opts.nonceStore.claim(nonce, NONCE_TTL_MS))) throw new AppError('NONCE_REUSED');
    }
    if (security.api_params_encrypt && security.api_encrypt_fields.length > 0) {
      const fields = security.api_encrypt_fields;
      request.query = decryptFields(request.query, fields, opts.apiKeys.encrypt);
      request.body = decryptFields(request.body, fields, opts.apiKeys.encrypt);
    }
  });
});

function decryptFields(container: unknown, fields: readonly string[], key: Buffer): unknown {
  if (typeof container !== 'object' || container === null) return container;
  const record = container as Record<string, unknown>;
  const decrypt = (value: unknown) => {
    const plain = typeof value === 'string' ? decryptField(value, key) : null;
    if (plain === null) throw new AppError('FIELD_UNREADABLE');
    return plain;
  };
  for (const field of fields) {
    if (!Object.hasOwn(record, field)) continue;
    const value = record[field];
    record[field] = Array.isArray(value) ? value.map(decrypt) : decrypt(value);
  }
  return record;
}
