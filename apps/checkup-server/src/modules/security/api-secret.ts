import { hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_SECRET_FILE_NAME, HKDF_INFO } from '@checkup/api-contract';

/** The shared secret is at least this long; the keys derived from it are exactly this long. */
export const API_SECRET_MIN_BYTES = 32;

/** The two keys both servers derive from the shared secret (contract signing.ts). */
export interface ApiKeys {
  /** HMAC-SHA256 key for api_signature (spec §7). */
  sign: Buffer;
  /** AES-256-GCM key for the fields named in api_encrypt_fields (spec §7). */
  encrypt: Buffer;
}

export function decodeApiSecret(base64: string): Buffer | null {
  const text = base64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const secret = Buffer.from(text, 'base64');
  return secret.length >= API_SECRET_MIN_BYTES ? secret : null;
}

/**
 * Reads the secret the BFF shares from the keys folder, generating it on first start like the RSA
 * pair (STYLE anti-patterns: no committed secrets). A file that exists but is malformed stops the start:
 * replacing it would silently break every call the BFF signs with the old one.
 */
export async function loadApiSecret(keysDir: string): Promise<Buffer> {
  const file = path.join(keysDir, API_SECRET_FILE_NAME);
  const existing = await readSecretFile(file);
  if (existing) return existing;
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  // Written aside, then linked into place: a second process starting at the same moment either
  // finds the complete file or loses the link race and reads the winner's.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(API_SECRET_MIN_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const written = await readSecretFile(file);
  if (!written) throw new Error(`checkup-server: ${file} vanished while it was being created`);
  return written;
}

async function readSecretFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = decodeApiSecret(text);
  if (!secret) throw new Error(`checkup-server: ${file} must hold at least ${API_SECRET_MIN_BYTES} bytes in base64`);
  return secret;
}

const derive = (secret: Buffer, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, API_SECRET_MIN_BYTES));

/** HKDF-SHA256 with an empty salt, one info string per purpose, as the BFF derives them. */
export function deriveApiKeys(secret: Buffer): ApiKeys {
  return { sign: derive(secret, HKDF_INFO.sign), encrypt: derive(secret, HKDF_INFO.encrypt) };
}
