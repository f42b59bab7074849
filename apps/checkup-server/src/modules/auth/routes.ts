import type { FastifyInstance } from 'fastify';
import {
  AppError,
  ENCRYPTED_PASSWORD_MIN_LENGTH,
  logoutRoute,
  publicKeyRoute,
  upstreamLoginRoute,
  userInfoRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditEntry } from '../audit/repository.js';
import { defineRoute } from '../../lib/define-route.js';
import type { PasswordKeys } from './keys.js';
import { DUMMY_HASH, verifyPassword } from './password.js';
import { createSession, deleteSession, findUserByAccount, toUserInfo } from './session-repository.js';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; keys: PasswordKeys }) {
  const { db, keys } = opts;

  defineRoute(app, publicKeyRoute, () => ({ public_key: keys.publicKeyPem }));

  defineRoute(app, upstreamLoginRoute, async ({ input, request }) => {
    const audit = (action: string, entry: AuditEntry) => recordAudit(db, request, action, entry);
    // spec §5: the browser sends the password RSA-encrypted; a short value cannot be a ciphertext.
    if (input.password.length <= ENCRYPTED_PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_UNREADABLE');
    // A ciphertext that does not decrypt answers like a wrong password: a distinct answer for bad
    // PKCS#1 v1.5 padding would be a decryption oracle (Bleichenbacher).
    const password = keys.decrypt(input.password);
    const found = await findUserByAccount(db, input.user_account);
    const matches = await verifyPassword(password ?? '', found?.user.passwordHash ?? DUMMY_HASH);
    if (!found || !matches || password === null) {
      await audit('login_failed', { userAccount: input.user_account, detail: { undecryptable: password === null } });
      throw new AppError('WRONG_CREDENTIALS');
    }
    if (found.user.status !== '1') {
      await audit('login_refused_disabled', { userId: found.user.id, userAccount: found.user.userAccount });
      throw new AppError('ACCOUNT_DISABLED');
    }

    const token = await createSession(db, found.user.id);
    await audit('login', { userId: found.user.id, userAccount: found.user.userAccount });
    return { user: toUserInfo(found.user, found.roleMenu ?? []), token };
  });

  defineRoute(app, logoutRoute, async ({ request }) => {
    const userId = request.sessionToken ? await deleteSession(db, request.sessionToken) : undefined;
    if (userId !== undefined) await recordAudit(db, request, 'logout', { userId });
    return null;
  });

  defineRoute(app, userInfoRoute, ({ user }) => user);
}
