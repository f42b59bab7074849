import type { FastifyInstance } from 'fastify';
import { eq, like, or } from 'drizzle-orm';
import {
  AppError,
  advanceAccountsRoute,
  advanceLedgerRoute,
  advanceOpenRoute,
  advanceRefundRoute,
  advanceStateRoute,
  advanceTopupRoute,
  banAbsentRoute,
  checkoutSheetRoute,
  settleDetailRoute,
  settleOrderPaymentsRoute,
  settleOrdersRoute,
  statementAuditRoute,
  statementCheckoutRoute,
  statementCreateRoute,
  statementDeductRoute,
  statementFeeAddRoute,
  statementFeeRemoveRoute,
  statementRoute,
  statementUncheckoutRoute,
  statementVoidRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyAccounts, groupOrders, settlements } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { accountRow, accountRows, ledgerRows } from './advance-account.js';
import { changeAccountState, openAccount, refundBalance, topUp } from './advance-service.js';
import { checkout, uncheckout } from './checkout-service.js';
import { banAbsent, checkoutSheet, serveSheetExport } from './checkout-sheet.js';
import { addFee, auditStatement, createStatement, deduct, removeFee, voidStatement } from './statement-service.js';
import {
  ofOrder,
  settleOrderRows,
  settlePaymentRows,
  statementParts,
  statementRow,
  statementRows,
} from './statement-rows.js';

const keyMatch = (key: string | undefined, ...columns: Parameters<typeof like>[0][]) =>
  key ? or(...columns.map((c) => like(c, `%${key}%`))) : undefined;

/** 团体预缴 and 团体结算 (issue 23, breadth §3.5, §3.6, §11.2). */
export async function teamSettlementRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, advanceAccountsRoute, async ({ input }) => ({
    list: await accountRows(db, keyMatch(input.key, companies.companyName)),
  }));
  defineRoute(app, advanceOpenRoute, ({ input, user, request }) => openAccount(db, input.company_id, user, request));
  defineRoute(app, advanceStateRoute, ({ input, user, request }) => changeAccountState(db, input, user, request));
  defineRoute(app, advanceTopupRoute, ({ input, user, request }) => topUp(db, input, user, request));
  defineRoute(app, advanceRefundRoute, ({ input, user, request }) => refundBalance(db, input, user, request));
  defineRoute(app, advanceLedgerRoute, async ({ input }) => {
    await accountRow(db, input.id);
    return { ledger: await ledgerRows(db, input.id) };
  });

  defineRoute(app, settleOrdersRoute, async ({ input }) => ({
    list: await settleOrderRows(
      db,
      keyMatch(input.key, groupOrders.orderNo, groupOrders.orderName, companies.companyName),
    ),
  }));
  defineRoute(app, settleOrderPaymentsRoute, async ({ input }) => ({
    list: await settlePaymentRows(db, ofOrder(input.group_order_id)),
  }));
  defineRoute(app, settleDetailRoute, async ({ input }) => {
    const [order] = await settleOrderRows(db, eq(groupOrders.id, input.group_order_id));
    if (!order) throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在或未审核通过');
    const [account] = await accountRows(db, eq(companyAccounts.companyId, order.company_id));
    return {
      order,
      statements: await statementRows(db, ofOrder(input.group_order_id)),
      account: account ?? null,
    };
  });
  defineRoute(app, statementRoute, async ({ input }) => {
    const statement = await statementRow(db, input.id);
    return {
      statement,
      ...(await statementParts(db, input.id)),
      payments: await settlePaymentRows(db, eq(settlements.id, input.id)),
    };
  });
  defineRoute(app, statementCreateRoute, ({ input, user, request }) => createStatement(db, input, user, request));
  defineRoute(app, statementFeeAddRoute, ({ input, user, request }) => addFee(db, input, user, request));
  defineRoute(app, statementFeeRemoveRoute, ({ input, user, request }) => removeFee(db, input, user, request));
  defineRoute(app, statementDeductRoute, ({ input, user, request }) => deduct(db, input, user, request));
  defineRoute(app, statementAuditRoute, ({ input, user, request }) => auditStatement(db, input, user, request));
  defineRoute(app, statementVoidRoute, ({ input, user, request }) => voidStatement(db, input, user, request));
  defineRoute(app, statementCheckoutRoute, ({ input, user, request }) => checkout(db, input, user, request));
  defineRoute(app, statementUncheckoutRoute, ({ input, user, request }) => uncheckout(db, input, user, request));

  defineRoute(app, checkoutSheetRoute, ({ input }) => checkoutSheet(db, input.group_order_id));
  defineRoute(app, banAbsentRoute, ({ input, user, request }) =>
    banAbsent(db, input.group_order_id, input.reason, {
      userId: user.id,
      userAccount: user.user_account,
      discountFloor: user.discount_floor,
      ip: request.ip,
    }),
  );
  serveSheetExport(app, db);
}
