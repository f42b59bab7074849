import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  ENCRYPTED_PASSWORD_MIN_LENGTH,
  changePasswordRoute,
  logoutRoute,
  publicKeyRoute,
  upstreamLoginRoute,
  userInfoRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordAudit, type AuditEntry } from '../audit/repository.js';
import { defineRoute } from '../../lib/define-route.js';
import type { PasswordKeys } from './keys.js';
import { DUMMY_HASH, verifyPassword } from './password.js';
import { acceptNewPassword, readPassword, storePassword } from './password-policy.js';
import { createSession, deleteSession, findUserByAccount, toUserInfo } from './session-repository.js';

/** Wrong passwords in a row that lock an account, and for how long (issue 3 §2, kept by issue 21). */
export interface LoginLockout {
  failures: number;
  minutes: number;
}

export const DEFAULT_LOGIN_LOCKOUT: LoginLockout = { failures: 5, minutes: 15 };

/** What a login log row shows of the browser (log_backend): its User-Agent, as the gateway forwards it. */
const browserOf = (request: FastifyRequest) => {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && agent ? agent.slice(0, 256) : null;
};

/**
 * Wrong passwords for names that are no account, counted in this process so that such a name locks
 * like a real one and the answers do not tell which accounts exist. Bounded: the oldest name goes first.
 */
class UnknownNameLockout {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();
  constructor(
    private readonly lockout: LoginLockout,
    private readonly capacity = 10_000,
  ) {}

  isLocked(name: string, now = Date.now()): boolean {
    return (this.entries.get(name.toLowerCase())?.lockedUntil ?? 0) > now;
  }

  fail(name: string, now = Date.now()): void {
    const key = name.toLowerCase();
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0 };
    this.entries.delete(key);
    entry.failures += 1;
    if (entry.failures >= this.lockout.failures) {
      entry.failures = 0;
      entry.lockedUntil = now + this.lockout.minutes * 60_000;
    }
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

export async function authRoutes(app: FastifyInstance, opts: { db: Db; keys: PasswordKeys; lockout?: LoginLockout }) {
  const { db, keys } = opts;
  const lockout = opts.lockout ?? DEFAULT_LOGIN_LOCKOUT;
  const unknownNames = new UnknownNameLockout(lockout);
  const lockedMessage = `登录失败次数过多，账号已锁定${lockout.minutes}分钟，请稍后再试`;

  defineRoute(app, publicKeyRoute, () => ({ public_key: keys.publicKeyPem }));

  defineRoute(app, upstreamLoginRoute, async ({ input, request }) => {
    // Every login row carries the address (recordAudit), the browser and the result (log_backend).
    const audit = (action: string, result: string, entry: AuditEntry) =>
      recordAudit(db, request, action, {
        ...entry,
        detail: { ...(entry.detail as object | undefined), result, user_agent: browserOf(request) },
      });
    // spec §5: the browser sends the password RSA-encrypted; a short value cannot be a ciphertext.
    if (input.password.length <= ENCRYPTED_PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_UNREADABLE');
    // A ciphertext that does not decrypt answers like a wrong password: a distinct answer for bad
    // PKCS#1 v1.5 padding would be a decryption oracle (Bleichenbacher).
    const password = keys.decrypt(input.password);
    const found = await findUserByAccount(db, input.user_account);
    // A locked account is refused before its password is looked at, the right one included.
    if (found?.user.lockedUntil && found.user.lockedUntil > new Date()) {
      await audit('login_locked', 'locked', { userId: found.user.id, userAccount: found.user.userAccount });
      throw new AppError('ACCOUNT_LOCKED', lockedMessage);
    }
    if (!found && unknownNames.isLocked(input.user_account)) {
      await audit('login_locked', 'locked', { userAccount: input.user_account });
      throw new AppError('ACCOUNT_LOCKED', lockedMessage);
    }
    const matches = await verifyPassword(password ?? '', found?.user.passwordHash ?? DUMMY_HASH);
    if (!found || !matches || password === null) {
      await audit('login_failed', 'wrong_password', {
        userAccount: input.user_account,
        detail: { undecryptable: password === null },
      });
      if (found) await countFailure(request, found.user.id, found.user.userAccount);
      else unknownNames.fail(input.user_account);
      throw new AppError('WRONG_CREDENTIALS');
    }
    if (found.user.status !== '1') {
      await audit('login_refused_disabled', 'disabled', { userId: found.user.id, userAccount: found.user.userAccount });
      throw new AppError('ACCOUNT_DISABLED');
    }

    if (found.user.failedLogins > 0 || found.user.lockedUntil) {
      await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, found.user.id));
    }
    const token = await createSession(db, found.user.id);
    await audit('login', 'success', { userId: found.user.id, userAccount: found.user.userAccount });
    return { user: toUserInfo(found.user, found.roleMenu ?? [], found.dataScope), token };
  });

  /** One more wrong password in a row; the last one allowed locks the account and starts the count again. */
  async function countFailure(request: FastifyRequest, userId: number, userAccount: string) {
    const [row] = await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, userId))
      .returning({ failures: users.failedLogins });
    if ((row?.failures ?? 0) < lockout.failures) return;
    const until = new Date(Date.now() + lockout.minutes * 60_000);
    await db.update(users).set({ failedLogins: 0, lockedUntil: until }).where(eq(users.id, userId));
    await recordAudit(db, request, 'account_locked', {
      userId,
      userAccount,
      detail: { failures: lockout.failures, locked_until: until.toISOString() },
    });
    request.log.warn({ userId }, 'account locked after repeated login failures');
  }

  defineRoute(app, logoutRoute, async ({ request }) => {
    const userId = request.sessionToken ? await deleteSession(db, request.sessionToken) : undefined;
    if (userId !== undefined) await recordAudit(db, request, 'logout', { userId });
    return null;
  });

  defineRoute(app, userInfoRoute, ({ user }) => user);

  // 修改密码: the account's own, with its current password; the one call left while it must change it.
  defineRoute(app, changePasswordRoute, async ({ input, user, request }) => {
    const actor = { userId: user.id, userAccount: user.user_account };
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    // An old password that does not decrypt answers like a wrong one (no padding oracle).
    const old = input.old_password.length > ENCRYPTED_PASSWORD_MIN_LENGTH ? keys.decrypt(input.old_password) : null;
    if (!row || old === null || !(await verifyPassword(old, row.hash))) {
      await recordAudit(db, request, 'password_change_refused', { ...actor, detail: { reason: 'wrong_old_password' } });
      throw new AppError('VALIDATION', '原密码不正确');
    }
    const next = readPassword(keys, input.new_password);
    await db.transaction(async (tx) => {
      const hash = await acceptNewPassword(tx, next, user.user_account, user.id);
      await storePassword(tx, user.id, hash, false);
      await recordAudit(tx, request, 'password_change', { ...actor, target: `account:${user.id}` });
    });
    return null;
  });
}
