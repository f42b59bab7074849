import type { Db } from '../../src/db/client.js';
import { roles, userRoles, users } from '../../src/db/schema.js';
import { createSession } from '../../src/modules/auth/session-repository.js';

/**
 * An account whose role opens exactly `menu`, of every department and allowed to see confidential
 * persons (so only the rule under test decides), with a live session: answers its upstream token.
 * Sessions are made directly: a login per account would make the registry suites slow for nothing.
 */
export async function staffSession(db: Db, account: string, menu: string[]): Promise<string> {
  const [role] = await db
    .insert(roles)
    .values({ roleName: `权限-${account}`, roleKey: `t_${account}`, roleMenu: menu })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(users)
    .values({
      userAccount: account,
      userName: account,
      passwordHash: 'unused',
      specialFlag: '1',
      allDepts: true,
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  return createSession(db, user!.id);
}
