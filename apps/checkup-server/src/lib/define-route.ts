import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ok, type RouteDescriptor, type UserInfo } from '@checkup/api-contract';
import type { z } from 'zod';

export interface HandlerContext<R extends RouteDescriptor> {
  input: z.output<R['input']>;
  /** Present on every route that is not public. */
  user: UserInfo;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract descriptor: its access is checked first (plugins/auth.ts), then the input is
 * parsed by the contract's zod schema (a bad one answers a Chinese msg and nothing runs), and the
 * handler's result is wrapped in the envelope.
 */
export function defineRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: (ctx: HandlerContext<R>) => Promise<z.input<R['output']>> | z.input<R['output']>,
): void {
  app.route({
    method: descriptor.method,
    url: descriptor.path,
    config: { access: descriptor.access },
    handler: async (request, reply) => {
      const raw = descriptor.method === 'GET' ? request.query : (request.body ?? {});
      const parsed = descriptor.input.safeParse(raw);
      if (!parsed.success) {
        throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? undefined);
      }
      const data = await handler({
        input: parsed.data as z.output<R['input']>,
        user: request.user as UserInfo,
        request,
        reply,
      });
      return ok(data);
    },
  });
}
