import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, loginRoute, logoutRoute, ok, upstreamLoginRoute } from '@checkup/api-contract';

export interface LoginOptions {
  ratePerMinute: number;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
// Longer than any upstream answer may take (headers time-out), so a crashed attempt frees itself.
const PENDING_TTL_MS = 30_000;

/**
 * Login and logout are the two calls where the BFF reads the answer: it owns the browser session.
 * Wrong passwords and the lock they lead to are counted by the checkup server on the account (issue
 * 21: shown and released in 账号管理); the gateway limits attempts per address and per account at a time.
 */
export async function loginRoutes(app: FastifyInstance, opts: LoginOptions) {
  const pendingKey = (account: string) => `login:pending:${account.toLowerCase()}`;

  // The browser's User-Agent goes along: the login log shows it (后端日志). Only printable ASCII, as
  // browsers send it: anything else would make the upstream call itself fail.
  const browserOf = (request: FastifyRequest) => {
    const agent = request.headers['user-agent'];
    return agent && /^[\x20-\x7e]{1,512}$/.test(agent) ? agent : undefined;
  };
  const call = (request: FastifyRequest, url: string, body: string, token?: string) =>
    app.upstream.forward({
      method: 'POST',
      url,
      requestId: request.id,
      ip: request.ip,
      token,
      headers: { ...FORM, 'user-agent': browserOf(request) },
      body,
    });

  app.post(
    loginRoute.path,
    { config: { rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000, keyGenerator: (r) => `login:${r.ip}` } } },
    async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const input = loginRoute.input.safeParse(Object.fromEntries(form));
      if (!input.success) throw new AppError('VALIDATION', input.error.issues[0]?.message);
      const account = input.data.user_account;
      // One attempt per account at a time, so concurrent guesses cannot outrun the server's failure count.
      const attempt = randomUUID();
      if (!(await app.sharedState.setIfAbsent(pendingKey(account), attempt, PENDING_TTL_MS))) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      try {
        return await attemptLogin(request, reply, form);
      } finally {
        await app.sharedState.deleteIfEquals(pendingKey(account), attempt);
      }
    },
  );

  async function attemptLogin(request: FastifyRequest, reply: FastifyReply, form: URLSearchParams) {
    const result = await call(request, loginRoute.path, form.toString());
    if (result.kind !== 'answer') throw new AppError('UPSTREAM_UNAVAILABLE');
    const { envelope, httpStatus } = result.answer;
    // A refusal (wrong password, locked, disabled) passes through as the checkup server worded it.
    if (envelope.status !== 200) return reply.status(httpStatus).send(envelope);
    const answer = upstreamLoginRoute.output.safeParse(envelope.data);
    if (!answer.success) throw new AppError('UPSTREAM_UNAVAILABLE');

    // A new id on every login, so an id planted before login is worthless (session fixation).
    const previous = app.sessionCookie.read(request);
    if (previous) await app.sessions.destroy(previous);
    const sid = await app.sessions.create(answer.data.token, answer.data.user);
    app.sessionCookie.set(reply, sid);
    return ok({ user: answer.data.user }, '登录成功');
  }

  app.post(logoutRoute.path, async (request, reply) => {
    const sid = app.sessionCookie.read(request);
    const session = sid ? await app.sessions.destroy(sid) : undefined;
    app.sessionCookie.clear(reply);
    if (session) {
      await call(request, logoutRoute.path, '', session.upstreamToken).catch((err: unknown) =>
        request.log.warn({ err }, 'upstream logout failed'),
      );
    }
    return ok(null, '已退出登录');
  });
}
