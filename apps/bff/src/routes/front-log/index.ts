import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '@checkup/api-contract';
import { FRONT_LOG_PATH } from '../../plugins/app/front-log.js';

const MAX_BODY_BYTES = 16 * 1024;

const entrySchema = z.object({
  log_type: z.enum(['error', 'warn', 'info'], { error: '日志类型只能是 error、warn 或 info' }),
  log_source: z.string({ error: '缺少日志来源' }).min(1, '缺少日志来源'),
  log_content: z.string({ error: '缺少日志内容' }).min(1, '缺少日志内容'),
});

/** 前端日志 POST /manager/api/logfront/add_log: collected here, with limits, then forwarded. */
export async function frontLogRoutes(app: FastifyInstance, opts: { perMinute: number }) {
  app.post(
    FRONT_LOG_PATH,
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
      const parsed = entrySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      await app.frontLog.record(request, parsed.data);
      return ok(null, '已记录');
    },
  );
}
