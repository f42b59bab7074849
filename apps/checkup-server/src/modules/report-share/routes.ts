import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  SHARE_MESSAGES,
  maskName,
  reportShareCreateRoute,
  reportShareListRoute,
  reportShareOpenRoute,
  reportSharePdfRoute,
  reportShareRevokeRoute,
  type UserInfo,
} from '@checkup/api-contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, orders, packages } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { renderReportPdf, reportDisposition } from '../report/report-pdf.js';
import { shareTicket } from './share-secrets.js';
import { createShare, listShares, openShare, revokeShare, shareForDownload, type Visitor } from './share-service.js';

export interface ReportShareOptions {
  db: Db;
  personalData: PersonalData;
  /** Signs the download tickets (the key the BFF shares). */
  ticketKey: Buffer;
}

const visitorOf = (request: FastifyRequest): Visitor => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * Electronic report sharing (issue 20): staff make, list and revoke links from 报告发送 (send_rpt);
 * the examinee opens one with its code on the gateway's public listener and downloads the PDF.
 */
export async function reportShareRoutes(app: FastifyInstance, opts: ReportShareOptions) {
  const { db, personalData, ticketKey } = opts;
  const assertCanView = async (request: FastifyRequest, user: UserInfo, orderId: string) =>
    assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'report_share');
  const actorOf = (user: UserInfo, request: FastifyRequest) => ({
    userId: user.id,
    userAccount: user.user_account,
    ip: request.ip,
  });

  defineRoute(app, reportShareCreateRoute, async ({ input, user, request }) => {
    await assertCanView(request, user, input.order_id);
    return createShare(db, input.order_id, input.valid_days, actorOf(user, request));
  });

  defineRoute(app, reportShareListRoute, async ({ input, user, request }) => {
    await assertCanView(request, user, input.order_id);
    return { list: await listShares(db, input.order_id) };
  });

  defineRoute(app, reportShareRevokeRoute, async ({ input, user, request }) =>
    revokeShare(db, input.share_id, actorOf(user, request), (orderId) => assertCanView(request, user, orderId)),
  );

  defineRoute(app, reportShareOpenRoute, async ({ input, request }) => {
    const share = await openShare(db, input.token, input.code, visitorOf(request));
    const [visit] = await db
      .select({
        orderId: orders.orderId,
        examDate: orders.examDate,
        custName: customers.custName,
        packageName: packages.packageName,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(packages, eq(packages.id, orders.packageId))
      .where(eq(orders.orderId, share.orderId));
    const { ticket, expiresAt } = shareTicket.issue(ticketKey, share.id);
    return {
      ticket,
      expires_at: expiresAt.toISOString(),
      cust_name: maskName(visit!.custName),
      order_id: visit!.orderId,
      exam_date: visit!.examDate,
      package_name: visit!.packageName,
      link_expires_at: share.expiresAt?.toISOString() ?? null,
    };
  });

  app.get(reportSharePdfRoute.path, { config: { access: reportSharePdfRoute.access } }, async (request, reply) => {
    const parsed = reportSharePdfRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const shareId = shareTicket.read(ticketKey, parsed.data.ticket);
    if (shareId === null) throw new AppError('FORBIDDEN', SHARE_MESSAGES.ticket);
    const share = await shareForDownload(db, Number(shareId), visitorOf(request));
    const pdf = await renderReportPdf(db, personalData, share.orderId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', reportDisposition(share.orderId).replace(/^inline/, 'attachment'))
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
