import { loadConfig } from '../config.js';
import { rotateDataKey, type RotationSource } from '../modules/people/data-key-rotation.js';
import { decodeKeyText } from '../modules/security/key-file.js';
import { databaseTargetOf, openDatabase } from './client.js';

// A command-line report, not a log: plain lines on stdout (lint keeps console.log out of the server).
const print = (line: string) => process.stdout.write(`${line}\n`);

/** The keys folder's file, or PERSONAL_DATA_KEY with the new key in PERSONAL_DATA_KEY_NEW. */
function sourceOf(config: ReturnType<typeof loadConfig>): RotationSource {
  if (!config.PERSONAL_DATA_KEY) return { kind: 'file', keysDir: config.keysDir };
  const next = decodeKeyText(process.env.PERSONAL_DATA_KEY_NEW ?? '');
  if (!next)
    throw new Error(
      'PERSONAL_DATA_KEY is set: put the new key (base64 of 32 random bytes, e.g. `openssl rand -base64 32`) ' +
        'in PERSONAL_DATA_KEY_NEW, keep a copy, and run this again',
    );
  return { kind: 'env', current: config.PERSONAL_DATA_KEY, next };
}

/**
 * npm run keys:rotate-data — re-seals every ID number and phone under a new personal-data key
 * (modules/people/data-key-rotation.ts). Stop every checkup server first.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const source = sourceOf(config);
  const target = databaseTargetOf(config);
  print(
    `rotating the personal-data key of ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${target.dir}`}`,
  );
  const database = await openDatabase(target);
  try {
    const started = performance.now();
    const result = await rotateDataKey(database.db, source);
    const { customers, companies, reportDeliveries, reportHandovers = 0, reportNotices = 0 } = result.resealed;
    print(`rotated from key ${result.from} to ${result.to} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    print(
      `  re-sealed: ${customers} examinees, ${companies} companies, ${reportDeliveries} report deliveries, ${reportHandovers} pick-ups, ${reportNotices} notices`,
    );
    if (result.keyFile) {
      print(`  new key:  ${result.keyFile} — back it up now, beside the database backups`);
      print(`  old key:  ${result.retiredFile} — keep it as long as database backups from before today`);
    } else {
      print('  now set PERSONAL_DATA_KEY to the value of PERSONAL_DATA_KEY_NEW, keeping the old one for old backups');
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`keys:rotate-data: ${(error as Error).message}`);
  return 1;
});
