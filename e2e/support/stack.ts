import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** A whole product on free ports with a fresh embedded database, as `npm start` runs it. */
export async function startTestStack(): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkup-e2e-'));
  const stack = await startStack({
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
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
