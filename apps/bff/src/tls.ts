import { readFileSync } from 'node:fs';
import type { BffConfig } from './config.js';

/**
 * Fastify's https option for the staff port when a certificate and key are configured; nothing
 * otherwise (plain http, as on most hospital intranets). Read once at start-up: a missing or
 * unreadable file stops the gateway with the variable named.
 */
export function httpsOptions(config: Pick<BffConfig, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>): {
  https?: { cert: Buffer; key: Buffer };
} {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return {};
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`bff: ${name} ${file} cannot be read: ${(error as Error).message}`);
    }
  };
  return {
    https: { cert: read('TLS_CERT_FILE', config.TLS_CERT_FILE), key: read('TLS_KEY_FILE', config.TLS_KEY_FILE) },
  };
}
