import type { FastifyInstance } from 'fastify';
import {
  AppError,
  ageInYears,
  maskIdNumber,
  maskName,
  selfPrintFindExamineeRoute,
  selfPrintMarkPrintedRoute,
  selfPrintReportListRoute,
  selfPrintReportPdfRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import type { PersonalData } from '../people/personal-data.js';
import { todayCst } from '../../lib/hospital-day.js';
import { renderKioskReport, reportFileHeader } from './report-file.js';
import { kioskTicket } from './kiosk-ticket.js';
import { customerByIdCard, printableReports } from './selfprint-repository.js';
import { assertOwnReport, recordKioskPrint } from './selfprint-service.js';

export interface SelfPrintOptions {
  db: Db;
  personalData: PersonalData;
  /** Signs the kiosk tickets (the key the BFF shares). */
  ticketKey: Buffer;
}

export const TICKET_REFUSED = '自助打印凭据无效或已过期，请重新刷身份证';
export const NOT_FOUND_BY_ID_CARD = '未找到您的体检记录，请确认身份证或到服务台咨询';

/** 自助打印 (spec §2 /self_print): public calls, each after the first bound to a kiosk ticket. */
export async function selfPrintRoutes(app: FastifyInstance, opts: SelfPrintOptions) {
  const { db, personalData, ticketKey } = opts;

  const holderOf = (ticket: string) => {
    const customerId = kioskTicket.read(ticketKey, ticket);
    if (customerId === null) throw new AppError('FORBIDDEN', TICKET_REFUSED);
    return Number(customerId);
  };

  defineRoute(app, selfPrintFindExamineeRoute, async ({ input }) => {
    const customer = await customerByIdCard(db, personalData.idCardLookup(input.cust_id_card));
    if (!customer) throw new AppError('RECORD_NOT_FOUND', NOT_FOUND_BY_ID_CARD);
    const { ticket, expiresAt } = kioskTicket.issue(ticketKey, customer.id);
    return {
      ticket,
      expires_at: expiresAt.toISOString(),
      cust_name: maskName(customer.name),
      sex: customer.sex,
      age: ageInYears(customer.birthday, todayCst()),
      cust_id_card: maskIdNumber(input.cust_id_card),
    };
  });

  defineRoute(app, selfPrintReportListRoute, async ({ input }) => ({
    list: await printableReports(db, holderOf(input.ticket)),
  }));

  app.get(
    selfPrintReportPdfRoute.path,
    { config: { access: selfPrintReportPdfRoute.access } },
    async (request, reply) => {
      const parsed = selfPrintReportPdfRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const { ticket, order_id: orderId } = parsed.data;
      await assertOwnReport(db, holderOf(ticket), orderId);
      const pdf = await renderKioskReport(db, personalData, orderId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', reportFileHeader(orderId))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  defineRoute(app, selfPrintMarkPrintedRoute, async ({ input, request }) =>
    recordKioskPrint(db, holderOf(input.ticket), input.order_id, request.ip),
  );
}
