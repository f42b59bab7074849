import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  cashierDayEndCloseRoute,
  cashierDayEndDetailRoute,
  cashierDayEndLinesRoute,
  cashierDayEndListRoute,
  cashierDayEndPreviewRoute,
  cashierDayEndPrintRoute,
  financeDayEndCloseRoute,
  financeDayEndDetailRoute,
  financeDayEndListRoute,
  monthStatementCloseRoute,
  monthStatementListRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { pdfDisposition } from '../../lib/pdf.js';
import { readGlobalConfig } from '../commondata/global-config.js';
import { closeCashierDayEnd, closeFinanceDayEnd, closeMonthStatement } from './day-end-service.js';
import {
  dayEndInvoices,
  dayEndLines,
  listCashierDayEnds,
  listFinanceDayEnds,
  listMonthStatements,
  readCashierDayEnd,
  readFinanceDayEnd,
} from './day-end-rows.js';
import { buildDayEndSheet, SHEET_LINES_MAX } from './day-end-sheet.js';
import { openTotals, storedOf, totalsOut } from './totals.js';

const closerOf = (user: UserInfo, request: FastifyRequest) => ({ user, ip: request.ip });

/** 日结 (finance_mg/day_end_mg, issue 23): the cashier's day-end, the finance day-end and the month statement. */
export async function financeDayEndRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, cashierDayEndPreviewRoute, async ({ user }) => totalsOut(storedOf(await openTotals(db, user.id))));

  defineRoute(app, cashierDayEndCloseRoute, async ({ user, request }) => {
    const id = await closeCashierDayEnd(db, closerOf(user, request));
    return readCashierDayEnd(db, user, id);
  });

  defineRoute(app, cashierDayEndListRoute, ({ input, user }) => listCashierDayEnds(db, user, input));

  defineRoute(app, cashierDayEndDetailRoute, async ({ input, user }) => ({
    day_end: await readCashierDayEnd(db, user, input.id),
    invoices: await dayEndInvoices(db, input.id),
  }));

  defineRoute(app, cashierDayEndLinesRoute, async ({ input, user }) => {
    await readCashierDayEnd(db, user, input.id);
    return dayEndLines(db, input.id, input);
  });

  app.get(
    cashierDayEndPrintRoute.path,
    { config: { access: cashierDayEndPrintRoute.access } },
    async (request, reply) => {
      const parsed = cashierDayEndPrintRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const dayEnd = await readCashierDayEnd(db, request.user!, parsed.data.id);
      const [invoices, lines, config] = await Promise.all([
        dayEndInvoices(db, dayEnd.id),
        dayEndLines(db, dayEnd.id, { page: 1, size: SHEET_LINES_MAX }),
        readGlobalConfig(db),
      ]);
      const pdf = await buildDayEndSheet(dayEnd, invoices, lines.list, {
        hospitalName: config.hospital.name ?? '体检中心',
      });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          pdfDisposition(`day-end-${dayEnd.day_end_no}.pdf`, `日结单-${dayEnd.day_end_no}.pdf`),
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  defineRoute(app, financeDayEndCloseRoute, async ({ user, request }) => {
    const id = await closeFinanceDayEnd(db, closerOf(user, request));
    return (await readFinanceDayEnd(db, id)).day_end;
  });

  defineRoute(app, financeDayEndListRoute, ({ input }) => listFinanceDayEnds(db, input));

  defineRoute(app, financeDayEndDetailRoute, ({ input }) => readFinanceDayEnd(db, input.id));

  defineRoute(app, monthStatementCloseRoute, async ({ input, user, request }) => {
    const id = await closeMonthStatement(db, closerOf(user, request), input.month);
    const { list } = await listMonthStatements(db, { page: 1, size: 1 }, [id]);
    return list[0]!;
  });

  defineRoute(app, monthStatementListRoute, ({ input }) => listMonthStatements(db, input));
}
