import type { FastifyInstance } from 'fastify';
import {
  AppError,
  reportBatchCurrentRoute,
  reportBatchFileRoute,
  reportBatchStartRoute,
  reportBatchTicketRoute,
} from '@checkup/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, orders } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { signedTicketKind } from '../../lib/signed-ticket.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { reportDisposition } from '../report/report-pdf.js';
import { assertPrintable } from '../report/report-print-service.js';
import { createReportBatchService } from './batch-service.js';
import type { ReportRenderPool } from './render-pool.js';

export interface ReportBatchOptions {
  db: Db;
  personalData: PersonalData;
  ticketKey: Buffer;
  pool: ReportRenderPool;
  dir: string;
}

/** As the report ticket (report-ticket.ts): five minutes for the print service to fetch one generated report. */
const batchFileTicket = signedTicketKind('report-batch-file', 5 * 60_000);

/** 报告打印's batch print (issue 20): the task, its progress, and its generated files for the print service. */
export async function reportBatchRoutes(app: FastifyInstance, opts: ReportBatchOptions) {
  const { db } = opts;
  const batches = createReportBatchService({ ...opts, log: app.log });
  app.addHook('onClose', () => opts.pool.close());

  defineRoute(app, reportBatchStartRoute, async ({ input, user, request }) => {
    // One query for hundreds of visits: only a confidential examinee's needs the check (and its audit row).
    const confidential = await db
      .select({ customerId: customers.id, specialFlag: customers.specialFlag, orderId: orders.orderId })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(inArray(orders.orderId, input.order_ids), eq(customers.specialFlag, '1')));
    for (const person of confidential) await assertCanViewPerson(db, request, user, person, 'report_batch');
    return batches.start(input.order_ids, user.id);
  });

  defineRoute(app, reportBatchCurrentRoute, async ({ user }) => ({ batch: await batches.current(user.id) }));

  defineRoute(app, reportBatchTicketRoute, async ({ input, user }) => {
    await batches.assertGenerated(input.batch_id, input.order_id, user.id);
    const { ticket, expiresAt } = batchFileTicket.issue(opts.ticketKey, `${input.batch_id}-${input.order_id}`);
    return { ticket, expires_at: expiresAt.toISOString() };
  });

  app.get(reportBatchFileRoute.path, { config: { access: reportBatchFileRoute.access } }, async (request, reply) => {
    const parsed = reportBatchFileRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const subject = batchFileTicket.read(opts.ticketKey, parsed.data.ticket);
    if (!subject) throw new AppError('FORBIDDEN', '打印凭据无效或已过期，请重新打印');
    const [batchId, orderId] = subject.split('-') as [string, string];
    await batches.assertGenerated(Number(batchId), orderId);
    // A ban or an exception marked since the report was generated stops the print too.
    await assertPrintable(db, orderId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', reportDisposition(orderId))
      .header('cache-control', 'no-store')
      .send(await batches.readFile(Number(batchId), orderId));
  });
}
