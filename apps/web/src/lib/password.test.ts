import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './password';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

describe('encryptPassword', () => {
  it('encrypts with RSA PKCS#1 v1.5 so that the private key recovers the password', async () => {
    const cipher = await encryptPassword('Checkup@2026', publicKey);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cipher.length).toBeGreaterThan(80);
    const key = forge.pki.privateKeyFromPem(privateKey);
    expect(key.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5')).toBe('Checkup@2026');
  });

  it('sends a value longer than 80 characters as it is (already encrypted, spec §5)', async () => {
    const already = 'x'.repeat(81);
    await expect(encryptPassword(already, publicKey)).resolves.toBe(already);
  });

  it('encrypts a value of exactly 80 characters', async () => {
    expect(await encryptPassword('y'.repeat(80), publicKey)).not.toBe('y'.repeat(80));
  });
});
