import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  contractRoutes,
  maskPersonalText,
  maskUrl,
  routeOfMenuKey,
  writesState,
  type RouteDescriptor,
} from '@checkup/api-contract';
import type { Db } from '../db/client.js';
import { serverOpLogs } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope's status and message when it was not a success, read as the answer went out. */
    failedEnvelope: { status: number; msg: string } | null;
  }
}

const DESCRIPTORS = new Map(contractRoutes.map((d) => [`${d.method} ${d.path}`, d]));
const ENVELOPE_STATUS = /^\{"status":(\d+)/;

/** The route-table title of the screen a call serves, or the call's own name for shared calls. */
function moduleOf(descriptor: RouteDescriptor | undefined): string {
  if (!descriptor) return '未知接口';
  if (Array.isArray(descriptor.access)) {
    const screen = routeOfMenuKey((descriptor.access[0] as string).split(':')[0]!);
    if (screen) return screen.title;
  }
  return descriptor.summary;
}

function failedEnvelopeOf(payload: unknown): { status: number; msg: string } | null {
  if (typeof payload !== 'string') return null;
  const status = ENVELOPE_STATUS.exec(payload)?.[1];
  if (status === undefined || status === '200') return null;
  try {
    const { msg } = JSON.parse(payload) as { msg?: unknown };
    return { status: Number(status), msg: typeof msg === 'string' ? msg : '' };
  } catch {
    return { status: Number(status), msg: '' };
  }
}

/**
 * 后端日志's operation log (issue 21): after each answer has gone out, one row for a call that writes
 * (a POST, or a GET whose descriptor says it writes) or that failed (HTTP or envelope status not 200).
 * The row is written without waiting and a failure to write it is only logged, so a call is never
 * slowed or failed by its log. Never a request body; the URL and the message are masked.
 */
export const serverOpLogPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('failedEnvelope', null);

  app.addHook('onSend', async (request, _reply, payload) => {
    request.failedEnvelope = failedEnvelopeOf(payload);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/manager/')) return;
    const descriptor = DESCRIPTORS.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    const envelope = request.failedEnvelope;
    const status = envelope?.status ?? reply.statusCode;
    const failed = status !== 200 || reply.statusCode >= 400;
    const writes = descriptor ? writesState(descriptor) : request.method !== 'GET';
    if (!failed && !writes) return;
    void opts.db
      .insert(serverOpLogs)
      .values(rowOf(request, descriptor, status, failed ? (envelope?.msg ?? '') : null, reply.elapsedTime))
      .catch((err: unknown) => request.log.warn({ err }, 'operation log not written'));
  });
});

function rowOf(
  request: FastifyRequest,
  descriptor: RouteDescriptor | undefined,
  status: number,
  error: string | null,
  elapsedMs: number,
): typeof serverOpLogs.$inferInsert {
  return {
    module: moduleOf(descriptor).slice(0, 64),
    userId: request.user?.id ?? null,
    userAccount: request.user?.user_account ?? null,
    method: request.method.slice(0, 8),
    url: maskUrl(request.url).slice(0, 512),
    summary: (descriptor?.summary ?? '').slice(0, 128),
    status,
    durationMs: Math.round(elapsedMs),
    error: error === null ? null : maskPersonalText(error || `HTTP ${status}`).slice(0, 500),
    ip: request.ip,
  };
}
