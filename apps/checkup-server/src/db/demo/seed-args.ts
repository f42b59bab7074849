import { parseArgs } from 'node:util';
import { isValidDay } from './dates.js';
import { DEFAULT_DEMO_SEED } from './seed-orders.js';

/** A larger --orders is a history: a centre's years, not 60 days, and generated set-based. */
export const HISTORY_THRESHOLD = 200_000;
export const DEFAULT_HISTORY_DAYS = 90;
export const DEFAULT_HISTORY_PER_DAY = 40;
/** Visits a history day takes on average, relative to --per-day (Saturdays and Sundays are quieter). */
const MEAN_DAY_LOAD = 5.7 / 7;

/** The command line of src/db/seed-cli.ts. */
export const SEED_USAGE = `usage: npm run seed -- --orders N [--seed S] [--today YYYY-MM-DD]
       npm run seed -- --history [--days D] [--per-day P | --orders N] [--seed S] [--today YYYY-MM-DD]
       npm run seed -- --refresh

  --orders N     demo orders to add (whole number, 0 or more); above ${HISTORY_THRESHOLD.toLocaleString('en')} they are
                 a history (as --history), spread over about N / 900 days
  --seed S       generator seed (default ${DEFAULT_DEMO_SEED}); the same seed on the same database gives the same data
  --today D      the day the last 60 days are counted back from (default: today, China Standard Time)
  --history      past days ending yesterday, every visit finished, paid and its day closed (统计分析's data),
                 written set-based (demo/history.ts)
  --days D       days of history (default ${DEFAULT_HISTORY_DAYS}, or N / 900 for --orders N)
  --per-day P    mean visits a working day (default ${DEFAULT_HISTORY_PER_DAY}, or what makes N orders)
  --refresh      only bring 统计分析's aggregate tables up to date (what the job does every 10 minutes, without
                 the BFF's time limit): every visit when they were never filled, every day's rollups when
                 those are empty (a database from before them)

Uses DATABASE_URL when set, otherwise PGlite in $DATA_DIR/pglite (default ./data). A PGlite
directory is one process's at a time: stop the server before seeding it.`;

export interface SeedArgs {
  orders: number;
  seed: number;
  today?: string;
  /** Set for --history (or a year-scale --orders): days and mean visits per working day. */
  history?: { days: number; perDay: number; visits?: number };
}

/** How a history of `orders` visits is spread: about 900 a day, never fewer days than the default. */
export function historyShape(orders: number | undefined, days: number | undefined, perDay: number | undefined) {
  if (orders === undefined) return { days: days ?? DEFAULT_HISTORY_DAYS, perDay: perDay ?? DEFAULT_HISTORY_PER_DAY };
  const spread = days ?? Math.max(DEFAULT_HISTORY_DAYS, Math.ceil(orders / 900));
  return { days: spread, perDay: orders / (spread * MEAN_DAY_LOAD), visits: orders };
}

/** The arguments, or the problem with them. */
export function parseSeedArgs(argv: string[]): SeedArgs | { help: true } | { refresh: true } | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        orders: { type: 'string' },
        seed: { type: 'string' },
        today: { type: 'string' },
        history: { type: 'boolean' },
        days: { type: 'string' },
        'per-day': { type: 'string' },
        refresh: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { help: true };
  if (values.refresh) {
    return Object.keys(values).length === 1 ? { refresh: true } : { error: '--refresh takes no other option' };
  }
  if (values.orders === undefined && !values.history) return { error: '--orders is required' };
  if (values.orders !== undefined && !/^\d+$/.test(values.orders))
    return { error: `--orders must be a whole number, not "${values.orders}"` };
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    return { error: `--seed must be a whole number, not "${values.seed}"` };
  if (values.today !== undefined && !isValidDay(values.today))
    return { error: `--today must be a date YYYY-MM-DD, not "${values.today}"` };
  const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
  if (seed > 0xffffffff) return { error: '--seed must be below 4294967296' };
  for (const name of ['days', 'per-day'] as const) {
    const value = values[name];
    if (value !== undefined && !/^[1-9]\d*$/.test(value))
      return { error: `--${name} must be a whole number ≥ 1, not "${value}"` };
  }
  const orders = values.orders === undefined ? undefined : Number(values.orders);
  if (!values.history && orders! <= HISTORY_THRESHOLD) return { orders: orders!, seed, today: values.today };
  const days = values.days === undefined ? undefined : Number(values.days);
  const perDay = values['per-day'] === undefined ? undefined : Number(values['per-day']);
  return { orders: orders ?? 0, seed, today: values.today, history: historyShape(orders, days, perDay) };
}
