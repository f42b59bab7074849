import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Secret files are base64 of at least this many bytes; a generated one is exactly this long. */
export const KEY_FILE_MIN_BYTES = 32;

/** Base64 of at least KEY_FILE_MIN_BYTES bytes, or null. */
export function decodeKeyText(base64: string): Buffer | null {
  const text = base64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const secret = Buffer.from(text, 'base64');
  return secret.length >= KEY_FILE_MIN_BYTES ? secret : null;
}

/**
 * Reads a secret file; null when there is none. A file that exists but is malformed stops the
 * caller: replacing it would silently lose what the old secret protects.
 */
export async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = decodeKeyText(text);
  if (!secret) throw new Error(`checkup-server: ${file} must hold at least ${KEY_FILE_MIN_BYTES} bytes in base64`);
  return secret;
}

/**
 * Writes a new random secret to `file` (owner-only, in an owner-only folder) unless the file exists,
 * and answers what the file then holds. Written aside, then linked into place: a second process
 * doing the same at the same moment either finds the complete file or loses the link race and reads
 * the winner's (STYLE anti-patterns: no committed secrets, so each install generates its own).
 */
export async function createKeyFile(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(KEY_FILE_MIN_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const written = await readKeyFile(file);
  if (!written) throw new Error(`checkup-server: ${file} vanished while it was being created`);
  return written;
}

/** The secret in `file`, generated on first start. */
export async function loadOrCreateKeyFile(file: string): Promise<Buffer> {
  return (await readKeyFile(file)) ?? createKeyFile(file);
}
