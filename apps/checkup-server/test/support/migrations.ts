import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/db/client.js';

interface Journal {
  entries: { tag: string }[];
}

/**
 * A migrations folder holding only the migrations before the one whose tag starts with `number`
 * ('0009'), so a test can write rows as an older version did and then upgrade the database.
 */
export async function migrationsBefore(number: string): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(number));
  if (upTo === -1) throw new Error(`no migration ${number} in ${MIGRATIONS_FOLDER}`);
  const entries = journal.entries.slice(0, upTo);
  const folder = await mkdtemp(path.join(tmpdir(), `checkup-migrations-before-${number}-`));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    await copyFile(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}
