import { describe, expect, it } from 'vitest';
import { canonicalParams, parsePairs, stringToSign, withoutSignatureParams } from './signing.js';
import { signingVectors } from './signing-vectors.js';

describe('request signing canonical form', () => {
  it.each(signingVectors.map((v) => [v.name, v] as const))('matches the golden vector: %s', (_name, vector) => {
    const pairs = [...parsePairs(vector.encodedQuery), ...parsePairs(vector.encodedBody)];
    expect(canonicalParams(pairs, vector.input.sort)).toBe(vector.canonical);
    expect(stringToSign({ ...vector.input, pairs })).toBe(vector.stringToSign);
  });

  it('gives the same canonical form whatever order the sorted parameters travel in', () => {
    const a = canonicalParams(parsePairs('b=2&a=1&c=3'), true);
    expect(canonicalParams(parsePairs('c=3&b=2&a=1'), true)).toBe(a);
  });

  it('splits the signature parameters off the others', () => {
    const { pairs, signature } = withoutSignatureParams(
      parsePairs('a=1&api_timestamp=10&api_nonce=n&api_signature=s&b=2'),
    );
    expect(pairs).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(signature).toEqual({ timestamp: '10', nonce: 'n', signature: 's' });
  });
});
