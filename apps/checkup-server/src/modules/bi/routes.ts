import type { FastifyInstance } from 'fastify';
import { biOptionsRoute, biRefreshRoute, biRefreshStateRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';
import { optionsOf } from './options.js';
import { readRefreshState, refreshStatistics } from './refresh.js';
import { serveReportExport } from './report-export.js';
import { serveWorkload } from './workload.js';
import { serveGroupReport } from './group-report-routes.js';
import { serveCustomReports } from './custom-report-routes.js';
import { serveQueryReports } from './query-report.js';
import { serveFinanceReports } from './finance-report.js';

/** 统计分析 (bi, issue 24): every report's calls, and the aggregate tables' refresh. */
export async function biRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, biRefreshStateRoute, () => readRefreshState(db));

  defineRoute(app, biRefreshRoute, async ({ user, request }) => {
    const state = await refreshStatistics(db);
    await recordAudit(db, request, 'bi_refresh', {
      userId: user.id,
      userAccount: user.user_account,
      target: 'bi',
      detail: { ms: state.last_ms, visits: state.visits },
    });
    return state;
  });

  defineRoute(app, biOptionsRoute, ({ input }) => optionsOf(db, input.source));

  serveReportExport(app, db);
  serveWorkload(app, db);
  serveGroupReport(app, db);
  serveCustomReports(app, db);
  serveQueryReports(app, db);
  serveFinanceReports(app, db);
}
