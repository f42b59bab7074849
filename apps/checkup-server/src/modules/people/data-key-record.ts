import { and, eq, isNotNull, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, personalDataKey } from '../../db/schema.js';
import type { DataKey } from '../security/data-key.js';
import { keyIdOf, PersonalData, sealedPrefix } from './personal-data.js';
import { sealPlainPersonalData } from './personal-data-rewrite.js';

const ROTATE_COMMAND = 'npm run keys:rotate-data';

/** The key id the database's personal data is sealed under, and the one a running rotation moves it to. */
export async function readKeyRecord(db: Db) {
  const [row] = await db.select().from(personalDataKey).where(eq(personalDataKey.id, 1));
  return row;
}

/** A sealed ID number under another key than `keyId`, if there is one. */
async function foreignKeyId(db: Db, keyId: string): Promise<string | null> {
  const [row] = await db
    .select({ sealed: customers.custIdCardEnc })
    .from(customers)
    .where(and(isNotNull(customers.custIdCardEnc), notLike(customers.custIdCardEnc, `${sealedPrefix(keyId)}%`)))
    .limit(1);
  return row?.sealed ? keyIdOf(row.sealed) : null;
}

/**
 * Stops a start whose data key is not the one the database was sealed with (a lost keys folder
 * regenerated, a wrong PERSONAL_DATA_KEY, another site's backup) or while a rotation is unfinished:
 * writing under a second key would leave rows nobody can read. The first start records its key.
 */
export async function checkDataKey(db: Db, personalData: PersonalData, source: string): Promise<void> {
  let record = await readKeyRecord(db);
  if (!record) {
    const other = await foreignKeyId(db, personalData.keyId);
    if (other) throw mismatch(other, personalData.keyId, source);
    await db.insert(personalDataKey).values({ keyId: personalData.keyId }).onConflictDoNothing();
    record = (await readKeyRecord(db))!;
  }
  if (record.nextKeyId)
    throw new Error(
      `checkup-server: a rotation of the personal-data key from ${record.keyId} to ${record.nextKeyId} ` +
        `has not finished; run \`${ROTATE_COMMAND}\` again before starting the server`,
    );
  if (record.keyId !== personalData.keyId) throw mismatch(record.keyId, personalData.keyId, source);
}

function mismatch(recorded: string, loaded: string, source: string): Error {
  return new Error(
    `checkup-server: the personal data in this database is sealed with key ${recorded}, but ${source} ` +
      `holds key ${loaded}. Restore the key backed up with this database (README: personal-data key); ` +
      'without it the ID numbers and phones cannot be read.',
  );
}

/** Marks a rotation to `next` as running; a start refuses until finishRotation. */
export async function beginRotation(db: Db, from: PersonalData, next: PersonalData): Promise<void> {
  await db
    .update(personalDataKey)
    .set({ nextKeyId: next.keyId, updatedAt: sql`now()` })
    .where(and(eq(personalDataKey.id, 1), eq(personalDataKey.keyId, from.keyId)));
}

export async function finishRotation(db: Db, next: PersonalData): Promise<void> {
  await db
    .update(personalDataKey)
    .set({ keyId: next.keyId, nextKeyId: null, updatedAt: sql`now()` })
    .where(and(eq(personalDataKey.id, 1), eq(personalDataKey.nextKeyId, next.keyId)));
}

/**
 * What a start does before serving (server.ts, the seed and rotation commands): checks the data key
 * against the database, then seals any plain text an earlier version left.
 */
export async function preparePersonalData(db: Db, dataKey: DataKey) {
  const personalData = new PersonalData(dataKey.key);
  await checkDataKey(db, personalData, dataKey.source);
  return { personalData, sealed: await sealPlainPersonalData(db, personalData) };
}
