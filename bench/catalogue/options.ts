import { parseArgs } from 'node:util';
import { adminDatabaseUrl, benchCli, progressLog } from '../shared/cli.js';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '5000' },
    unions: { type: 'string', default: '2000' },
    words: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    exports: { type: 'string', default: '3' },
    databases: { type: 'string', default: 'pglite,postgres' },
    // As bench:server: PostgreSQL's autovacuum analyzes a bulk load within minutes; PGlite never does.
    analyze: { type: 'string', default: 'postgres' },
    seed: { type: 'string', default: '2026' },
  },
});

const { fail, databaseList } = benchCli('bench:catalogue');

const whole = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number ≥ ${min}`);
  return n;
};

export const options = {
  scale: {
    items: whole('items', args.items, 1),
    unions: whole('unions', args.unions, 1),
    words: whole('words', args.words, 1),
  },
  seed: whole('seed', args.seed, 0),
  seconds: Number(args.seconds),
  warmupSeconds: Number(args.warmup),
  exports: whole('exports', args.exports, 0),
  databases: databaseList('databases', args.databases),
  analyze: new Set(databaseList('analyze', args.analyze)),
  /** A role that may CREATE DATABASE; each run makes its own bench_catalogue_<random> and drops it. */
  adminUrl: adminDatabaseUrl(),
};

if (!(options.seconds > 0)) fail('--seconds must be a positive number');
if (!(options.warmupSeconds >= 0)) fail('--warmup must be 0 or more seconds');
if (options.databases.length === 0) fail('--databases names no database');

/** A progress line, stamped with the time since the start. */
export const log = progressLog();
