import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import {
  AppError,
  accountOptionsRoute,
  accountResource,
  resetPasswordRoute,
  signatureImageRoute,
  signatureImageUrl,
  unlockAccountRoute,
  uploadSignatureRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, roles, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import type { PasswordKeys } from '../auth/keys.js';
import { acceptNewPassword, readPassword, storePassword } from '../auth/password-policy.js';
import { readStoredFile, storeFile } from '../files/file-store.js';
import { accountBinding, SIGNATURE_PURPOSE } from './account.js';

/**
 * Whether an image has what the report's PDF needs to place it (a PNG's header chunk, a JPEG's frame):
 * a signature that cannot be drawn would stop every report its account signed from printing.
 */
function readableImage(data: Buffer, type: string): boolean {
  if (type === 'image/png') return data.length > 24 && data.subarray(12, 16).toString('latin1') === 'IHDR';
  for (let i = 2; i + 1 < data.length; i += 1) {
    if (data[i] === 0xff && [0xc0, 0xc1, 0xc2].includes(data[i + 1]!)) return true;
  }
  return false;
}

/** 账号管理 (issue 21): the accounts, 重置密码, 解锁, the form's choices and the signature image. */
export async function accountRoutes(app: FastifyInstance, opts: { db: Db; keys: PasswordKeys }) {
  const { db, keys } = opts;
  serveResource(app, db, accountResource, accountBinding(keys));

  async function accountOf(reader: Db, userId: number) {
    const [user] = await reader
      .select({ id: users.id, account: users.userAccount })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError('RECORD_NOT_FOUND', '该账号不存在或已被删除');
    return user;
  }

  // 重置密码: a temporary password the policy accepts; the account must change it at its next login.
  defineRoute(app, resetPasswordRoute, async ({ input, user, request }) => {
    const password = readPassword(keys, input.password);
    await db.transaction(async (tx) => {
      const target = await accountOf(tx, input.user_id);
      const hash = await acceptNewPassword(tx, password, target.account, target.id);
      await storePassword(tx, target.id, hash, true);
      await recordAudit(tx, request, 'password_reset', {
        userId: user.id,
        userAccount: user.user_account,
        target: `account:${target.id}`,
        detail: { user_account: target.account },
      });
    });
    return null;
  });

  // 解锁: from 账号管理 and from 后端日志's login log.
  defineRoute(app, unlockAccountRoute, async ({ input, user, request }) => {
    await db.transaction(async (tx) => {
      const target = await accountOf(tx, input.user_id);
      await tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, target.id));
      await recordAudit(tx, request, 'account_unlock', {
        userId: user.id,
        userAccount: user.user_account,
        target: `account:${target.id}`,
        detail: { user_account: target.account },
      });
    });
    return null;
  });

  defineRoute(app, accountOptionsRoute, async () => {
    const [roleRows, deptRows] = await Promise.all([
      db
        .select({ id: roles.id, role_name: roles.roleName, enabled: roles.isActive })
        .from(roles)
        .orderBy(asc(roles.sort), asc(roles.id)),
      db
        .select({ id: departments.id, dept_name: departments.deptName, enabled: departments.isActive })
        .from(departments)
        .orderBy(asc(departments.sort), asc(departments.id)),
    ]);
    return { roles: roleRows, depts: deptRows };
  });

  // The image is kept with the account when the form is saved (signature_file_id).
  defineUploadRoute(app, uploadSignatureRoute, async ({ file, contentType, user, request }) => {
    if (!readableImage(file.data, contentType))
      throw new AppError('VALIDATION', '签名图片无法读取，请重新扫描或拍照后上传');
    const fileId = await storeFile(db, request, user, {
      purpose: SIGNATURE_PURPOSE,
      ownerRef: 'account',
      file,
      contentType,
    });
    return { file_id: fileId, url: signatureImageUrl(fileId) };
  });

  app.get(signatureImageRoute.path, { config: { access: signatureImageRoute.access } }, async (request, reply) => {
    const parsed = signatureImageRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const file = await readStoredFile(db, parsed.data.id, SIGNATURE_PURPOSE);
    if (!file) throw new AppError('RECORD_NOT_FOUND', '签名图片不存在或已被删除');
    return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(file.content);
  });
}
