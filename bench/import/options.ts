import { parseArgs } from 'node:util';
import { adminDatabaseUrl, benchCli, progressLog } from '../shared/cli.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    // PostgreSQL only when given its admin address, as the brief of issue 22 asks; --databases overrides.
    databases: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ? 'pglite,postgres' : 'pglite',
    },
    seed: { type: 'string', default: '2026' },
  },
});

const { fail, databaseList } = benchCli('bench:import');

const whole = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number ≥ ${min}`);
  return n;
};

export const options = {
  rows: whole('rows', args.rows, 1),
  runs: whole('runs', args.runs, 1),
  seed: whole('seed', args.seed, 0),
  databases: databaseList('databases', args.databases),
  adminUrl: adminDatabaseUrl(),
};

if (options.databases.length === 0) fail('--databases names no database');

/** The targets of issue 22: the whole import and 预登记, and the checkup server's memory growth. */
export const TARGETS = { totalSeconds: { pglite: 40, postgres: 20 }, rssGrowthMb: 500 } as const;

export const log = progressLog();
