import path from 'node:path';
import { loadOrCreateKeyFile } from './key-file.js';

/** The personal-data key beside the RSA pair and the API secret (README: back it up with the database). */
export const DATA_KEY_FILE_NAME = 'personal-data.key';

export interface DataKey {
  key: Buffer;
  /** Where it came from, for messages: the file, or the environment variable. */
  source: string;
}

/**
 * The key that seals ID numbers and phones (modules/people/personal-data.ts): PERSONAL_DATA_KEY when
 * set, else the file in the keys folder, generated on first start. Losing it loses those columns.
 */
export async function loadDataKey(config: { PERSONAL_DATA_KEY?: Buffer; keysDir: string }): Promise<DataKey> {
  if (config.PERSONAL_DATA_KEY) return { key: config.PERSONAL_DATA_KEY, source: 'PERSONAL_DATA_KEY' };
  const file = path.join(config.keysDir, DATA_KEY_FILE_NAME);
  return { key: await loadOrCreateKeyFile(file), source: file };
}
