import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './seed-args.js';
import { DEFAULT_DEMO_SEED } from './seed-orders.js';

describe('parseSeedArgs', () => {
  it('reads the order count, the seed and the day', () => {
    expect(parseSeedArgs(['--orders', '1000', '--seed', '7', '--today', '2026-03-16'])).toEqual({
      orders: 1000,
      seed: 7,
      today: '2026-03-16',
    });
    expect(parseSeedArgs(['--orders=5'])).toEqual({ orders: 5, seed: DEFAULT_DEMO_SEED, today: undefined });
  });

  it.each([
    [[], '--orders is required'],
    [['--orders', 'many'], '--orders must be a whole number, not "many"'],
    [['--orders=-3'], '--orders must be a whole number, not "-3"'],
    [['--orders', '10', '--seed', '1.5'], '--seed must be a whole number, not "1.5"'],
    [['--orders', '10', '--today', '2026-02-30'], '--today must be a date YYYY-MM-DD, not "2026-02-30"'],
  ])('explains what is wrong with %j', (argv, error) => {
    expect(parseSeedArgs(argv)).toEqual({ error });
  });

  it('refuses an unknown option', () => {
    expect(parseSeedArgs(['--orders', '1', '--fast'])).toMatchObject({ error: expect.stringContaining("'--fast'") });
  });
});
