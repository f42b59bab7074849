import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function selectRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
