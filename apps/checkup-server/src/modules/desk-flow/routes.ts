import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AppError,
  barcodeLabelsFileRoute,
  barcodeLabelsRoute,
  barcodeLabelsTicketRoute,
  orderBanRoute,
  orderBanStateRoute,
  orderLiftBanRoute,
  orderUnregisterRoute,
  paymentSlipRoute,
  paymentStateRoute,
  suitOfExamType,
  type RouteDescriptor,
} from '@checkup/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { pdfDisposition } from '../../lib/pdf.js';
import { signedTicketKind } from '../../lib/signed-ticket.js';
import { readGlobalConfig } from '../commondata/global-config.js';
import { banOrder, liftOrderBan, readBanState } from '../orders/order-ban.js';
import { personOfOrder } from '../orders/order-repository.js';
import { unregisterOrder } from '../orders/unregister-service.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { readOrderDetail } from '../registration/order-detail-repository.js';
import { readDefaultLayout } from '../self-template/default-template.js';
import { buildBarcodeLabels, buildPaymentSlip } from './desk-documents.js';
import { slipPaid } from '../cashier/cost-queries.js';
import { paymentState, unpaidSelfLines } from './unpaid-lines.js';

export interface DeskFlowOptions {
  db: Db;
  personalData: PersonalData;
  /** Signs the label print tickets (the key the BFF shares). */
  ticketKey: Buffer;
}

/** The labels' ticket names the order and the copies (`orderId-copies`); five minutes, as the guide sheet's. */
const labelsTicket = signedTicketKind('barcode-labels-ticket', 5 * 60_000);

/** Issue 19, the desk after 完成登记: payment state and 缴费单, barcode labels, 反登记, 禁检. */
export async function deskFlowRoutes(app: FastifyInstance, opts: DeskFlowOptions) {
  const { db, personalData } = opts;

  async function detailOf(orderId: string) {
    const detail = await readOrderDetail(db, personalData, orderId);
    if (!detail) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    return detail;
  }

  const sendPdf = (reply: FastifyReply, pdf: Buffer, disposition: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', disposition)
      .header('cache-control', 'no-store')
      .send(pdf);

  async function sendLabels(reply: FastifyReply, orderId: string, copies: number) {
    const detail = await detailOf(orderId);
    const layout = await readDefaultLayout(db, 'barcode', suitOfExamType(detail.exam_type));
    const pdf = await buildBarcodeLabels(detail, layout, copies);
    return sendPdf(reply, pdf, pdfDisposition(`barcode-${orderId}.pdf`, `条码-${orderId}.pdf`));
  }

  /** A PDF answer of a GET descriptor: parsed by the contract, the examinee checked for confidentiality. */
  const pdfRoute = <R extends RouteDescriptor>(
    descriptor: R,
    handler: (
      input: Record<string, unknown> & { order_id: string },
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ) =>
    app.get(descriptor.path, { config: { access: descriptor.access } }, async (request, reply) => {
      const parsed = descriptor.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const input = parsed.data as Record<string, unknown> & { order_id: string };
      await assertCanViewPerson(db, request, request.user!, await personOfOrder(db, input.order_id), 'desk_document');
      return handler(input, request, reply);
    });

  defineRoute(app, paymentStateRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'payment_state');
    return paymentState(db, input.order_id);
  });

  pdfRoute(paymentSlipRoute, async (input, _request, reply) => {
    const detail = await detailOf(input.order_id);
    const { lines } = await unpaidSelfLines(db, input.order_id);
    const config = await readGlobalConfig(db);
    const paid = input.with_paid === '1' ? await slipPaid(db, input.order_id) : undefined;
    const pdf = await buildPaymentSlip(detail, lines, { hospitalName: config.hospital.name ?? '体检中心', paid });
    return sendPdf(reply, pdf, pdfDisposition(`payment-slip-${input.order_id}.pdf`, `缴费单-${input.order_id}.pdf`));
  });

  pdfRoute(barcodeLabelsRoute, (input, _request, reply) => sendLabels(reply, input.order_id, Number(input.copies)));

  defineRoute(app, barcodeLabelsTicketRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'barcode_labels_print');
    const { ticket, expiresAt } = labelsTicket.issue(opts.ticketKey, `${input.order_id}-${input.copies}`);
    return { ticket, expires_at: expiresAt.toISOString() };
  });

  app.get(
    barcodeLabelsFileRoute.path,
    { config: { access: barcodeLabelsFileRoute.access } },
    async (request, reply) => {
      const parsed = barcodeLabelsFileRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const subject = labelsTicket.read(opts.ticketKey, parsed.data.ticket);
      const [orderId, copies] = subject?.split('-') ?? [];
      if (!orderId || !copies) throw new AppError('FORBIDDEN', '打印凭据无效或已过期，请重新打印');
      return sendLabels(reply, orderId, Number(copies));
    },
  );

  defineRoute(app, orderUnregisterRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'order_unregister');
    return unregisterOrder(db, input.order_id, { userId: user.id, userAccount: user.user_account, ip: request.ip });
  });

  defineRoute(app, orderBanStateRoute, async ({ input }) => readBanState(db, input.order_id));

  defineRoute(app, orderBanRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'order_ban');
    return banOrder(db, input.order_id, input.reason, {
      userId: user.id,
      userAccount: user.user_account,
      ip: request.ip,
    });
  });

  defineRoute(app, orderLiftBanRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'order_lift_ban');
    return liftOrderBan(db, input.order_id, { userId: user.id, userAccount: user.user_account, ip: request.ip });
  });
}
