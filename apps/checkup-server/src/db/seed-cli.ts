import { loadConfig } from '../config.js';
import { preparePersonalData } from '../modules/people/data-key-record.js';
import { loadDataKey } from '../modules/security/data-key.js';
import { databaseTargetOf, openDatabase } from './client.js';
import { parseSeedArgs, SEED_USAGE } from './demo/seed-args.js';
import { seedDemoHistory } from './demo/history.js';
import { seedDemoOrders } from './demo/seed-orders.js';
import { refreshStatistics } from '../modules/bi/refresh.js';
import { seedDemoData } from './seed.js';

// A command-line report, not a log: plain lines on stdout (lint keeps console.log out of the server).
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Adds demo orders to the database the server uses: npm run seed -- --orders N (see demo/seed-args.ts). */
async function main(): Promise<number> {
  const args = parseSeedArgs(process.argv.slice(2));
  if ('help' in args) {
    print(SEED_USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`seed: ${args.error}\n\n${SEED_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const target = databaseTargetOf(config);
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${target.dir}`;
  if ('refresh' in args) {
    const database = await openDatabase(target);
    try {
      const started = performance.now();
      const stats = await refreshStatistics(database.db);
      print(
        `statistics of ${where} refreshed (${stats.visits} visits, ${stats.lines} lines) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }
  const { history } = args;
  print(
    history
      ? `seeding ${history.days} days of history, about ${Math.round(history.perDay)} visits a working day (seed ${args.seed}), into ${where}`
      : `seeding ${args.orders} demo orders (seed ${args.seed}) into ${where}`,
  );
  const database = await openDatabase(target);
  try {
    const started = performance.now();
    await seedDemoData(database.db);
    print(`  catalogue and demo accounts: ${Math.round(performance.now() - started)} ms`);
    if (history) {
      const result = await seedDemoHistory(database.db, {
        ...history,
        seed: args.seed,
        today: args.today,
        onProgress: print,
      });
      print(`inserted ${result.visits} visits over ${result.days} days in ${(result.ms / 1000).toFixed(1)} s`);
      // In full: the history's visits are dated in the past, so an incremental refresh would not see them.
      const refreshStarted = performance.now();
      const stats = await refreshStatistics(database.db, { full: true });
      print(
        `statistics refreshed (${stats.visits} visits, ${stats.lines} lines) in ${((performance.now() - refreshStarted) / 1000).toFixed(1)} s`,
      );
      return 0;
    }
    // The server's own key (generated here on a first run): the server reads what this writes.
    const { personalData } = await preparePersonalData(database.db, await loadDataKey(config));
    let shown = 0;
    const result = await seedDemoOrders(database.db, {
      orders: args.orders,
      personalData,
      seed: args.seed,
      today: args.today,
      onProgress: (done, total) => {
        if (done === total || done - shown >= total / 10) {
          shown = done;
          print(`  ${done}/${total} orders`);
        }
      },
    });
    const range = result.firstOrderId ? ` (${result.firstOrderId} … ${result.lastOrderId})` : '';
    print(
      `inserted ${result.orders} orders${range} for ${result.customers} new customers in ${(result.ms / 1000).toFixed(1)} s`,
    );
    for (const [table, count] of Object.entries(result.rows)) print(`  ${table.padEnd(18)} ${count}`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`seed: ${(error as Error).message}`);
  return 1;
});
