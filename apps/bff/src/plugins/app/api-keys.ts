import { hkdfSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { HKDF_INFO } from '@checkup/api-contract';

export interface ApiKeys {
  sign: Buffer;
  encrypt: Buffer;
}

export function deriveApiKeys(secret: Buffer): ApiKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
  return { sign: derive(HKDF_INFO.sign), encrypt: derive(HKDF_INFO.encrypt) };
}

/**
 * The secret shared with the checkup server: API_SECRET, or the file the checkup server wrote on
 * its first start. Read when first needed, so the BFF may start before the file exists.
 */
export interface ApiKeySource {
  /** The keys once read; null before. */
  current(): ApiKeys | null;
  load(): Promise<ApiKeys | null>;
}

export function createApiKeySource(secret: string | undefined, file: string): ApiKeySource {
  let keys: ApiKeys | null = null;
  const load = async () => {
    if (keys) return keys;
    const text = secret ?? (await readFile(file, 'utf8').catch(() => null));
    if (!text) return null;
    const bytes = Buffer.from(text.trim(), 'base64');
    if (bytes.length < 32) return null;
    keys = deriveApiKeys(bytes);
    return keys;
  };
  return { current: () => keys, load };
}
