import os from 'node:os';
import path from 'node:path';
import { failure } from '@checkup/api-contract';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Db } from './db/client.js';
import { requestIdOf } from './lib/request-id.js';
import { authPlugin } from './plugins/auth.js';
import { controlCharactersPlugin } from './plugins/control-characters.js';
import { formBodyPlugin } from './plugins/form-body.js';
import { multipartBodyPlugin } from './plugins/multipart-body.js';
import { httpPlugin, requestLimitOptions } from './plugins/http.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { serverOpLogPlugin } from './plugins/server-op-log.js';
import { backendLogRoutes } from './modules/system-logs/routes.js';
import { jobLogRoutes } from './modules/jobs/routes.js';
import { reminderRoutes } from './modules/reminders/routes.js';
import { crmRoutes } from './modules/crm/routes.js';
import { groupRegisterRoutes } from './modules/group-register/routes.js';
import { custScheduleRoutes } from './modules/crm/cust-schedule-routes.js';
import { groupOrderModule } from './modules/group-order/routes.js';
import { groupListRoutes } from './modules/group-list/routes.js';
import { integrityPlugin } from './plugins/integrity.js';
import { authRoutes, type LoginLockout } from './modules/auth/routes.js';
import type { PasswordKeys } from './modules/auth/keys.js';
import { commondataRoutes } from './modules/commondata/routes.js';
import { logfrontRoutes } from './modules/logfront/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { deptDiagRoutes } from './modules/dept-diag/routes.js';
import { deptExtraRoutes } from './modules/dept-diag/extra-routes.js';
import { examReviewRoutes } from './modules/exam-review/routes.js';
import { exceptionImageRoutes } from './modules/exam-review/exception-image-routes.js';
import { reportRoutes } from './modules/report/routes.js';
import { reportOutputRoutes } from './modules/report/output-routes.js';
import { reportLogisticsRoutes } from './modules/report-logistics/routes.js';
import { crmSmsRoutes } from './modules/crm-sms/routes.js';
import { reportShareRoutes } from './modules/report-share/routes.js';
import { reportBatchRoutes } from './modules/report-batch/routes.js';
import { createReportRenderPool, type ReportRenderPool } from './modules/report-batch/render-pool.js';
import type { ReportTransport } from './modules/report/report-transport.js';
import { selfTemplateRoutes } from './modules/self-template/routes.js';
import { commonConfigRoutes } from './modules/common-config/routes.js';
import { printConfigRoutes } from './modules/print-config/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { accountRoutes } from './modules/user/account-routes.js';
import { packageRoutes } from './modules/package/routes.js';
import { dictItemMatchRoutes } from './modules/dict-item-match/routes.js';
import { companyRoutes } from './modules/company/routes.js';
import { examCardRoutes } from './modules/exam-card/routes.js';
import { reconciliationRoutes } from './modules/reconciliation/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { cashierRoutes } from './modules/cashier/routes.js';
import { biRoutes } from './modules/bi/routes.js';
import { financeDayEndRoutes } from './modules/finance-day-end/routes.js';
import { teamSettlementRoutes } from './modules/team-settlement/routes.js';
import { externalRoutes } from './modules/external/routes.js';
import { criticalValueRoutes } from './modules/critical-values/routes.js';
import { itemExecRoutes } from './modules/item-exec/routes.js';
import { queueRoutes } from './modules/queue/routes.js';
import { queueDisplayRoutes } from './modules/queue/display-routes.js';
import { selfPrintRoutes } from './modules/selfprint/routes.js';
import { dataMonitorRoutes } from './modules/data-monitor/routes.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { examCfgRoutes } from './modules/exam-cfg/routes.js';
import { systemRegisterRoutes } from './modules/system-register/routes.js';
import { deskFlowRoutes } from './modules/desk-flow/routes.js';
import { reviewMgRoutes } from './modules/review-mg/routes.js';
import { roleRoutes } from './modules/roles/role-routes.js';
import { menusHelpRoutes } from './modules/menus-help/routes.js';
import type { PersonalData } from './modules/people/personal-data.js';
import type { ApiKeys } from './modules/security/api-secret.js';
import type { NonceStore } from './modules/security/nonce-store.js';
import { DbIdempotencyStore } from './modules/idempotency/db-store.js';
import type { IdempotencyStore } from './modules/idempotency/store.js';

export interface AppDeps {
  db: Db;
  keys: PasswordKeys;
  /** Wrong passwords in a row that lock an account, and for how long; 5 and 15 minutes unless said. */
  loginLockout?: LoginLockout;
  sessionIdleMinutes: number;
  /** Derived from the secret shared with the BFF (spec §7 signing and field encryption). */
  apiKeys: ApiKeys;
  /** Seals and opens ID numbers and phones at rest (issue 17 §2). */
  personalData: PersonalData;
  nonceStore: NonceStore;
  /** Idempotency-Key answers (issue 17 §2); in the database unless given (Redis when configured). */
  idempotencyStore?: IdempotencyStore;
  /** How long a read of parameter 0002 is reused; tests pass 0 to see their changes at once. */
  securitySettingsTtlMs?: number;
  /** How SMS and e-mail reports are sent; by default they are only logged (issue 8). */
  reportTransport?: ReportTransport;
  /** The queue display stream's heartbeat interval; tests shorten it. */
  queueHeartbeatMs?: number;
  /** Worker threads laying out batch-printed reports (issue 20); one per core unless given. */
  reportRenderPool?: ReportRenderPool;
  /** Where batch-printed reports are kept for the print service; a folder in the system's temp dir unless given. */
  reportBatchDir?: string;
}

const SECURITY_SETTINGS_TTL_MS = 3_000;

/** The checkup server as an app without listen, so tests can use inject (STYLE §2). */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A malformed URL is refused with the envelope too, before any route runs.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      request.log.info({ err: error }, 'request refused before routing');
      reply.status(400).header('x-request-id', request.id).send(failure('BAD_REQUEST'));
    },
    ...requestLimitOptions,
    // The BFF on this machine forwards the browser's address in X-Forwarded-For.
    trustProxy: ['127.0.0.1', '::1'],
    ...options,
  });
  await app.register(formBodyPlugin);
  await app.register(multipartBodyPlugin);
  await app.register(httpPlugin);
  await app.register(integrityPlugin, {
    db: deps.db,
    apiKeys: deps.apiKeys,
    nonceStore: deps.nonceStore,
    settingsTtlMs: deps.securitySettingsTtlMs ?? SECURITY_SETTINGS_TTL_MS,
  });
  await app.register(controlCharactersPlugin);
  await app.register(authPlugin, { db: deps.db, idleMinutes: deps.sessionIdleMinutes });
  await app.register(serverOpLogPlugin, { db: deps.db });
  await app.register(idempotencyPlugin, { store: deps.idempotencyStore ?? new DbIdempotencyStore(deps.db) });
  await app.register(authRoutes, { db: deps.db, keys: deps.keys, lockout: deps.loginLockout });
  await app.register(accountRoutes, { db: deps.db, keys: deps.keys });
  await app.register(commondataRoutes, { db: deps.db });
  await app.register(logfrontRoutes, { db: deps.db });
  await app.register(auditRoutes, { db: deps.db });
  await app.register(backendLogRoutes, { db: deps.db });
  await app.register(jobLogRoutes, { db: deps.db });
  await app.register(reminderRoutes, { db: deps.db });
  await app.register(crmRoutes, { db: deps.db });
  await app.register(groupRegisterRoutes, { db: deps.db, personalData: deps.personalData, keys: deps.keys });
  await app.register(custScheduleRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(groupOrderModule, { db: deps.db });
  await app.register(orderRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(deptDiagRoutes, { db: deps.db });
  await app.register(deptExtraRoutes, { db: deps.db });
  await app.register(examReviewRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(exceptionImageRoutes, { db: deps.db });
  await app.register(reportRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(reportOutputRoutes, {
    db: deps.db,
    personalData: deps.personalData,
    ticketKey: deps.apiKeys.sign,
    transport: deps.reportTransport,
  });
  await app.register(reportLogisticsRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(crmSmsRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(reportBatchRoutes, {
    db: deps.db,
    personalData: deps.personalData,
    ticketKey: deps.apiKeys.sign,
    pool: deps.reportRenderPool ?? createReportRenderPool(),
    dir: deps.reportBatchDir ?? path.join(os.tmpdir(), 'checkup-report-batches'),
  });
  await app.register(reportShareRoutes, {
    db: deps.db,
    personalData: deps.personalData,
    ticketKey: deps.apiKeys.sign,
  });
  await app.register(selfTemplateRoutes, { db: deps.db });
  await app.register(commonConfigRoutes, { db: deps.db });
  await app.register(printConfigRoutes, { db: deps.db });
  await app.register(userRoutes, { db: deps.db });
  await app.register(packageRoutes, { db: deps.db });
  await app.register(dictItemMatchRoutes, { db: deps.db });
  await app.register(companyRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(examCardRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(invoiceRoutes, { db: deps.db });
  await app.register(cashierRoutes, { db: deps.db, personalData: deps.personalData, keys: deps.keys });
  await app.register(financeDayEndRoutes, { db: deps.db });
  await app.register(biRoutes, { db: deps.db });
  await app.register(teamSettlementRoutes, { db: deps.db });
  await app.register(groupListRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(reconciliationRoutes, { db: deps.db });
  await app.register(externalRoutes, { db: deps.db });
  await app.register(criticalValueRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(itemExecRoutes, { db: deps.db, personalData: deps.personalData });
  await app.register(queueRoutes, { db: deps.db });
  await app.register(queueDisplayRoutes, { db: deps.db, heartbeatMs: deps.queueHeartbeatMs });
  await app.register(selfPrintRoutes, {
    db: deps.db,
    personalData: deps.personalData,
    ticketKey: deps.apiKeys.sign,
  });
  await app.register(dataMonitorRoutes, { db: deps.db });
  await app.register(registrationRoutes, {
    db: deps.db,
    personalData: deps.personalData,
    ticketKey: deps.apiKeys.sign,
    keys: deps.keys,
  });
  await app.register(examCfgRoutes, { db: deps.db });
  await app.register(systemRegisterRoutes, { db: deps.db });
  await app.register(deskFlowRoutes, {
    db: deps.db,
    personalData: deps.personalData,
    ticketKey: deps.apiKeys.sign,
  });
  await app.register(roleRoutes, { db: deps.db });
  await app.register(reviewMgRoutes, { db: deps.db, personalData: deps.personalData, keys: deps.keys });
  await app.register(menusHelpRoutes, { db: deps.db });
  return app;
}
