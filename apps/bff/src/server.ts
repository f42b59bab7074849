import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { buildKioskApp } from './kiosk/app.js';
import { createLogger } from './logging.js';
import { httpsOptions } from './tls.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const staff = await buildApp(config, { log, ...httpsOptions(config) });
const kiosk = await buildKioskApp(config, { log: createLogger(config.LOG_LEVEL, { name: 'kiosk' }) });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'bff stopping');
  await Promise.all([staff.close(), kiosk.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const staffUrl = await staff.listen({ host: config.BFF_HOST, port: config.BFF_PORT });
const kioskUrl = await kiosk.listen({ host: config.KIOSK_HOST, port: config.KIOSK_PORT });
log.info({ staff: staffUrl, kiosk: kioskUrl }, 'bff listening');
