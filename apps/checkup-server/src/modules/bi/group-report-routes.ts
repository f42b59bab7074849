import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  GROUP_REPORT_MESSAGES,
  groupReportChoicesRoute,
  groupReportDetailRoute,
  groupReportGenerateRoute,
  groupReportListRoute,
  groupReportPrintRoute,
  groupReportRefusal,
  groupReportRemoveRoute,
  groupReportReviewRoute,
  groupReportSaveRoute,
  groupReportSubmitRoute,
  groupReportUnreviewRoute,
  groupReportWithdrawRoute,
  type GroupReportMove,
  type GroupReportState,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { groupOrders, groupReports } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { pdfDisposition } from '../../lib/pdf.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { readGlobalConfig } from '../commondata/global-config.js';
import { analyseGroupReport } from './group-report-analysis.js';
import { buildGroupReportPdf } from './group-report-pdf.js';
import { groupReportChoices, listGroupReports, lockGroupReport, readGroupReportRow } from './group-report-rows.js';

type Report = typeof groupReports.$inferSelect;
type Change = Partial<typeof groupReports.$inferInsert>;

function assertMove(report: Report, move: GroupReportMove) {
  const refusal = groupReportRefusal(move, report.state as GroupReportState);
  if (refusal) throw new AppError('VALIDATION', refusal);
}

/** 团检报告 (bi/group_report, breadth §4.3): the definition, its generation, review and PDF. */
export function serveGroupReport(app: FastifyInstance, db: Db) {
  const audit = (tx: Db | Tx, request: FastifyRequest, user: UserInfo, action: string, id: number, detail: object) =>
    recordAudit(tx, request, `group_report_${action}`, {
      userId: user.id,
      userAccount: user.user_account,
      target: `group_report:${id}`,
      detail: detail as Record<string, unknown>,
    });

  /** One move: the report locked, the move checked against its state, the change written and audited. */
  const moveOn = (
    request: FastifyRequest,
    user: UserInfo,
    id: number,
    move: GroupReportMove,
    change: (report: Report) => Change,
  ) =>
    db.transaction(async (tx) => {
      const report = await lockGroupReport(tx, id);
      assertMove(report, move);
      const set = change(report);
      await tx
        .update(groupReports)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(groupReports.id, id));
      const { snapshot: _kept, ...logged } = set;
      await audit(tx, request, user, move, id, { from: report.state, ...logged });
      return readGroupReportRow(tx, id);
    });

  defineRoute(app, groupReportListRoute, ({ input }) => listGroupReports(db, input));

  defineRoute(app, groupReportChoicesRoute, ({ input }) => groupReportChoices(db, input.company_id));

  defineRoute(app, groupReportDetailRoute, async ({ input }) => {
    const report = await readGroupReportRow(db, input.id);
    const [stored] = await db
      .select({ snapshot: groupReports.snapshot })
      .from(groupReports)
      .where(eq(groupReports.id, input.id));
    return { report, snapshot: stored?.snapshot ?? null };
  });

  defineRoute(app, groupReportSaveRoute, async ({ input, user, request }) => {
    const [order] = await db
      .select({ id: groupOrders.id })
      .from(groupOrders)
      .where(and(eq(groupOrders.id, input.group_order_id), eq(groupOrders.companyId, input.company_id)));
    if (!order) throw new AppError('VALIDATION', GROUP_REPORT_MESSAGES.orderOfCompany);
    const definition = {
      companyId: input.company_id,
      groupOrderId: input.group_order_id,
      sampleName: input.sample_name,
      branchId: input.branch_id,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      sex: input.sex ?? null,
      includeAbsent: input.include_absent === '1',
    };
    if (input.id === undefined) {
      const [row] = await db
        .insert(groupReports)
        .values({ ...definition, createdBy: user.id })
        .returning({ id: groupReports.id });
      await audit(db, request, user, 'save', row!.id, definition);
      return readGroupReportRow(db, row!.id);
    }
    // A changed definition no longer matches its analysis: back to 草稿 until generated again.
    return moveOn(request, user, input.id, 'save', () => ({
      ...definition,
      state: 'draft',
      snapshot: null,
      generatedAt: null,
    }));
  });

  defineRoute(app, groupReportRemoveRoute, ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const report = await lockGroupReport(tx, input.id);
      assertMove(report, 'remove');
      const row = await readGroupReportRow(tx, input.id);
      await tx.delete(groupReports).where(eq(groupReports.id, input.id));
      await audit(tx, request, user, 'remove', input.id, { from: report.state, sample_name: report.sampleName });
      return row;
    }),
  );

  defineRoute(app, groupReportGenerateRoute, async ({ input, user, request }) => {
    const [report] = await db.select().from(groupReports).where(eq(groupReports.id, input.id));
    if (!report) throw new AppError('RECORD_NOT_FOUND', GROUP_REPORT_MESSAGES.notFound);
    assertMove(report, 'generate');
    // The analysis refreshes the aggregate tables in its own transaction, before the report is locked.
    const snapshot = await analyseGroupReport(db, report, new Date());
    if (snapshot.people.at(-1)!.total === 0) throw new AppError('VALIDATION', GROUP_REPORT_MESSAGES.noVisits);
    return moveOn(request, user, input.id, 'generate', () => ({
      state: 'generated',
      snapshot,
      generatedAt: new Date(snapshot.generated_at),
      rejectReason: null,
      reviewedBy: null,
      reviewedAt: null,
    }));
  });

  defineRoute(app, groupReportSubmitRoute, ({ input, user, request }) =>
    moveOn(request, user, input.id, 'submit', () => ({ state: 'submitted' })),
  );

  defineRoute(app, groupReportWithdrawRoute, ({ input, user, request }) =>
    moveOn(request, user, input.id, 'withdraw', () => ({ state: 'generated' })),
  );

  defineRoute(app, groupReportReviewRoute, ({ input, user, request }) =>
    moveOn(request, user, input.id, 'review', () => ({
      state: input.pass === '1' ? 'approved' : 'rejected',
      rejectReason: input.pass === '1' ? null : input.reason!,
      reviewedBy: user.id,
      reviewedAt: new Date(),
    })),
  );

  defineRoute(app, groupReportUnreviewRoute, ({ input, user, request }) =>
    moveOn(request, user, input.id, 'unreview', () => ({
      state: 'submitted',
      reviewedBy: null,
      reviewedAt: null,
    })),
  );

  app.get(groupReportPrintRoute.path, { config: { access: groupReportPrintRoute.access } }, async (request, reply) => {
    const parsed = groupReportPrintRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const report = await readGroupReportRow(db, parsed.data.id);
    const [stored] = await db
      .select({ snapshot: groupReports.snapshot })
      .from(groupReports)
      .where(eq(groupReports.id, report.id));
    if (!stored?.snapshot) throw new AppError('VALIDATION', GROUP_REPORT_MESSAGES.noSnapshot);
    const config = await readGlobalConfig(db);
    const pdf = await buildGroupReportPdf(report, stored.snapshot, {
      hospitalName: config.hospital.name ?? '体检中心',
    });
    await audit(db, request, request.user!, 'print', report.id, { state: report.state });
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        pdfDisposition(`group-report-${report.id}.pdf`, `团检报告-${report.company_name}-${report.sample_name}.pdf`),
      )
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
