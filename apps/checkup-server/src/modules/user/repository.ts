import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Active users by id: only what a picker shows, never a hash or a right. */
export async function listActiveUsers(db: Db) {
  return db
    .select({ id: users.id, user_name: users.userName })
    .from(users)
    .where(eq(users.status, '1'))
    .orderBy(asc(users.id));
}
