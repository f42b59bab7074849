import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  BODY_DIGEST_PARAM,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENT_REPLAY_HEADER,
  SIGNATURE_PARAMS,
  contractRoutes,
  isIdempotencyKey,
  writesState,
} from '@checkup/api-contract';
import type { IdempotencyStore } from '../modules/idempotency/store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, to be completed with its answer or released. */
    idempotency: { scopeKey: string; owner: string } | null;
  }
}

export interface IdempotencyOptions {
  store: IdempotencyStore;
  /** A running key older than this belongs to a request that died: a retry takes it over. */
  runningMs?: number;
}

const RUNNING_MS = 5 * 60_000;
const SIGNATURE_KEYS = new Set<string>([...Object.values(SIGNATURE_PARAMS), BODY_DIGEST_PARAM]);
// Every POST changes state, and so do the GETs whose descriptor says so (spec §7's sign calls).
const WRITING_GETS = new Set(contractRoutes.filter((r) => r.method === 'GET' && writesState(r)).map((r) => r.path));
const writes = (request: FastifyRequest) =>
  request.method === 'POST' || (request.method === 'GET' && WRITING_GETS.has(request.routeOptions.url ?? ''));

/**
 * The request's fields as one digest: what the caller meant, not how it travelled. The signature
 * parameters and encrypted fields differ on every retry (a fresh nonce, a fresh IV), and so does a
 * multipart body's boundary; by preHandler the fields are decrypted, the signature is checked and
 * an upload is parsed (its files count by their digest), so none of those counts.
 */
function fingerprintOf(request: FastifyRequest): string {
  const fieldsOf = (container: unknown) =>
    typeof container === 'object' && container !== null
      ? Object.entries(container)
          .filter(([name]) => !SIGNATURE_KEYS.has(name))
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      : (container ?? null);
  return hash('sha256', JSON.stringify([fieldsOf(request.query), fieldsOf(request.body)]), 'hex');
}

/**
 * Idempotency-Key on state-changing calls (IETF draft, issue 17 §2), every POST and the GETs that
 * write: the first successful answer is kept for 24 hours under the account, the call and the key.
 * A retry with the same key gets that answer again (a registration whose answer the gateway timed
 * out is not made twice); one that comes while the first still runs gets 409; the same key with
 * other fields gets 422. Without the header, or on a public call (no account to scope the key
 * to), nothing changes.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: IdempotencyOptions) => {
  const { store } = opts;
  app.decorateRequest('idempotency', null);

  // After the auth plugin's preHandler: the account is known, the fields decrypted and checked.
  app.addHook('preHandler', async (request, reply) => {
    if (!writes(request)) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !isIdempotencyKey(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
    if (!request.user) return;
    const scopeKey = hash('sha256', `${request.user.id}\0${request.routeOptions.url}\0${key}`, 'hex');
    const owner = randomBytes(12).toString('base64url');
    const claim = await store.claim({
      scopeKey,
      fingerprint: fingerprintOf(request),
      owner,
      now: Date.now(),
      ttlMs: IDEMPOTENCY_TTL_MS,
      runningMs: opts.runningMs ?? RUNNING_MS,
    });
    if (claim.kind === 'running') throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (claim.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (claim.kind === 'answered') {
      const { status, contentType, body } = claim.answer;
      return reply.status(status).type(contentType).header(IDEMPOTENT_REPLAY_HEADER, 'true').send(body);
    }
    request.idempotency = { scopeKey, owner };
  });

  // Only a success is kept: a refused or failed call wrote nothing, so its retry may run again.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    try {
      if (reply.statusCode === 200 && typeof payload === 'string') {
        const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        await store.complete(held.scopeKey, held.owner, { status: 200, contentType, body: payload });
      } else {
        await store.release(held.scopeKey, held.owner);
      }
    } catch (err) {
      request.log.warn({ err }, 'idempotency key not kept');
    }
    return payload;
  });
});
