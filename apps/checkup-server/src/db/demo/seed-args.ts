import { parseArgs } from 'node:util';
import { isValidDay } from './dates.js';
import { DEFAULT_DEMO_SEED } from './seed-orders.js';

/** The command line of src/db/seed-cli.ts. */
export const SEED_USAGE = `usage: npm run seed -- --orders N [--seed S] [--today YYYY-MM-DD]

  --orders N     demo orders to add (whole number, 0 or more)
  --seed S       generator seed (default ${DEFAULT_DEMO_SEED}); the same seed on the same database gives the same data
  --today D      the day the last 60 days are counted back from (default: today, China Standard Time)

Uses DATABASE_URL when set, otherwise PGlite in $DATA_DIR/pglite (default ./data). A PGlite
directory is one process's at a time: stop the server before seeding it.`;

export interface SeedArgs {
  orders: number;
  seed: number;
  today?: string;
}

/** The arguments, or the problem with them. */
export function parseSeedArgs(argv: string[]): SeedArgs | { help: true } | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        orders: { type: 'string' },
        seed: { type: 'string' },
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { help: true };
  if (values.orders === undefined) return { error: '--orders is required' };
  if (!/^\d+$/.test(values.orders)) return { error: `--orders must be a whole number, not "${values.orders}"` };
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    return { error: `--seed must be a whole number, not "${values.seed}"` };
  if (values.today !== undefined && !isValidDay(values.today))
    return { error: `--today must be a date YYYY-MM-DD, not "${values.today}"` };
  const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
  if (seed > 0xffffffff) return { error: '--seed must be below 4294967296' };
  return { orders: Number(values.orders), seed, today: values.today };
}
