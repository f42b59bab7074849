import type { Db } from '../../db/client.js';
import { frontLogs } from '../../db/schema.js';

export type FrontLogEntry = Omit<typeof frontLogs.$inferInsert, 'id' | 'createdAt'>;

export async function insertFrontLog(db: Db, entry: FrontLogEntry): Promise<void> {
  await db.insert(frontLogs).values(entry);
}
