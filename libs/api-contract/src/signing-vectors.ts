import type { SignatureInput } from './signing.js';

/**
 * Golden vectors for request signing, used by the tests of this library, the BFF (which signs) and
 * the checkup server (which verifies). `signature` is base64url(HMAC-SHA256(key, stringToSign)) with
 * `key` given as UTF-8 text. A vector is never edited: add a new one instead.
 */
export interface SigningVector {
  name: string;
  /** The raw encoded query string / form body as it travels. */
  encodedQuery: string;
  encodedBody: string;
  input: Omit<SignatureInput, 'pairs'>;
  canonical: string;
  stringToSign: string;
  signature: string;
}

export const SIGNING_TEST_KEY = 'golden-vector-key-not-a-secret';

export const signingVectors: SigningVector[] = [
  {
    name: 'sorted form body with Unicode',
    encodedQuery: '',
    encodedBody: 'user_account=%E5%BC%A0%E4%B8%89&password=abc',
    input: {
      method: 'POST',
      path: '/manager/api/login/login',
      sort: true,
      timestamp: '1795300000000',
      nonce: 'n-0001',
    },
    canonical: 'password=abc&user_account=%E5%BC%A0%E4%B8%89',
    stringToSign: 'POST\n/manager/api/login/login\npassword=abc&user_account=%E5%BC%A0%E4%B8%89\n1795300000000\nn-0001',
    signature: 'IkSMBgFN7FVztmfOEvwfQrBLtlefCSPn__OcqvbbJVE',
  },
  {
    name: "'+' and %20 are both a space; a literal plus is %2B",
    encodedQuery: 'q=a+b&r=a%20b&s=a%2Bb',
    encodedBody: '',
    input: { method: 'GET', path: '/manager/api/order/list', sort: true, timestamp: '1795300000000', nonce: 'n-0002' },
    canonical: 'q=a%20b&r=a%20b&s=a%2Bb',
    stringToSign: 'GET\n/manager/api/order/list\nq=a%20b&r=a%20b&s=a%2Bb\n1795300000000\nn-0002',
    signature: 'MB62ydmG6m2TykMTlLSfF_h5DCN-Bx1UPH6NSW0-Ab8',
  },
  {
    name: 'empty values and keys without =',
    encodedQuery: 'a=&b&c=1',
    encodedBody: '',
    input: { method: 'GET', path: '/manager/api/x', sort: true, timestamp: '1795300000000', nonce: 'n-0003' },
    canonical: 'a=&b=&c=1',
    stringToSign: 'GET\n/manager/api/x\na=&b=&c=1\n1795300000000\nn-0003',
    signature: 'gwB7-Ox_ptA4FiQ-gmV-jDLwITmCa9roS8ZoWCU4BQw',
  },
  {
    name: 'repeated keys keep their order when sorted',
    encodedQuery: 'z=1',
    encodedBody: 'ids=3&a=x&ids=1&ids=2',
    input: { method: 'POST', path: '/manager/api/y', sort: true, timestamp: '1795300000000', nonce: 'n-0004' },
    canonical: 'a=x&ids=3&ids=1&ids=2&z=1',
    stringToSign: 'POST\n/manager/api/y\na=x&ids=3&ids=1&ids=2&z=1\n1795300000000\nn-0004',
    signature: 'MbPv5kXUaqNrI1Zww71MX69rzWCpGGn1XSfcC_vTPZc',
  },
  {
    name: 'unsorted keeps the travelling order',
    encodedQuery: 'b=2&a=1',
    encodedBody: '',
    input: { method: 'GET', path: '/manager/api/z', sort: false, timestamp: '1795300000000', nonce: 'n-0005' },
    canonical: 'b=2&a=1',
    stringToSign: 'GET\n/manager/api/z\nb=2&a=1\n1795300000000\nn-0005',
    signature: 'oA20z4wUkFk5MPfoKx5y4f17i7LvsayXjNQ_17sSA1o',
  },
  {
    name: "reserved characters !'()* and ~ and emoji",
    encodedQuery: 't=%21%27%28%29%2A~._-&e=%F0%9F%98%80',
    encodedBody: '',
    input: { method: 'get', path: '/manager/api/e', sort: true, timestamp: '1795300000000', nonce: 'n-0006' },
    canonical: 'e=%F0%9F%98%80&t=%21%27%28%29%2A~._-',
    stringToSign: 'GET\n/manager/api/e\ne=%F0%9F%98%80&t=%21%27%28%29%2A~._-\n1795300000000\nn-0006',
    signature: 'FdfYTAMrIPsPLep56We2La7x0rFzt_tz5zSs-cnH9ZA',
  },
];
