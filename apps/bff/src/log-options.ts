import type { FastifyServerOptions } from 'fastify';
import { maskUrl } from '@checkup/api-contract';

/** pino options: JSON lines with request ids, and no names or ID numbers in logged URLs. */
export function loggerOptions(level: string, name?: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...(name ? { name } : {}),
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
