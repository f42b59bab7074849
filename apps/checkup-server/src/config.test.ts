import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('decodes API_SECRET from base64 when it holds at least 32 bytes', () => {
    const secret = randomBytes(32);
    expect(loadConfig({ API_SECRET: secret.toString('base64') }).API_SECRET).toEqual(secret);
  });

  it('leaves API_SECRET unset so the keys folder supplies it', () => {
    expect(loadConfig({}).API_SECRET).toBeUndefined();
  });

  it('decodes PERSONAL_DATA_KEY as API_SECRET, and refuses a short one', () => {
    const key = randomBytes(32);
    expect(loadConfig({ PERSONAL_DATA_KEY: key.toString('base64') }).PERSONAL_DATA_KEY).toEqual(key);
    expect(() => loadConfig({ PERSONAL_DATA_KEY: randomBytes(31).toString('base64') })).toThrow(
      /PERSONAL_DATA_KEY: must be base64 of at least 32 bytes/,
    );
  });

  it('lists every bad variable at once, a short API_SECRET and a bad REDIS_URL among them', () => {
    expect(() => loadConfig({ API_SECRET: randomBytes(16).toString('base64'), REDIS_URL: 'not a url' })).toThrow(
      /API_SECRET: must be base64 of at least 32 bytes\n {2}REDIS_URL:/,
    );
  });
});
