import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_SECRET_FILE_NAME, HKDF_INFO } from '@checkup/api-contract';
import { decodeApiSecret, deriveApiKeys, loadApiSecret } from './api-secret.js';

const folders: string[] = [];
async function scratch() {
  const dir = await mkdtemp(path.join(tmpdir(), 'checkup-secret-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// RFC 5869 written out with HMAC, independent of node's hkdfSync; an empty salt is HashLen zeros.
function rfc5869(secret: Buffer, info: string): Buffer {
  const prk = createHmac('sha256', Buffer.alloc(32)).update(secret).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from(info, 'utf8'), Buffer.from([1])]))
    .digest();
}

describe('shared API secret', () => {
  it('generates 32 random bytes on first start, readable by the owner only, and keeps them', async () => {
    const keysDir = path.join(await scratch(), 'keys');
    const secret = await loadApiSecret(keysDir);
    expect(secret).toHaveLength(32);
    expect((await stat(path.join(keysDir, API_SECRET_FILE_NAME))).mode & 0o777).toBe(0o600);
    expect((await stat(keysDir)).mode & 0o777).toBe(0o700);
    expect(await loadApiSecret(keysDir)).toEqual(secret);
  });

  it('gives one secret to two starts racing on an empty folder', async () => {
    const keysDir = await scratch();
    const [a, b] = await Promise.all([loadApiSecret(keysDir), loadApiSecret(keysDir)]);
    expect(a).toEqual(b);
  });

  it('stops the start rather than replace a malformed secret file the BFF may share', async () => {
    const keysDir = await scratch();
    await writeFile(path.join(keysDir, API_SECRET_FILE_NAME), 'c2hvcnQ=\n');
    await expect(loadApiSecret(keysDir)).rejects.toThrow(/at least 32 bytes/);
  });

  it.each([
    ['31 bytes', randomBytes(31).toString('base64'), false],
    ['32 bytes', randomBytes(32).toString('base64'), true],
    ['64 bytes with a newline', `${randomBytes(64).toString('base64')}\n`, true],
    ['base64url instead of base64', 'A-_'.repeat(16), false],
  ])('accepts a secret of %s: %s', (_case, text, accepted) => {
    expect(decodeApiSecret(text) !== null).toBe(accepted);
  });

  it('derives the signing and encryption keys with HKDF-SHA256 as RFC 5869 defines it', () => {
    const secret = randomBytes(32);
    const keys = deriveApiKeys(secret);
    expect(keys.sign).toEqual(rfc5869(secret, HKDF_INFO.sign));
    expect(keys.encrypt).toEqual(rfc5869(secret, HKDF_INFO.encrypt));
    expect(keys.sign).not.toEqual(keys.encrypt);
  });
});
