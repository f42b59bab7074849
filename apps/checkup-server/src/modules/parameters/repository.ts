import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parameters } from '../../db/schema.js';

export async function getParameterValue(db: Db, paramCode: string): Promise<unknown> {
  const rows = await db.select().from(parameters).where(eq(parameters.paramCode, paramCode)).limit(1);
  return rows[0]?.paramValue;
}
