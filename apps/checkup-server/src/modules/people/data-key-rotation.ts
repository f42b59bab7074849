import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { DATA_KEY_FILE_NAME } from '../security/data-key.js';
import { createKeyFile, readKeyFile } from '../security/key-file.js';
import { beginRotation, finishRotation, preparePersonalData, readKeyRecord } from './data-key-record.js';
import { PersonalData } from './personal-data.js';
import { resealPersonalData, type RewriteCount } from './personal-data-rewrite.js';

/** Where the keys of a rotation are: the keys folder's files, or two keys given in the environment. */
export type RotationSource = { kind: 'file'; keysDir: string } | { kind: 'env'; current: Buffer; next: Buffer };

export interface RotationResult {
  from: string;
  to: string;
  resealed: RewriteCount;
  /** File mode: the new key's file and where the old one was kept. */
  keyFile?: string;
  retiredFile?: string;
}

const nextFileOf = (file: string) => `${file}.next`;
const retiredFileOf = (file: string, keyId: string) => `${file}.${keyId}.retired`;

/** Every key file of the folder (current, next, retired), by key id. */
async function keyRing(keysDir: string): Promise<Map<string, PersonalData>> {
  const ring = new Map<string, PersonalData>();
  for (const name of await readdir(keysDir)) {
    if (name !== DATA_KEY_FILE_NAME && !name.startsWith(`${DATA_KEY_FILE_NAME}.`)) continue;
    const key = await readKeyFile(path.join(keysDir, name));
    if (!key) continue;
    const personalData = new PersonalData(key);
    ring.set(personalData.keyId, personalData);
  }
  return ring;
}

/**
 * Re-seals and re-hashes every ID number and phone under a new data key (README: rotating the
 * personal-data key). Every server must be stopped first: one still running would write under the
 * old key. Each step can be repeated, so a run that stopped half-way is simply run again; until it
 * finishes, a server refuses to start (data-key-record.ts).
 *
 * File mode: the new key is written to personal-data.key.next before any row changes; at the end
 * the old key is kept as personal-data.key.<id>.retired (old database backups need it) and the new
 * one becomes personal-data.key.
 */
export async function rotateDataKey(db: Db, source: RotationSource): Promise<RotationResult> {
  const file = source.kind === 'file' ? path.join(source.keysDir, DATA_KEY_FILE_NAME) : '';
  let record = await readKeyRecord(db);
  if (!record?.nextKeyId) {
    const current = source.kind === 'env' ? source.current : await readKeyFile(file);
    if (!current) throw new Error(`there is no ${file} to rotate`);
    const { personalData: from } = await preparePersonalData(db, {
      key: current,
      source: source.kind === 'env' ? 'PERSONAL_DATA_KEY' : file,
    });
    const next = new PersonalData(source.kind === 'env' ? source.next : await createKeyFile(nextFileOf(file)));
    if (next.keyId === from.keyId) throw new Error('the new key is the current one');
    await beginRotation(db, from, next);
    record = (await readKeyRecord(db))!;
  }
  const ring =
    source.kind === 'env'
      ? new Map([source.current, source.next].map((key) => new PersonalData(key)).map((k) => [k.keyId, k]))
      : await keyRing(source.keysDir);
  const from = ring.get(record.keyId);
  const next = ring.get(record.nextKeyId!);
  if (!from || !next)
    throw new Error(
      `the rotation from key ${record.keyId} to ${record.nextKeyId} needs both keys; ` +
        (source.kind === 'env'
          ? 'PERSONAL_DATA_KEY and PERSONAL_DATA_KEY_NEW hold others'
          : `one is missing in ${file}*`),
    );

  const resealed = await resealPersonalData(db, from, next);
  const files = source.kind === 'file' ? await swapKeyFiles(file, from) : {};
  await finishRotation(db, next);
  return { from: from.keyId, to: next.keyId, resealed, ...files };
}

/** The old key kept aside for old backups, the new one in its place; either step may have been done. */
async function swapKeyFiles(file: string, from: PersonalData) {
  const retiredFile = retiredFileOf(file, from.keyId);
  const current = await readKeyFile(file);
  if (current && new PersonalData(current).keyId === from.keyId) await rename(file, retiredFile);
  if (await readKeyFile(nextFileOf(file))) await rename(nextFileOf(file), file);
  return { keyFile: file, retiredFile };
}
