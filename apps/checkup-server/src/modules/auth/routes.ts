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
import { auditLog } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import type { PasswordKeys } from './keys.js';
import { DUMMY_HASH, verifyPassword } from './password.js';
import { createSession, deleteSession, findUserByAccount, toUserInfo } from './session-repository.js';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; keys: PasswordKeys }) {
  const { db, keys } = opts;

  defineRoute(app, publicKeyRoute, () => ({ public_key: keys.publicKeyPem }));

  defineRoute(app, upstreamLoginRoute, async ({ input, request }) => {
    // spec §5: the browser sends the password RSA-encrypted; a short value cannot be a ciphertext.
    if (input.password.length <= ENCRYPTED_PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_UNREADABLE');
    const password = keys.decrypt(input.password);
    if (password === null) throw new AppError('PASSWORD_UNREADABLE');

    const found = await findUserByAccount(db, input.user_account);
    const matches = await verifyPassword(password, found?.user.passwordHash ?? DUMMY_HASH);
    if (!found || !matches) {
      await db.insert(auditLog).values({
        action: 'login_failed',
        userAccount: input.user_account,
        ip: request.ip,
      });
      throw new AppError('WRONG_CREDENTIALS');
    }
    if (found.user.status !== '1') throw new AppError('ACCOUNT_DISABLED');

    const token = await createSession(db, found.user.id);
    await db.insert(auditLog).values({
      action: 'login',
      userId: found.user.id,
      userAccount: found.user.userAccount,
      ip: request.ip,
    });
    return { user: toUserInfo(found.user, found.roleMenu ?? []), token };
  });

  defineRoute(app, logoutRoute, async ({ request }) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    if (request.user) {
      await db
        .insert(auditLog)
        .values({ action: 'logout', userId: request.user.id, userAccount: request.user.user_account });
    }
    return null;
  });

  defineRoute(app, userInfoRoute, ({ user }) => user);
}
