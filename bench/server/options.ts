import { parseArgs } from 'node:util';
import { adminDatabaseUrl, benchCli, progressLog } from '../shared/cli.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '1,8' },
    databases: { type: 'string', default: 'pglite,postgres' },
    // PostgreSQL's autovacuum does it within minutes of a bulk load; PGlite has no autovacuum.
    analyze: { type: 'string', default: 'postgres' },
    seed: { type: 'string', default: '2026' },
  },
});

const { fail, databaseList } = benchCli('bench:server');

const isWhole = (n: number, min: number) => Number.isInteger(n) && n >= min;

export const options = {
  orders: Number(args.orders),
  seed: Number(args.seed),
  seconds: Number(args.seconds),
  warmupSeconds: Number(args.warmup),
  /** Closed-loop clients per measurement, lowest first; each level is measured and checked. */
  connections: [...new Set(args.connections.split(',').map(Number))].sort((a, b) => a - b),
  databases: databaseList('databases', args.databases),
  analyze: new Set(databaseList('analyze', args.analyze)),
  /** A role that may CREATE DATABASE; each run makes its own bench_server_<random> and drops it. */
  adminUrl: adminDatabaseUrl(),
};

if (!isWhole(options.orders, 1)) fail('--orders must be a whole number ≥ 1');
if (!isWhole(options.seed, 0)) fail('--seed must be a whole number');
if (!options.connections.every((c) => isWhole(c, 1))) fail('--connections must be whole numbers ≥ 1, e.g. 1,8');
if (!(options.seconds > 0)) fail('--seconds must be a positive number');
if (!(options.warmupSeconds >= 0)) fail('--warmup must be 0 or more seconds');
if (options.databases.length === 0) fail('--databases names no database');

/** A progress line, stamped with the time since the start (seeding takes minutes). */
export const log = progressLog();

export const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
