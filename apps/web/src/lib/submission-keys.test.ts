import { describe, expect, it } from 'vitest';
import { createSubmissionKeys, randomKey } from './submission-keys';

describe('submission keys (issue 17 §2)', () => {
  it('are 128 random bits in hex', () => {
    expect(randomKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(randomKey());
  });

  it('keep one key per call and fields until that sending succeeds', () => {
    const keys = createSubmissionKeys();
    const first = keys.keyFor('/save', 'a=1');
    expect(keys.keyFor('/save', 'a=1')).toBe(first);
    expect(keys.keyFor('/other', 'a=1')).not.toBe(first);
    keys.answered('/save', 'a=1');
    expect(keys.keyFor('/save', 'a=1')).not.toBe(first);
  });

  it('remember only the last twenty unanswered forms', () => {
    const keys = createSubmissionKeys();
    const oldest = keys.keyFor('/save', 'n=0');
    for (let n = 1; n <= 20; n += 1) keys.keyFor('/save', `n=${n}`);
    const newest = keys.keyFor('/save', 'n=20');
    expect(keys.keyFor('/save', 'n=20')).toBe(newest);
    expect(keys.keyFor('/save', 'n=0')).not.toBe(oldest);
  });
});
