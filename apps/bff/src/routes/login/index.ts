import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorCatalogue, loginRoute, logoutRoute, ok, upstreamLoginRoute } from '@checkup/api-contract';

export interface LoginOptions {
  ratePerMinute: number;
  lockoutFailures: number;
  lockoutMinutes: number;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
// Longer than any upstream answer may take (headers time-out), so a crashed attempt frees itself.
const PENDING_TTL_MS = 30_000;

/** Login and logout are the two calls where the BFF reads the answer: it owns the browser session. */
export async function loginRoutes(app: FastifyInstance, opts: LoginOptions) {
  const lockMs = opts.lockoutMinutes * 60_000;
  const failuresKey = (account: string) => `login:failures:${account.toLowerCase()}`;
  const lockKey = (account: string) => `login:lock:${account.toLowerCase()}`;
  const pendingKey = (account: string) => `login:pending:${account.toLowerCase()}`;
  const lockedMessage = `登录失败次数过多，账号已锁定${opts.lockoutMinutes}分钟，请稍后再试`;

  const call = (request: FastifyRequest, url: string, body: string, token?: string) =>
    app.upstream.forward({ method: 'POST', url, requestId: request.id, ip: request.ip, token, headers: FORM, body });

  app.post(
    loginRoute.path,
    { config: { rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000, keyGenerator: (r) => `login:${r.ip}` } } },
    async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const input = loginRoute.input.safeParse(Object.fromEntries(form));
      if (!input.success) throw new AppError('VALIDATION', input.error.issues[0]?.message);
      const account = input.data.user_account;
      if (await app.sharedState.get(lockKey(account))) throw new AppError('ACCOUNT_LOCKED', lockedMessage);
      // One attempt per account at a time, so concurrent guesses cannot outrun the failure count.
      const attempt = randomUUID();
      if (!(await app.sharedState.setIfAbsent(pendingKey(account), attempt, PENDING_TTL_MS))) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      try {
        return await attemptLogin(request, reply, form, account);
      } finally {
        await app.sharedState.deleteIfEquals(pendingKey(account), attempt);
      }
    },
  );

  async function attemptLogin(request: FastifyRequest, reply: FastifyReply, form: URLSearchParams, account: string) {
    const result = await call(request, loginRoute.path, form.toString());
    if (result.kind !== 'answer') throw new AppError('UPSTREAM_UNAVAILABLE');
    const { envelope, httpStatus } = result.answer;
    if (envelope.status !== 200) {
      if (envelope.msg === errorCatalogue.WRONG_CREDENTIALS.msg) {
        // Issue 3 §2: five failures lock the account for 15 minutes, whoever tries next.
        const failures = await app.sharedState.increment(failuresKey(account), lockMs);
        if (failures >= opts.lockoutFailures) {
          await app.sharedState.set(lockKey(account), String(Date.now()), lockMs);
          await app.sharedState.delete(failuresKey(account));
          request.log.warn({ account }, 'account locked after repeated login failures');
        }
      }
      return reply.status(httpStatus).send(envelope);
    }
    const answer = upstreamLoginRoute.output.safeParse(envelope.data);
    if (!answer.success) throw new AppError('UPSTREAM_UNAVAILABLE');
    await app.sharedState.delete(failuresKey(account));

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
