import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import replyFrom from '@fastify/reply-from';
import { Pool } from 'undici';
import { AppError, anyEnvelopeSchema, type Envelope } from '@checkup/api-contract';
import type { BffConfig } from '../../config.js';

export interface UpstreamClient {
  /** A form-encoded call whose envelope the BFF itself needs to read (login, logout). */
  postForm(
    path: string,
    form: string,
    headers?: Record<string, string>,
  ): Promise<{ httpStatus: number; body: Envelope<unknown> | null }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
  }
}

/** A call that got no answer: timed out (504) or could not reach the upstream (502). */
export function upstreamFailure(error: unknown): AppError {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return new AppError(/timeout/i.test(`${code ?? ''} ${message ?? ''}`) ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE');
}

/** One keep-alive pool toward the checkup server, shared by reply-from and the BFF's own calls. */
export const upstreamPlugin = fp(async (app: FastifyInstance, config: BffConfig) => {
  const pool = new Pool(config.UPSTREAM_URL, {
    connections: 64,
    keepAliveTimeout: 60_000,
    headersTimeout: config.UPSTREAM_HEADERS_TIMEOUT_MS,
    connect: { timeout: config.UPSTREAM_CONNECT_TIMEOUT_MS, rejectUnauthorized: true },
  });

  await app.register(replyFrom, {
    base: config.UPSTREAM_URL,
    undici: pool as never,
    // A POST is never retried: it may have changed data upstream. An overloaded upstream (503)
    // gets one more try at most, not reply-from's default of ten.
    retryMethods: ['GET', 'HEAD'],
    maxRetriesOn503: 1,
  });

  app.decorate('upstream', {
    async postForm(path, form, headers = {}) {
      let text: string;
      let httpStatus: number;
      try {
        const res = await pool.request({
          method: 'POST',
          path,
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        });
        httpStatus = res.statusCode;
        text = await res.body.text();
      } catch (err) {
        throw upstreamFailure(err);
      }
      let body: Envelope<unknown> | null = null;
      try {
        const parsed = anyEnvelopeSchema.safeParse(JSON.parse(text));
        body = parsed.success ? (parsed.data as Envelope<unknown>) : null;
      } catch {
        body = null;
      }
      return { httpStatus, body };
    },
  } satisfies UpstreamClient);

  app.addHook('onClose', async () => {
    await pool.close();
  });
});
