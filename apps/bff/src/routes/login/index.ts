import type { FastifyInstance } from 'fastify';
import {
  AppError,
  UPSTREAM_TOKEN_HEADER,
  loginRoute,
  logoutRoute,
  ok,
  upstreamLoginRoute,
} from '@checkup/api-contract';

function formOf(body: unknown): URLSearchParams {
  return new URLSearchParams(typeof body === 'string' ? body : '');
}

/** Login and logout are the two calls where the BFF reads the answer: it owns the browser session. */
export async function loginRoutes(app: FastifyInstance) {
  app.post(loginRoute.path, async (request, reply) => {
    const form = formOf(request.body);
    const input = loginRoute.input.safeParse(Object.fromEntries(form));
    if (!input.success) throw new AppError('VALIDATION', input.error.issues[0]?.message);

    const { httpStatus, body } = await app.upstream.postForm(loginRoute.path, form.toString(), {
      'x-request-id': request.id,
      'x-forwarded-for': request.ip,
    });
    if (!body) throw new AppError('UPSTREAM_UNAVAILABLE');
    if (body.status !== 200) return reply.status(httpStatus).send(body);

    const answer = upstreamLoginRoute.output.safeParse(body.data);
    if (!answer.success) throw new AppError('UPSTREAM_UNAVAILABLE');

    // A new id on every login, so an id planted before login is worthless (session fixation).
    const previous = app.sessionCookie.read(request);
    if (previous) app.sessions.destroy(previous);
    const sid = app.sessions.create(answer.data.token, answer.data.user);
    app.sessionCookie.set(reply, sid);
    return ok({ user: answer.data.user }, '登录成功');
  });

  app.post(logoutRoute.path, async (request, reply) => {
    const sid = app.sessionCookie.read(request);
    const session = sid ? app.sessions.destroy(sid) : undefined;
    app.sessionCookie.clear(reply);
    if (session) {
      await app.upstream
        .postForm(logoutRoute.path, '', { [UPSTREAM_TOKEN_HEADER]: session.upstreamToken, 'x-request-id': request.id })
        .catch((err: unknown) => request.log.warn({ err }, 'upstream logout failed'));
    }
    return ok(null, '已退出登录');
  });
}
