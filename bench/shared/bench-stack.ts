import { startStack, type Stack } from '@checkup/launcher';
import { freePort, onStop } from './processes.js';

/**
 * The whole product (checkup server, BFF, kiosk port) on free ports over a bench's own database,
 * seeded with the catalogue and accounts but no demo visits; stopped with the bench.
 */
export async function startBenchStack(db: { dataDir: string; databaseUrl?: string }): Promise<Stack> {
  const stack = await startStack({
    checkupPort: await freePort(),
    bffPort: await freePort(),
    kioskPort: await freePort(),
    bffHost: '127.0.0.1',
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    logLevel: 'warn',
    env: { SEED_ORDERS: '0' },
    // Start-up on a busy machine (other sessions' tests) can take longer than the launcher's 30 s.
    readyTimeoutMs: 180_000,
  });
  onStop(() => stack.stop());
  return stack;
}
