import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_KEY_FILE_NAME, loadDataKey } from './data-key.js';

const folders: string[] = [];
async function scratch() {
  const dir = await mkdtemp(path.join(tmpdir(), 'checkup-data-key-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('personal-data key', () => {
  it('is generated on first start beside the other keys, readable by the owner only, and kept', async () => {
    const keysDir = path.join(await scratch(), 'keys');
    const first = await loadDataKey({ keysDir });
    const file = path.join(keysDir, DATA_KEY_FILE_NAME);
    expect(first).toEqual({ key: expect.any(Buffer), source: file });
    expect(first.key).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadDataKey({ keysDir })).key).toEqual(first.key);
  });

  it('comes from PERSONAL_DATA_KEY when set, and no file is written', async () => {
    const keysDir = await scratch();
    const key = randomBytes(32);
    expect(await loadDataKey({ keysDir, PERSONAL_DATA_KEY: key })).toEqual({ key, source: 'PERSONAL_DATA_KEY' });
    await expect(stat(path.join(keysDir, DATA_KEY_FILE_NAME))).rejects.toThrow(/ENOENT/);
  });

  it('stops the start rather than replace a malformed key file', async () => {
    const keysDir = await scratch();
    await writeFile(path.join(keysDir, DATA_KEY_FILE_NAME), 'c2hvcnQ=\n');
    await expect(loadDataKey({ keysDir })).rejects.toThrow(/at least 32 bytes/);
  });
});
