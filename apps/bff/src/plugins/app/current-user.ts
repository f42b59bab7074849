import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  mayCall,
  userInfoRoute,
  userInfoSchema,
  type RouteDescriptor,
  type UserInfo,
} from '@checkup/api-contract';

/**
 * The signed-in account as the checkup server knows it now: its roles are read afresh, so a role
 * changed since login counts at the holder's next call (issue 17 §1), as the upstream's own check does.
 * For the gateway's own screens (缓存管理) and /docs; proxied calls are checked by the upstream.
 */
export async function currentUser(app: FastifyInstance, request: FastifyRequest): Promise<UserInfo> {
  // The session hook reads the cookie for /manager/ calls only; /docs reads it here.
  const sid = request.session ? null : app.sessionCookie.read(request);
  const session = request.session ?? (sid ? await app.sessions.touch(sid) : null);
  if (!session) throw new AppError('NOT_LOGGED_IN');
  const result = await app.upstream.forward({
    method: userInfoRoute.method,
    url: userInfoRoute.path,
    requestId: request.id,
    ip: request.ip,
    token: session.upstreamToken,
  });
  if (result.kind !== 'answer' || !result.answer.success) throw new AppError('NOT_LOGGED_IN');
  const user = userInfoSchema.safeParse(result.answer.envelope.data);
  if (!user.success) throw new AppError('NOT_LOGGED_IN');
  return user.data;
}

/** The current account, refused with 403 unless its roles allow the call. */
export async function userAllowedTo(app: FastifyInstance, request: FastifyRequest, route: RouteDescriptor) {
  const user = await currentUser(app, request);
  if (!mayCall(route, user.role_menu)) throw new AppError('FORBIDDEN');
  return user;
}
