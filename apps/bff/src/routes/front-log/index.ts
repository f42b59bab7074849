import type { FastifyInstance } from 'fastify';
import { AppError, LOG_CONTENT_MAX_BYTES, addLogRoute, ok } from '@checkup/api-contract';

// Issue 3 §7: a log body over 16 KB is refused with 413 before it is read further.
const MAX_BODY_BYTES = LOG_CONTENT_MAX_BYTES;

/** 前端日志 POST /manager/api/logfront/add_log: collected here, with limits, then forwarded. */
export async function frontLogRoutes(app: FastifyInstance, opts: { perMinute: number }) {
  app.post(
    addLogRoute.path,
    {
      bodyLimit: MAX_BODY_BYTES,
      config: {
        rateLimit: {
          max: opts.perMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `front-log:${request.session?.sid ?? '-'}:${request.ip}`,
        },
      },
    },
    async (request) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const parsed = addLogRoute.input.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const { log_type, log_source, log_content } = parsed.data;
      await app.frontLog.record(request, { log_type, log_source, log_content });
      return ok(null, '已记录');
    },
  );
}
