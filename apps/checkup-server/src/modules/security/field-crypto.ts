import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ENCRYPTED_FIELD_PREFIX } from '@checkup/api-contract';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** AES-256-GCM with a fresh random iv: iv | ciphertext | tag. `aad` is authenticated, not stored. */
export function sealText(plain: string, key: Buffer, aad?: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(aad);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
}

/** The text sealed by sealText, or null when the bytes are not intact under this key and aad. */
export function openText(sealed: Buffer, key: Buffer, aad?: Buffer): string | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return utf8.decode(plain);
  } catch {
    return null;
  }
}

/** Base64url text as Buffer, or null when it is not base64url. */
export function fromBase64Url(encoded: string): Buffer | null {
  return /^[A-Za-z0-9_-]*$/.test(encoded) ? Buffer.from(encoded, 'base64url') : null;
}

/**
 * A field value as the BFF encrypts it (spec §7 api_encrypt_fields): ENCRYPTED_FIELD_PREFIX +
 * base64url(iv | ciphertext | tag), AES-256-GCM, a fresh random iv each time.
 */
export function encryptField(plain: string, key: Buffer): string {
  return `${ENCRYPTED_FIELD_PREFIX}${sealText(plain, key).toString('base64url')}`;
}

/** The plain value, or null when the value is not an intact ciphertext under this key. */
export function decryptField(value: string, key: Buffer): string | null {
  if (!value.startsWith(ENCRYPTED_FIELD_PREFIX)) return null;
  const sealed = fromBase64Url(value.slice(ENCRYPTED_FIELD_PREFIX.length));
  return sealed && openText(sealed, key);
}
