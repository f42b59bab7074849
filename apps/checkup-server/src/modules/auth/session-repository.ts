import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userSessions, users } from '../../db/schema.js';
import type { RoleDataScope, UserInfo } from '@checkup/api-contract';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toUserInfo(user: typeof users.$inferSelect, roleMenu: string[], dataScope: RoleDataScope): UserInfo {
  return {
    id: user.id,
    user_account: user.userAccount,
    user_name: user.userName,
    special_flag: user.specialFlag === '1' ? '1' : '0',
    role_menu: roleMenu,
    all_depts: user.allDepts,
    leader: user.isLeader,
    discount_floor: Number(user.discountFloor),
    must_change_password: user.mustChangePassword,
    data_scope: dataScope,
  };
}

/**
 * What an account may open: the union of the menus of its enabled roles, read on every call, so a
 * role changed in 角色管理 counts at its holders' next call (issue 21).
 */
export const roleMenuOf = () =>
  // "users"."id" written out: drizzle leaves a column unqualified in a query without joins.
  sql<string[]>`(select coalesce(jsonb_agg(distinct m.key order by m.key), '[]'::jsonb)
    from user_roles ur
    join roles r on r.id = ur.role_id and r.is_active
    cross join lateral jsonb_array_elements_text(r.role_menu) as m(key)
    where ur.user_id = "users"."id")`;

/**
 * 数据权限: the widest scope of the account's enabled roles (all, then dept, then self), read on every
 * call as the menus are; an account without an enabled role sees only its own.
 */
export const dataScopeOf = () =>
  sql<RoleDataScope>`(select case when bool_or(r.data_scope = 'all') then 'all'
      when bool_or(r.data_scope = 'dept') then 'dept' else 'self' end
    from user_roles ur
    join roles r on r.id = ur.role_id and r.is_active
    where ur.user_id = "users"."id")`;

export async function findUserByAccount(db: Db, account: string) {
  const rows = await db
    .select({ user: users, roleMenu: roleMenuOf(), dataScope: dataScopeOf() })
    .from(users)
    .where(eq(users.userAccount, account))
    .limit(1);
  return rows[0];
}

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(userSessions).values({ tokenHash: hashToken(token), userId });
  return token;
}

/** The user of a live session, touching its last-seen time; undefined when absent or idle too long. */
export async function findSessionUser(db: Db, token: string, idleMinutes: number): Promise<UserInfo | undefined> {
  const cutoff = new Date(Date.now() - idleMinutes * 60_000);
  const tokenHash = hashToken(token);
  const rows = await db
    .select({ user: users, roleMenu: roleMenuOf(), dataScope: dataScopeOf() })
    .from(userSessions)
    .innerJoin(users, eq(userSessions.userId, users.id))
    .where(and(eq(userSessions.tokenHash, tokenHash), gt(userSessions.lastSeenAt, cutoff), eq(users.status, '1')))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  // The idle clock only needs minute precision: one write a minute per session, not one per call.
  await db
    .update(userSessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(userSessions.tokenHash, tokenHash), lt(userSessions.lastSeenAt, new Date(Date.now() - 60_000))));
  return toUserInfo(row.user, row.roleMenu ?? [], row.dataScope);
}

/** Ends a session; answers whose it was, if it existed. */
export async function deleteSession(db: Db, token: string): Promise<number | undefined> {
  const rows = await db
    .delete(userSessions)
    .where(eq(userSessions.tokenHash, hashToken(token)))
    .returning({ userId: userSessions.userId });
  return rows[0]?.userId;
}

export async function deleteIdleSessions(db: Db, idleMinutes: number): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.lastSeenAt, new Date(Date.now() - idleMinutes * 60_000)));
}
