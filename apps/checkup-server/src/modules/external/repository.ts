import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parameters } from '../../db/schema.js';
import { PARAM } from '../parameters/codes.js';

/** Parameter 0001, locked until the transaction ends so two switches are applied one after the other. */
export async function lockServiceMode(tx: Db): Promise<unknown> {
  const rows = await tx
    .select({ value: parameters.paramValue })
    .from(parameters)
    .where(eq(parameters.paramCode, PARAM.SERVICE_MODE))
    .for('update');
  return rows[0]?.value;
}

export async function writeServiceMode(tx: Db, value: Record<string, unknown>): Promise<void> {
  await tx
    .insert(parameters)
    .values({ paramCode: PARAM.SERVICE_MODE, paramName: '服务模式', paramValue: value })
    .onConflictDoUpdate({ target: parameters.paramCode, set: { paramValue: value, updatedAt: new Date() } });
}
