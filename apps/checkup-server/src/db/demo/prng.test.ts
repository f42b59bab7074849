import { describe, expect, it } from 'vitest';
import { mixSeed, Rng } from './prng.js';

describe('Rng', () => {
  it('gives the same numbers for the same seed and different ones for another', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const first = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 100 }, () => c.next())).not.toEqual(first);
  });

  it('keeps int within both bounds and reaches each of them', () => {
    const rng = new Rng(1);
    const seen = new Set(Array.from({ length: 2000 }, () => rng.int(3, 7)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('never picks an entry of weight zero and follows the weights roughly', () => {
    const rng = new Rng(7);
    const picks = Array.from({ length: 10_000 }, () =>
      rng.weighted([
        ['a', 1],
        ['b', 3],
        ['never', 0],
      ] as const),
    );
    expect(picks).not.toContain('never');
    expect(picks.filter((p) => p === 'b').length / picks.length).toBeCloseTo(0.75, 1);
  });

  it('samples distinct items', () => {
    const sample = new Rng(9).sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
  });
});

describe('mixSeed', () => {
  it('gives distinct seeds for neighbouring order positions', () => {
    const seeds = new Set(Array.from({ length: 10_000 }, (_, i) => mixSeed(2026, i)));
    expect(seeds.size).toBe(10_000);
  });
});
