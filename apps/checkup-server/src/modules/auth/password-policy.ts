import { desc, eq, sql } from 'drizzle-orm';
import { AppError, ENCRYPTED_PASSWORD_MIN_LENGTH } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { passwordHistory, users } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import type { PasswordKeys } from './keys.js';
import { hashPassword, verifyPassword } from './password.js';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 64;
/** A new password may not be one of the account's last this many. */
export const PASSWORD_HISTORY_DEPTH = 5;

const CHARACTER_CLASSES = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/];

/**
 * The password policy's rules of the password itself (issue 21): at least 8 characters, three of
 * upper case, lower case, digits and symbols, and not containing the account. Null when it passes.
 */
export function passwordRuleProblem(password: string, account: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `密码长度不能少于${PASSWORD_MIN_LENGTH}位`;
  if (password.length > PASSWORD_MAX_LENGTH) return `密码长度不能超过${PASSWORD_MAX_LENGTH}位`;
  if (CHARACTER_CLASSES.filter((c) => c.test(password)).length < 3)
    return '密码须包含大写字母、小写字母、数字和符号中的至少三种';
  if (account && password.toLowerCase().includes(account.toLowerCase())) return '密码不能包含账号';
  return null;
}

/** A password field as the browser sent it, RSA-encrypted (spec §5); refused when it does not decrypt. */
export function readPassword(keys: PasswordKeys, encrypted: string): string {
  const password = encrypted.length > ENCRYPTED_PASSWORD_MIN_LENGTH ? keys.decrypt(encrypted) : null;
  if (password === null) throw new AppError('PASSWORD_UNREADABLE');
  return password;
}

/**
 * The one check of a new password (account create, 重置密码, 修改密码): the rules above, and, for an
 * existing account, not its current password nor one of its last five. Answers the new hash.
 */
export async function acceptNewPassword(
  db: Db | Tx,
  password: string,
  account: string,
  userId?: number,
): Promise<string> {
  const problem = passwordRuleProblem(password, account);
  if (problem) throw new AppError('VALIDATION', problem);
  if (userId !== undefined) {
    const [history, current] = await Promise.all([
      db
        .select({ hash: passwordHistory.passwordHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.userId, userId))
        .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
        .limit(PASSWORD_HISTORY_DEPTH),
      db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)),
    ]);
    for (const { hash } of [...current, ...history]) {
      if (await verifyPassword(password, hash))
        throw new AppError('VALIDATION', `新密码不能与最近${PASSWORD_HISTORY_DEPTH}次使用过的密码相同`);
    }
  }
  return hashPassword(password);
}

/**
 * Sets an account's password (its hash kept in the history) and whether it must be changed at the
 * next login; a new password also ends a lock.
 */
export async function storePassword(tx: Tx, userId: number, hash: string, mustChange: boolean): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash: hash,
      mustChangePassword: mustChange,
      passwordChangedAt: sql`now()`,
      failedLogins: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, userId));
  await tx.insert(passwordHistory).values({ userId, passwordHash: hash });
}
