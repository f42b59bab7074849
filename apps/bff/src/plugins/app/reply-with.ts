import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_HEADER, SIGNAL_HEADER, type CacheStatus } from '@checkup/api-contract';
import type { ForwardResult } from './upstream.js';

/** Sends an upstream result to the browser, ending the BFF session when the upstream ended its own. */
export async function replyWith(
  request: FastifyRequest,
  reply: FastifyReply,
  result: ForwardResult,
  cache: CacheStatus,
): Promise<FastifyReply> {
  reply.header(CACHE_HEADER, cache);
  if (result.kind === 'stream') return reply.status(result.status).headers(result.headers).send(result.body);
  const { answer, text } = result;
  if (answer.endSession && request.session) {
    await request.server.sessions.destroy(request.session.sid);
    request.server.sessionCookie.clear(reply);
  }
  if (answer.signal) reply.header(SIGNAL_HEADER, answer.signal);
  return reply
    .status(answer.httpStatus)
    .type('application/json; charset=utf-8')
    .send(answer.rewritten ? JSON.stringify(answer.envelope) : text);
}
