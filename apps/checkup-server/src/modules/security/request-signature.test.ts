import { describe, expect, it } from 'vitest';
import {
  AppError,
  parsePairs,
  SIGNATURE_WINDOW_MS,
  SIGNING_TEST_KEY,
  signingVectors,
  stringToSign,
  type SigningVector,
} from '@checkup/api-contract';
import { signatureOf, verifySignature } from './request-signature.js';

const key = Buffer.from(SIGNING_TEST_KEY, 'utf8');

function signedRequest(vector: SigningVector, signature = vector.signature, now = Number(vector.input.timestamp)) {
  const extra = new URLSearchParams({
    api_timestamp: vector.input.timestamp,
    api_nonce: vector.input.nonce,
    api_signature: signature,
  }).toString();
  const withExtra = (encoded: string) => (encoded ? `${encoded}&${extra}` : extra);
  const inQuery = vector.input.method.toUpperCase() === 'GET';
  return {
    method: vector.input.method,
    path: vector.input.path,
    rawQuery: inQuery ? withExtra(vector.encodedQuery) : vector.encodedQuery,
    rawBody: inQuery ? vector.encodedBody : withExtra(vector.encodedBody),
    sort: vector.input.sort,
    now,
  };
}

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
  return 'accepted';
};

describe.each(signingVectors)('golden vector: $name', (vector) => {
  it('yields the contract signature from the HMAC of its string to sign', () => {
    const pairs = [...parsePairs(vector.encodedQuery), ...parsePairs(vector.encodedBody)];
    const text = stringToSign({ ...vector.input, pairs });
    expect(text).toBe(vector.stringToSign);
    expect(signatureOf(key, text)).toBe(vector.signature);
  });

  it('is accepted as it travels, signature parameters included', () => {
    expect(verifySignature(key, signedRequest(vector))).toEqual({ nonce: vector.input.nonce });
  });

  it('is refused with one character of its signature changed', () => {
    const wrong = `${vector.signature.slice(0, -1)}${vector.signature.endsWith('A') ? 'B' : 'A'}`;
    expect(codeOf(() => verifySignature(key, signedRequest(vector, wrong)))).toBe('SIGNATURE_INVALID');
  });
});

describe('signature window', () => {
  const vector = signingVectors[0]!;
  const at = Number(vector.input.timestamp);

  it.each([
    ['at the edge of the window in the past', at + SIGNATURE_WINDOW_MS, 'accepted'],
    ['at the edge of the window in the future', at - SIGNATURE_WINDOW_MS, 'accepted'],
    ['just past the window', at + SIGNATURE_WINDOW_MS + 1, 'SIGNATURE_EXPIRED'],
    ['just ahead of the window', at - SIGNATURE_WINDOW_MS - 1, 'SIGNATURE_EXPIRED'],
  ])('judges a timestamp %s', (_case, now, expected) => {
    expect(codeOf(() => verifySignature(key, signedRequest(vector, vector.signature, now)))).toBe(expected);
  });
});

describe('malformed signature parameters', () => {
  const base = { method: 'GET', path: '/manager/api/x', rawBody: '', sort: true, now: 1795300000000 };
  const sign = (rawQuery: string, timestamp: string, nonce: string) =>
    `${rawQuery}&api_timestamp=${timestamp}&api_nonce=${nonce}&api_signature=${signatureOf(
      key,
      stringToSign({ ...base, pairs: parsePairs(rawQuery), timestamp, nonce }),
    )}`;

  it.each([
    ['no signature parameters', 'a=1'],
    ['a timestamp that is not milliseconds', sign('a=1', '2026-11-21', 'n-1')],
    ['an over-long nonce', sign('a=1', '1795300000000', 'n'.repeat(129))],
    ['a second signature parameter', `${sign('a=1', '1795300000000', 'n-1')}&api_nonce=n-2`],
  ])('refuses %s as an invalid signature', (_case, rawQuery) => {
    expect(codeOf(() => verifySignature(key, { ...base, rawQuery }))).toBe('SIGNATURE_INVALID');
  });
});
