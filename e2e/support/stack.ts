import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startStack, type Stack } from '@checkup/launcher';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Today in China Standard Time, the day the demo visits are seeded for. */
export const hospitalDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The product on free ports with the database in dataDir (migrated and seeded at its first start). */
export async function freshStack(dataDir: string): Promise<Stack> {
  return startStack({
    checkupPort: await freePort(),
    bffPort: await freePort(),
    kioskPort: await freePort(),
    bffHost: '127.0.0.1',
    dataDir,
    logLevel: 'warn',
    // The first start migrates and seeds the demo visits; on the shared 2-core machine under load that
    // alone has taken more than the launcher's default 30 s.
    readyTimeoutMs: 75_000,
  });
}

/**
 * A whole product on free ports, as `npm start` runs it, on its own copy of the database the global
 * setup migrated and seeded (support/global-setup.ts): each file starts from the same fresh state.
 */
export async function startTestStack(): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkup-e2e-'));
  // Past midnight the template's demo visits are yesterday's: a first start seeds today's instead.
  if (inject('stackTemplateDay') === hospitalDay()) cpSync(inject('stackTemplate'), dataDir, { recursive: true });
  const stack = await freshStack(dataDir);
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
