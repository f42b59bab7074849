import path from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig } from './config.js';
import { databaseTargetOf, openDatabase } from './db/client.js';
import { seedDemoHistory } from './db/demo/history.js';
import { seedDemoOrders } from './db/demo/seed-orders.js';
import { refreshStatistics } from './modules/bi/refresh.js';
import { orders } from './db/schema.js';
import { seedDemoData } from './db/seed.js';
import { analyzeIfNeverAnalyzed, scheduleAnalyze } from './db/maintenance.js';
import { buildApp } from './app.js';
import { loggerOptions } from './logging.js';
import { loadPasswordKeys } from './modules/auth/keys.js';
import { preparePersonalData } from './modules/people/data-key-record.js';
import { loadDataKey } from './modules/security/data-key.js';
import { deriveApiKeys, loadApiSecret } from './modules/security/api-secret.js';
import { MemoryNonceStore, type NonceStore } from './modules/security/nonce-store.js';
import { RedisNonceStore } from './modules/security/redis-nonce-store.js';
import { DbIdempotencyStore } from './modules/idempotency/db-store.js';
import { RedisIdempotencyStore } from './modules/idempotency/redis-store.js';
import { JobRunner } from './modules/jobs/job-runner.js';
import { maintenanceJobs, scheduleMaintenanceJobs } from './modules/jobs/maintenance-jobs.js';
import { NOTICE_SMS_JOB, smsNoticeJob } from './modules/report-logistics/notice-service.js';
import { CRM_SMS_JOB, crmSmsJob } from './modules/crm-sms/sms-service.js';
import { loggingReportTransport } from './modules/report/report-transport.js';

const config = loadConfig();
const database = await openDatabase(databaseTargetOf(config));
await seedDemoData(database.db);
const keys = await loadPasswordKeys(config.keysDir);
const apiKeys = deriveApiKeys(config.API_SECRET ?? (await loadApiSecret(config.keysDir)));
// Before serving: a wrong data key stops the start, and plain text from before 0010 is sealed.
const { personalData, sealed } = await preparePersonalData(database.db, await loadDataKey(config));
// A signed call should fail fast rather than wait in ioredis's queue while Redis is away.
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
const nonceStore: NonceStore = redis ? new RedisNonceStore(redis) : new MemoryNonceStore();
const idempotencyStore = redis ? new RedisIdempotencyStore(redis) : new DbIdempotencyStore(database.db);
const app = await buildApp(
  {
    db: database.db,
    keys,
    apiKeys,
    personalData,
    nonceStore,
    idempotencyStore,
    sessionIdleMinutes: config.UPSTREAM_SESSION_IDLE_MINUTES,
    loginLockout: { failures: config.LOGIN_LOCKOUT_FAILURES, minutes: config.LOGIN_LOCKOUT_MINUTES },
    reportBatchDir: path.join(path.resolve(config.DATA_DIR), 'report-batches'),
  },
  { logger: loggerOptions(config.LOG_LEVEL) },
);

if (Object.values(sealed).some((n) => n > 0)) app.log.info(sealed, 'plain ID numbers and phones sealed');

// A first start shows real-looking visits instead of empty screens (issue 4 §4).
if (config.SEED_ORDERS > 0 && (await database.db.$count(orders)) === 0) {
  const seeded = await seedDemoOrders(database.db, { orders: config.SEED_ORDERS, personalData });
  app.log.info({ orders: seeded.orders, customers: seeded.customers, ms: seeded.ms }, 'demo orders seeded');
  // npm start: a history too, closed day by day, and the statistics derived from it at once.
  if (config.SEED_HISTORY_DAYS > 0) {
    const history = await seedDemoHistory(database.db, {
      days: config.SEED_HISTORY_DAYS,
      perDay: config.SEED_HISTORY_PER_DAY,
    });
    const stats = await refreshStatistics(database.db, { full: true });
    app.log.info(
      { visits: history.visits, days: history.days, ms: history.ms, facts: stats.visits },
      'demo history seeded',
    );
  }
}

// PGlite has no autovacuum: statistics at start when missing, then every few hours (db/maintenance.ts).
if (await analyzeIfNeverAnalyzed(database.db)) app.log.info('planner statistics gathered');
const analyzer = scheduleAnalyze(database, (err) => app.log.warn({ err }, 'analyze failed'));

// Background jobs (issue 20): SMS notices at their set time, through the same transport as reports;
// the recurring log and expired-session cleanups (issue 21) queue their own next run.
const jobRunner = new JobRunner({
  db: database.db,
  handlers: {
    ...maintenanceJobs(database.db, config.UPSTREAM_SESSION_IDLE_MINUTES),
    [NOTICE_SMS_JOB]: smsNoticeJob({ db: database.db, personalData, transport: loggingReportTransport(app.log) }),
    [CRM_SMS_JOB]: crmSmsJob({ db: database.db, personalData, transport: loggingReportTransport(app.log) }),
  },
  log: app.log,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'checkup-server stopping');
  if (analyzer) clearInterval(analyzer);
  await jobRunner.stop();
  await app.close();
  await nonceStore.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.CHECKUP_HOST, port: config.CHECKUP_PORT });
await scheduleMaintenanceJobs(database.db);
jobRunner.start();
app.log.info({ database: database.kind }, 'checkup-server ready');
