import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addLogRoute, maskPersonalText } from '@checkup/api-contract';

export interface FrontLogEntry {
  log_type: 'error' | 'warn' | 'info';
  log_source: string;
  log_content: string;
}

/** CR, LF and other control characters become visible escapes, so a log line cannot be forged. */
export function neutraliseControls(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    const control = code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
    out += control ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }
  return out;
}

export function sanitiseFrontLog(entry: FrontLogEntry): FrontLogEntry {
  return {
    log_type: entry.log_type,
    log_source: neutraliseControls(maskPersonalText(entry.log_source)).slice(0, 128),
    log_content: neutraliseControls(maskPersonalText(entry.log_content)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    frontLog: { record(request: FastifyRequest, entry: FrontLogEntry): Promise<void> };
  }
}

/**
 * The front-end log (spec §7 add_log): sanitised, written to the pino log, and forwarded to the
 * upstream when there is a session to forward it with. operator_id is sent empty (spec §6).
 */
export const frontLogPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('frontLog', {
    async record(request: FastifyRequest, entry: FrontLogEntry) {
      const clean = sanitiseFrontLog(entry);
      const level = clean.log_type === 'info' ? 'info' : clean.log_type;
      request.log[level]({ frontLog: clean }, 'front-end log');
      if (!request.session) return;
      const body = new URLSearchParams({ ...clean, operator_id: '' }).toString();
      const result = await app.upstream
        .forward({
          method: 'POST',
          url: addLogRoute.path,
          requestId: request.id,
          ip: request.ip,
          token: request.session.upstreamToken,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
        .catch((err: unknown) => {
          request.log.warn({ err }, 'front-end log not forwarded');
          return null;
        });
      if (result?.kind === 'answer' && !result.answer.success) {
        request.log.warn({ msg: result.answer.envelope.msg }, 'front-end log refused upstream');
      }
    },
  });
});
