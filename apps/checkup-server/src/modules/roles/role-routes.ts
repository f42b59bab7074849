import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  AppError,
  roleAddHoldersRoute,
  roleCandidatesRoute,
  roleHoldersRoute,
  roleMenuRoute,
  roleRemoveHoldersRoute,
  roleResource,
  roleSaveMenuRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { escapeLike } from '../../lib/like.js';
import { serveResource, type Tx } from '../../lib/resource/serve-resource.js';
import { assertAdminsRemain } from '../access/admins-remain.js';
import { recordAudit } from '../audit/repository.js';
import { roleBinding } from './role-binding.js';

const GONE = '该角色不存在或已被删除';
const CANDIDATE_LIMIT = 20;

const holderFields = {
  user_id: users.id,
  user_account: users.userAccount,
  user_name: users.userName,
  enabled: sql<boolean>`${users.status} = '1'`,
};

/** An account or name containing the key. */
function accountMatch(key: string | undefined) {
  if (!key) return undefined;
  const pattern = `%${escapeLike(key)}%`;
  return or(ilike(users.userAccount, pattern), ilike(users.userName, pattern));
}

async function menuOf(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: roles.id, role_name: roles.roleName, role_menu: roles.roleMenu, version: roles.version })
    .from(roles)
    .where(eq(roles.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', GONE);
  return row;
}

const actorOf = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });

/**
 * 角色管理 and its detail (issue 21): the role resource, what a role opens, and who holds it. The access
 * check reads the roles at every call, so a change here counts at the holders' next call; a change that
 * would leave no enabled account able to open 角色管理 and 账号管理 is refused and undone.
 */
export async function roleRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  serveResource(app, db, roleResource, roleBinding);

  defineRoute(app, roleMenuRoute, ({ input }) => menuOf(db, input.id));

  defineRoute(app, roleSaveMenuRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const before = await menuOf(tx, input.id);
      const updated = await tx
        .update(roles)
        .set({
          roleMenu: input.role_menu,
          version: sql`${roles.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: user.id,
        })
        .where(and(eq(roles.id, input.id), eq(roles.version, input.version)))
        .returning({ id: roles.id });
      if (updated.length === 0) throw new AppError('CONFLICT', '该角色已被其他用户修改，请刷新后重试');
      await assertAdminsRemain(tx);
      const added = input.role_menu.filter((k) => !before.role_menu.includes(k));
      const removed = before.role_menu.filter((k) => !input.role_menu.includes(k));
      await recordAudit(tx, request, 'role_menu_save', {
        ...actorOf(user),
        target: `role:${input.id}`,
        detail: { role_name: before.role_name, added, removed },
      });
      return menuOf(tx, input.id);
    }),
  );

  defineRoute(app, roleHoldersRoute, async ({ input }) => {
    await menuOf(db, input.id);
    const where = and(eq(userRoles.roleId, input.id), accountMatch(input.key));
    const list = await db
      .select(holderFields)
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(where)
      .orderBy(asc(users.userAccount))
      .limit(input.size)
      .offset((input.page - 1) * input.size);
    const [total] = await db
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(where);
    return { list, total: Number(total?.n ?? 0), page: input.page, size: input.size };
  });

  defineRoute(app, roleCandidatesRoute, async ({ input }) => {
    await menuOf(db, input.id);
    return db
      .select(holderFields)
      .from(users)
      .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, input.id)))
      .where(and(eq(users.status, '1'), isNull(userRoles.userId), accountMatch(input.key)))
      .orderBy(asc(users.userAccount))
      .limit(CANDIDATE_LIMIT);
  });

  defineRoute(app, roleAddHoldersRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const role = await menuOf(tx, input.id);
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, input.user_ids));
      if (found.length !== input.user_ids.length) {
        throw new AppError('VALIDATION', '所选账号不存在或已被删除，请刷新后重选');
      }
      const added = await tx
        .insert(userRoles)
        .values(input.user_ids.map((userId) => ({ userId, roleId: input.id })))
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      await recordAudit(tx, request, 'role_holders_add', {
        ...actorOf(user),
        target: `role:${input.id}`,
        detail: { role_name: role.role_name, user_ids: added.map((r) => r.userId) },
      });
      return { changed: added.length };
    }),
  );

  defineRoute(app, roleRemoveHoldersRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const role = await menuOf(tx, input.id);
      const removed = await tx
        .delete(userRoles)
        .where(and(eq(userRoles.roleId, input.id), inArray(userRoles.userId, input.user_ids)))
        .returning({ userId: userRoles.userId });
      await assertAdminsRemain(tx);
      await recordAudit(tx, request, 'role_holders_remove', {
        ...actorOf(user),
        target: `role:${input.id}`,
        detail: { role_name: role.role_name, user_ids: removed.map((r) => r.userId) },
      });
      return { changed: removed.length };
    }),
  );
}
