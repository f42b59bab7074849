import { describe, expect, it } from 'vitest';
import { parseSeedArgs, type SeedArgs } from './seed-args.js';
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

  it('reads a history: its days and visits a working day, or spreads --orders over days', () => {
    expect(parseSeedArgs(['--history', '--days', '91', '--per-day', '2'])).toMatchObject({
      orders: 0,
      history: { days: 91, perDay: 2 },
    });
    expect(parseSeedArgs(['--history'])).toMatchObject({ history: { days: 90, perDay: 40 } });
    // Above 200,000 orders a seed is a history: a million is about three years of 900 a day.
    const year = parseSeedArgs(['--orders', '1000000']) as SeedArgs;
    expect(year.history?.days).toBe(1112);
    expect(Math.round(year.history!.perDay * 1112 * (5.7 / 7))).toBe(1_000_000);
    expect(year.history?.visits).toBe(1_000_000);
    expect(parseSeedArgs(['--orders', '100000'])).not.toHaveProperty('history');
    expect(parseSeedArgs(['--history', '--days', '0'])).toEqual({
      error: '--days must be a whole number ≥ 1, not "0"',
    });
  });

  it('refuses an unknown option', () => {
    expect(parseSeedArgs(['--orders', '1', '--fast'])).toMatchObject({ error: expect.stringContaining("'--fast'") });
  });
});
