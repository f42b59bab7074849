import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { API_SECRET_FILE_NAME, HKDF_INFO } from '@checkup/api-contract';
import { decodeKeyText, KEY_FILE_MIN_BYTES, loadOrCreateKeyFile } from './key-file.js';

/** The shared secret is at least this long; the keys derived from it are exactly this long. */
export const API_SECRET_MIN_BYTES = KEY_FILE_MIN_BYTES;

/** The two keys both servers derive from the shared secret (contract signing.ts). */
export interface ApiKeys {
  /** HMAC-SHA256 key for api_signature (spec §7). */
  sign: Buffer;
  /** AES-256-GCM key for the fields named in api_encrypt_fields (spec §7). */
  encrypt: Buffer;
}

export const decodeApiSecret = decodeKeyText;

/**
 * Reads the secret the BFF shares from the keys folder, generating it on first start like the RSA
 * pair. A file that exists but is malformed stops the start: replacing it would silently break
 * every call the BFF signs with the old one.
 */
export async function loadApiSecret(keysDir: string): Promise<Buffer> {
  return loadOrCreateKeyFile(path.join(keysDir, API_SECRET_FILE_NAME));
}

const derive = (secret: Buffer, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, API_SECRET_MIN_BYTES));

/** HKDF-SHA256 with an empty salt, one info string per purpose, as the BFF derives them. */
export function deriveApiKeys(secret: Buffer): ApiKeys {
  return { sign: derive(secret, HKDF_INFO.sign), encrypt: derive(secret, HKDF_INFO.encrypt) };
}
