import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { buildKioskApp } from './kiosk/app.js';
import { loggerOptions } from './log-options.js';

const config = loadConfig();
const staff = await buildApp(config, { logger: loggerOptions(config.LOG_LEVEL) });
const kiosk = await buildKioskApp(config, { logger: loggerOptions(config.LOG_LEVEL, 'kiosk') });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  staff.log.info({ signal }, 'bff stopping');
  await Promise.all([staff.close(), kiosk.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await staff.listen({ host: config.BFF_HOST, port: config.BFF_PORT });
await kiosk.listen({ host: config.KIOSK_HOST, port: config.KIOSK_PORT });
