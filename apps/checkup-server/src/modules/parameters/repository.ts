import { asc, eq, sql } from 'drizzle-orm';
import { registrationSettingsSchema, type RegistrationSettings } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { parameters } from '../../db/schema.js';
import { PARAM } from './codes.js';

export async function findParameter(db: Db, paramCode: string) {
  const rows = await db.select().from(parameters).where(eq(parameters.paramCode, paramCode)).limit(1);
  return rows[0];
}

export async function getParameterValue(db: Db, paramCode: string): Promise<unknown> {
  return (await findParameter(db, paramCode))?.paramValue;
}

export async function listParameters(db: Db) {
  return db.select().from(parameters).orderBy(asc(parameters.paramCode));
}

/** Writes a parameter's value (creating it under its name when it was never set) and answers the row. */
export async function saveParameterValue(db: Db, paramCode: string, paramName: string, value: unknown) {
  const [row] = await db
    .insert(parameters)
    .values({ paramCode, paramName, paramValue: value })
    .onConflictDoUpdate({ target: parameters.paramCode, set: { paramValue: value, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** 0140 登记收费设置 as stored, with the defaults (先检后付, to the fen) for what was never set. */
export async function getRegistrationSettings(db: Db): Promise<RegistrationSettings> {
  const parsed = registrationSettingsSchema.safeParse((await getParameterValue(db, PARAM.REGISTRATION)) ?? {});
  return parsed.success ? parsed.data : registrationSettingsSchema.parse({});
}
