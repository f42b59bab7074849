import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { moneyText } from '@checkup/api-contract';
import { openDatabase, type Database } from '../../apps/checkup-server/src/db/client.js';
import { invoices, payments, users } from '../../apps/checkup-server/src/db/schema.js';
import { closeCashierDayEnd } from '../../apps/checkup-server/src/modules/finance-day-end/day-end-service.js';
import { openTotals, storedOf, totalsOut } from '../../apps/checkup-server/src/modules/finance-day-end/totals.js';
import { DATABASE_LABELS, preparePostgres, type DatabaseKind } from '../server/databases.js';
import { adminDatabaseUrl, benchCli, progressLog } from '../shared/cli.js';
import { installCleanup, removeOnExit, stopAll } from '../shared/processes.js';
import { median } from '../shared/stats.js';

/**
 * bench:day-end (issue 23): a cashier's day-end over 5,000 open payment lines (and 200 invoices), the
 * preview and the close, called as the route handlers call them, on PGlite and, with
 * `--databases pglite,postgres`, on PostgreSQL. The lines are seeded by direct inserts.
 */
const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    databases: { type: 'string', default: 'pglite' },
  },
});
const { fail, databaseList } = benchCli('bench:day-end');
const whole = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number ≥ 1`);
  return n;
};
const LINES = whole('lines', args.lines);
const RUNS = whole('runs', args.runs);
const DATABASES = databaseList('databases', args.databases);
/** The limit: a day-end over 5,000 lines in at most 1 s. */
const LIMIT_MS = 1000;
const INVOICES = 200;
const METHODS = ['cash', 'wechat', 'alipay', 'card', 'transfer', 'exam_card', 'company', 'on_account'];
const log = progressLog();

/** A fresh cashier with `LINES` open lines (one in ten a refund) and `INVOICES` invoices, a few voided. */
async function seedCashier(db: Database['db'], run: number) {
  const [user] = await db
    .insert(users)
    .values({ userAccount: `bench_cashier_${run}_${Date.now()}`, userName: `日结压测${run}`, passwordHash: 'unused' })
    .returning({ id: users.id });
  const operatorId = user!.id;
  const refunds = Math.floor(LINES / 10);
  const charges = LINES - refunds;
  const ids: number[] = [];
  for (let from = 0; from < charges; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, charges - from) }, (_, i) => {
      const n = from + i;
      const settlement = n % 3 === 0;
      return {
        purpose: settlement ? 'settlement' : 'advance',
        settlementId: settlement ? 1 + (n % 50) : null,
        companyAccountId: settlement ? null : 1 + (n % 50),
        amount: moneyText(100 + ((n * 7919) % 99_900)),
        payMethod: METHODS[n % METHODS.length]!,
        operatorId,
      };
    });
    ids.push(...(await db.insert(payments).values(rows).returning({ id: payments.id })).map((r) => r.id));
  }
  await db.insert(payments).values(
    Array.from({ length: refunds }, (_, i) => ({
      purpose: i % 3 === 0 ? 'settlement' : 'advance',
      settlementId: i % 3 === 0 ? 1 : null,
      companyAccountId: i % 3 === 0 ? null : 1,
      kind: 'refund',
      refundOf: ids[i]!,
      amount: moneyText(-50),
      payMethod: METHODS[i % METHODS.length]!,
      operatorId,
    })),
  );
  await db.insert(invoices).values(
    Array.from({ length: INVOICES }, (_, i) => ({
      invoiceNo: `BENCH-${operatorId}-${i}`,
      scope: 'group',
      title: '压测单位',
      amount: moneyText(10_000 + i),
      issuedBy: operatorId,
      ...(i % 20 === 0 ? { state: 'voided', voidedBy: operatorId, voidedAt: new Date() } : {}),
    })),
  );
  return operatorId;
}

async function measure(kind: DatabaseKind, database: Database) {
  const preview: number[] = [];
  const close: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const cashierId = await seedCashier(database.db, run);
    let started = performance.now();
    const totals = totalsOut(storedOf(await openTotals(database.db, cashierId)));
    preview.push(performance.now() - started);
    started = performance.now();
    await closeCashierDayEnd(database.db, { user: { id: cashierId, user_account: 'bench' }, ip: '127.0.0.1' });
    close.push(performance.now() - started);
    if (totals.line_count !== LINES) throw new Error(`preview counted ${totals.line_count} lines, not ${LINES}`);
    log(
      `  ${DATABASE_LABELS[kind]} run ${run}: preview ${preview.at(-1)!.toFixed(0)} ms, close ${close.at(-1)!.toFixed(0)} ms (${totals.line_count} lines, 总金额 ${totals.total}, 实收 ${totals.received_total})`,
    );
  }
  return { preview: median(preview), close: median(close) };
}

async function main() {
  installCleanup();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-day-end-'));
  removeOnExit(tempDir);
  log(
    `bench:day-end — ${LINES} lines × ${RUNS} runs on ${DATABASES.join(', ')}; load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  const out: string[] = [];
  try {
    for (const kind of DATABASES) {
      let database: Database;
      if (kind === 'postgres') {
        const prepared = await preparePostgres(adminDatabaseUrl(), path.join(tempDir, 'pg'), 'bench_day_end');
        if ('unreachable' in prepared) {
          out.push(`${DATABASE_LABELS[kind]} NOT MEASURED: ${prepared.unreachable}`);
          continue;
        }
        database = await openDatabase({ kind: 'postgres', url: prepared.databaseUrl! });
      } else {
        database = await openDatabase({ kind: 'pglite' });
      }
      try {
        log(`${DATABASE_LABELS[kind]}: migrated; measuring`);
        const m = await measure(kind, database);
        const verdict = (ms: number) => (ms <= LIMIT_MS ? 'met' : 'MISSED');
        out.push(
          `${DATABASE_LABELS[kind].padEnd(10)} preview ${m.preview.toFixed(0)} ms (≤ ${LIMIT_MS} ms: ${verdict(m.preview)})  ` +
            `day-end ${m.close.toFixed(0)} ms (≤ ${LIMIT_MS} ms: ${verdict(m.close)})`,
        );
      } finally {
        await database.close();
      }
    }
    console.log(`\nmedians of ${RUNS} runs, ${LINES} open lines and ${INVOICES} invoices for one cashier each\n`);
    for (const line of out) console.log(line);
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
