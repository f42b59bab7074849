import { DATABASE_LABELS, type DatabaseKind } from '../server/databases.js';

const KINDS = Object.keys(DATABASE_LABELS) as DatabaseKind[];

/** A bench's option checks: a bad option ends the run with exit code 2 and the bench's name. */
export function benchCli(bench: string) {
  const fail = (message: string): never => {
    console.error(`${bench}: ${message}`);
    process.exit(2);
  };
  /** --databases / --analyze: a comma list of database kinds, or none. */
  const databaseList = (name: string, value: string): DatabaseKind[] => {
    const list = value === 'none' ? [] : value.split(',');
    const bad = list.filter((k) => !KINDS.includes(k as DatabaseKind));
    if (bad.length) fail(`--${name}: ${bad.join(', ')} is not one of ${KINDS.join(', ')} (or none)`);
    return list as DatabaseKind[];
  };
  return { fail, databaseList };
}

/** A role that may CREATE DATABASE; each run makes its own database and drops it. */
export const adminDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

/** A progress line printer, each line stamped with the time since it was made. */
export function progressLog(): (line: string) => void {
  const started = Date.now();
  return (line) => {
    const s = Math.round((Date.now() - started) / 1000);
    console.log(`[${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}] ${line}`);
  };
}
