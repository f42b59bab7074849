import type { FastifyServerOptions } from 'fastify';
import { maskedRequestLog } from '@checkup/api-contract';

/** pino options: JSON lines with request ids, and no names or ID numbers in logged URLs. */
export function loggerOptions(level: string, name?: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...(name ? { name } : {}),
    serializers: { req: maskedRequestLog },
  };
}
