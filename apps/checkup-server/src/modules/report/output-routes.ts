import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AppError,
  reportFileRoute,
  reportPdfRoute,
  reportPrintedRoute,
  reportSendRoute,
  reportTicketRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { deliverReports } from './report-delivery-service.js';
import { renderReportPdf, reportDisposition } from './report-pdf.js';
import { assertPrintable, recordStaffPrint } from './report-print-service.js';
import { reportTicket } from './report-ticket.js';
import { loggingReportTransport, type ReportTransport } from './report-transport.js';

export interface ReportOutputOptions {
  db: Db;
  personalData: PersonalData;
  /** Signs the report print tickets (the key the BFF shares). */
  ticketKey: Buffer;
  /** How SMS and e-mail reports go out; by default they are only logged. */
  transport?: ReportTransport;
}

/** The report PDF, its print ticket and print record (print_rpt), and sending (send_rpt, new_send). */
export async function reportOutputRoutes(app: FastifyInstance, opts: ReportOutputOptions) {
  const { db, personalData } = opts;
  const transport = opts.transport ?? loggingReportTransport(app.log);

  async function sendPdf(reply: FastifyReply, orderId: string) {
    const pdf = await renderReportPdf(db, personalData, orderId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', reportDisposition(orderId))
      .header('cache-control', 'no-store')
      .send(pdf);
  }

  app.get(reportPdfRoute.path, { config: { access: reportPdfRoute.access } }, async (request, reply) => {
    const parsed = reportPdfRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const orderId = parsed.data.order_id;
    await assertCanViewPerson(db, request, request.user!, await personOfOrder(db, orderId), 'report_pdf');
    return sendPdf(reply, orderId);
  });

  defineRoute(app, reportTicketRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'report_print');
    // Refused here, where the batch print shows each visit's reason, rather than at the printer.
    await assertPrintable(db, input.order_id);
    const { ticket, expiresAt } = reportTicket.issue(opts.ticketKey, input.order_id);
    return { ticket, expires_at: expiresAt.toISOString() };
  });

  app.get(reportFileRoute.path, { config: { access: reportFileRoute.access } }, async (request, reply) => {
    const parsed = reportFileRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const orderId = reportTicket.read(opts.ticketKey, parsed.data.ticket);
    if (!orderId) throw new AppError('FORBIDDEN', '打印凭据无效或已过期，请重新打印');
    // An exception marked since the ticket was issued stops the print too.
    await assertPrintable(db, orderId);
    return sendPdf(reply, orderId);
  });

  defineRoute(app, reportPrintedRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'report_print');
    const actor = { userId: user.id, userAccount: user.user_account, ip: request.ip };
    return recordStaffPrint(db, input.order_id, actor, input.marked === '1' ? 'marked' : 'staff');
  });

  defineRoute(app, reportSendRoute, ({ input, user, request }) =>
    deliverReports(
      { db, personalData, transport },
      input.order_ids,
      {
        method: input.method,
        recipient: input.recipient,
        destination: input.destination,
        trackingNo: input.tracking_no,
      },
      { user, ip: request.ip },
      async (orderId) => assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'report_send'),
    ),
  );
}
