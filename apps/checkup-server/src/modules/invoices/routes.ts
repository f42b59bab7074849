import type { FastifyInstance } from 'fastify';
import {
  AppError,
  hisInvoicePushRoute,
  hisInvoiceStatusRoute,
  invoiceApplicationAuditRoute,
  invoiceApplicationIssueRoute,
  invoiceApplicationMoveRoute,
  invoiceApplicationRemoveRoute,
  invoiceApplicationResource,
  invoiceApplicationSaveRoute,
  invoiceAvailableRoute,
  invoiceIssueRoute,
  invoiceOrderOptionsRoute,
  invoicePrintRoute,
  invoiceRangeResource,
  invoiceReprintRoute,
  invoiceResource,
  invoiceVoidRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { pdfDisposition } from '../../lib/pdf.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { readGlobalConfig } from '../commondata/global-config.js';
import { applicationBinding, orderBills } from './application-rows.js';
import { moveApplication, removeApplication, saveApplication } from './application-service.js';
import { hisInvoiceStatus, pushToHis } from './his-invoicing.js';
import { buildInvoicePdf } from './invoice-pdf.js';
import { invoiceBinding, invoiceRowOf } from './invoice-rows.js';
import { availableAmount, issueInvoice, reprintInvoice, voidInvoice } from './invoice-service.js';
import { invoiceRangeBinding } from './ranges.js';

/** 发票 (finance_mg, issue 23): ranges, personal invoices, group applications, HIS invoicing. */
export async function invoiceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  serveResource(app, db, invoiceRangeResource, invoiceRangeBinding);
  serveResource(app, db, invoiceResource, invoiceBinding);
  serveResource(app, db, invoiceApplicationResource, applicationBinding);

  defineRoute(app, invoiceAvailableRoute, ({ input }) => availableAmount(db, input));
  defineRoute(app, invoiceIssueRoute, ({ input, user, request }) => issueInvoice(db, input, user, request));
  defineRoute(app, invoiceReprintRoute, ({ input, user, request }) => reprintInvoice(db, input.id, user, request));
  defineRoute(app, invoiceVoidRoute, ({ input, user, request }) =>
    voidInvoice(db, input.id, input.reason, user, request),
  );

  app.get(invoicePrintRoute.path, { config: { access: invoicePrintRoute.access } }, async (request, reply) => {
    const parsed = invoicePrintRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const row = await invoiceRowOf(db, parsed.data.id);
    const config = await readGlobalConfig(db);
    const pdf = await buildInvoicePdf(row, { hospitalName: config.hospital.name ?? '体检中心' });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', pdfDisposition(`invoice-${row.id}.pdf`, `发票-${row.invoice_no}.pdf`, 'inline'))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  defineRoute(app, invoiceApplicationSaveRoute, ({ input, user, request }) =>
    saveApplication(db, input, user, request),
  );
  defineRoute(app, invoiceApplicationRemoveRoute, ({ input, user, request }) =>
    removeApplication(db, input.id, input.version, user, request),
  );
  for (const descriptor of [invoiceApplicationMoveRoute, invoiceApplicationAuditRoute, invoiceApplicationIssueRoute]) {
    defineRoute(app, descriptor, ({ input, user, request }) => moveApplication(db, input, user, request));
  }
  defineRoute(app, invoiceOrderOptionsRoute, async ({ input }) => ({ list: await orderBills(db, input) }));

  defineRoute(app, hisInvoiceStatusRoute, () => hisInvoiceStatus(db));
  defineRoute(app, hisInvoicePushRoute, ({ input, user, request }) =>
    pushToHis(db, input.group_order_id, user, request),
  );
}
