import { parseArgs } from 'node:util';
import { adminDatabaseUrl, benchCli, progressLog } from '../shared/cli.js';

const { values: args } = parseArgs({
  options: {
    reports: { type: 'string', default: '500' },
    singles: { type: 'string', default: '15' },
    lists: { type: 'string', default: '100' },
    databases: { type: 'string', default: 'pglite,postgres' },
    seed: { type: 'string', default: '2026' },
  },
});

const { fail, databaseList } = benchCli('bench:report');

const whole = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number ≥ ${min}`);
  return n;
};

export const options = {
  /** Final-reviewed visits of one company, all printed in one batch. */
  reports: whole('reports', args.reports, 1),
  /** One report PDF at a time, after two to warm up: the median is the figure. */
  singles: whole('singles', args.singles, 1),
  /** List calls measured idle, one at a time, for the p95 the batch is compared with. */
  lists: whole('lists', args.lists, 10),
  databases: databaseList('databases', args.databases),
  seed: whole('seed', args.seed, 0),
  adminUrl: adminDatabaseUrl(),
};

export const TARGETS = { singleMs: 300, batchSeconds: 90, rssGrowthMb: 1024, listP95Ratio: 3 };

export const log = progressLog();
