import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENCRYPTED_FIELD_PREFIX } from '@checkup/api-contract';
import { decryptField, encryptField } from './field-crypto.js';

const key = randomBytes(32);

describe('field encryption', () => {
  it.each(['Checkup@2026', '', '张三 ～ 😀', 'x'.repeat(5000)])('decrypts what it encrypted: %j', (plain) => {
    const sealed = encryptField(plain, key);
    expect(sealed.startsWith(ENCRYPTED_FIELD_PREFIX)).toBe(true);
    expect(decryptField(sealed, key)).toBe(plain);
  });

  it('uses a fresh iv, so the same value never encrypts the same way twice', () => {
    expect(encryptField('same', key)).not.toBe(encryptField('same', key));
  });

  it('refuses a ciphertext whose tag was tampered with', () => {
    const sealed = Buffer.from(encryptField('Checkup@2026', key).slice(ENCRYPTED_FIELD_PREFIX.length), 'base64url');
    sealed[sealed.length - 1]! ^= 0x01;
    expect(decryptField(`${ENCRYPTED_FIELD_PREFIX}${sealed.toString('base64url')}`, key)).toBeNull();
  });

  it('refuses a ciphertext whose body was tampered with', () => {
    const sealed = Buffer.from(encryptField('Checkup@2026', key).slice(ENCRYPTED_FIELD_PREFIX.length), 'base64url');
    sealed[12]! ^= 0x01;
    expect(decryptField(`${ENCRYPTED_FIELD_PREFIX}${sealed.toString('base64url')}`, key)).toBeNull();
  });

  it('refuses a ciphertext made under another key', () => {
    expect(decryptField(encryptField('Checkup@2026', randomBytes(32)), key)).toBeNull();
  });

  it.each([
    ['a value without the prefix', 'Checkup@2026'],
    ['a prefix alone', ENCRYPTED_FIELD_PREFIX],
    ['too short to hold iv and tag', `${ENCRYPTED_FIELD_PREFIX}${randomBytes(27).toString('base64url')}`],
    ['characters outside base64url', `${ENCRYPTED_FIELD_PREFIX}${'A'.repeat(40)}+/==`],
  ])('refuses %s', (_case, value) => {
    expect(decryptField(value, key)).toBeNull();
  });
});
