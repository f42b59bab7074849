import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, DAY_END_MESSAGES, DAY_END_PREFIX, moneyText, toFen, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, cashierDayEnds, financeDayEnds, invoices, monthStatements, payments } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import {
  addMethodTotals,
  asStored,
  foldGroups,
  invoiceFen,
  lineGroups,
  openIssuedOf,
  openLinesOf,
  openVoidedOf,
  storedOf,
} from './totals.js';

/** Who closes, and from where (the audit row). */
export interface Closer {
  user: Pick<UserInfo, 'id' | 'user_account'>;
  ip: string;
}

async function audit(tx: Tx, closer: Closer, action: string, target: string, detail: Record<string, unknown>) {
  await tx
    .insert(auditLog)
    .values({ action, userId: closer.user.id, userAccount: closer.user.user_account, target, detail, ip: closer.ip });
}

/** Every day-end number is taken under one lock, so two closes never draw the same one. */
const lockNumbers = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('finance_day_end_numbers'))`);

/** The next `prefix + yyyymmdd + 0001` of cashier or finance day-ends, read under lockNumbers. */
async function nextNumber(tx: Tx, kind: 'cashier' | 'finance') {
  const stem = `${DAY_END_PREFIX[kind]}${todayCst().replaceAll('-', '')}`;
  const table = kind === 'cashier' ? cashierDayEnds : financeDayEnds;
  const [row] = await tx
    .select({ max: sql<string | null>`max(${table.dayEndNo})` })
    .from(table)
    .where(sql`${table.dayEndNo} like ${`${stem}%`}`);
  const seq = row?.max ? Number(row.max.slice(stem.length)) + 1 : 1;
  return `${stem}${String(seq).padStart(4, '0')}`;
}

/**
 * 收费员日结 (§3.7, §11.4): the caller's open lines and invoices are taken by one set-based update
 * each (payments.day_end_id set once from null: the trigger refuses any other change), then the
 * day-end's totals are summed from the lines it took, so a line written meanwhile is either in it
 * and counted, or left open for the next one.
 */
export async function closeCashierDayEnd(db: Db, closer: Closer) {
  const me = closer.user.id;
  return db.transaction(async (tx) => {
    await lockNumbers(tx);
    const dayEndNo = await nextNumber(tx, 'cashier');
    const [dayEnd] = await tx
      .insert(cashierDayEnds)
      .values({ dayEndNo, cashierId: me, lineCount: 0, total: '0', receivedTotal: '0', byMethod: {}, byPurpose: {} })
      .returning({ id: cashierDayEnds.id });
    const id = dayEnd!.id;
    await tx.update(payments).set({ dayEndId: id }).where(openLinesOf(me));
    const issued = await tx
      .update(invoices)
      .set({ dayEndId: id })
      .where(openIssuedOf(me))
      .returning({ id: invoices.id });
    const voided = await tx
      .update(invoices)
      .set({ voidDayEndId: id })
      .where(openVoidedOf(me))
      .returning({ id: invoices.id });
    const taken = eq(payments.dayEndId, id);
    const totals = foldGroups(
      await lineGroups(tx, taken),
      await invoiceFen(tx, eq(invoices.dayEndId, id), eq(invoices.voidDayEndId, id)),
    );
    if (totals.lineCount === 0 && issued.length === 0 && voided.length === 0) {
      throw new AppError('CONFLICT', DAY_END_MESSAGES.nothingOpen);
    }
    // The branch of the lines (payments.branch_id), when they are all of one; null for lines of several.
    const branches = await tx.selectDistinct({ branchId: payments.branchId }).from(payments).where(taken).limit(2);
    const branchId = branches.length === 1 ? branches[0]!.branchId : null;
    const stored = storedOf(totals);
    await tx
      .update(cashierDayEnds)
      .set({ ...stored, branchId })
      .where(eq(cashierDayEnds.id, id));
    await audit(tx, closer, 'cashier_day_end', dayEndNo, {
      line_count: stored.lineCount,
      total: stored.total,
      received_total: stored.receivedTotal,
      invoice_total: stored.invoiceTotal,
    });
    return id;
  });
}

/** 财务日结: every cashier day-end not yet rolled up, summed per method; refused when there is none. */
export async function closeFinanceDayEnd(db: Db, closer: Closer) {
  return db.transaction(async (tx) => {
    await lockNumbers(tx);
    const dayEndNo = await nextNumber(tx, 'finance');
    const [dayEnd] = await tx
      .insert(financeDayEnds)
      .values({
        dayEndNo,
        closedBy: closer.user.id,
        month: todayCst().slice(0, 7),
        cashierCount: 0,
        total: '0',
        receivedTotal: '0',
        byMethod: {},
      })
      .returning({ id: financeDayEnds.id });
    const id = dayEnd!.id;
    const taken = await tx
      .update(cashierDayEnds)
      .set({ financeDayEndId: id })
      .where(isNull(cashierDayEnds.financeDayEndId))
      .returning({
        cashierId: cashierDayEnds.cashierId,
        total: cashierDayEnds.total,
        receivedTotal: cashierDayEnds.receivedTotal,
        byMethod: cashierDayEnds.byMethod,
        invoiceTotal: cashierDayEnds.invoiceTotal,
      });
    if (taken.length === 0) throw new AppError('CONFLICT', DAY_END_MESSAGES.noCashierDayEnds);
    const sum = (pick: (r: (typeof taken)[number]) => string) => taken.reduce((s, r) => s + toFen(pick(r)), 0);
    const values = {
      cashierCount: new Set(taken.map((r) => r.cashierId)).size,
      total: moneyText(sum((r) => r.total)),
      receivedTotal: moneyText(sum((r) => r.receivedTotal)),
      byMethod: asStored(addMethodTotals(taken.map((r) => r.byMethod))),
      invoiceTotal: moneyText(sum((r) => r.invoiceTotal)),
    };
    await tx.update(financeDayEnds).set(values).where(eq(financeDayEnds.id, id));
    await audit(tx, closer, 'finance_day_end', dayEndNo, {
      cashier_day_ends: taken.length,
      total: values.total,
      received_total: values.receivedTotal,
    });
    return id;
  });
}

/** 月结单: the month's finance day-ends not yet in a statement (at least one); one statement a month. */
export async function closeMonthStatement(db: Db, closer: Closer, month: string) {
  return db.transaction(async (tx) => {
    await lockNumbers(tx);
    const [done] = await tx
      .select({ id: monthStatements.id })
      .from(monthStatements)
      .where(eq(monthStatements.month, month));
    if (done) throw new AppError('CONFLICT', DAY_END_MESSAGES.monthDone(month));
    const statementNo = `${DAY_END_PREFIX.month}${month.replace('-', '')}`;
    const [statement] = await tx
      .insert(monthStatements)
      .values({ statementNo, month, closedBy: closer.user.id, total: '0', receivedTotal: '0', byMethod: {} })
      .returning({ id: monthStatements.id });
    const id = statement!.id;
    const taken = await tx
      .update(financeDayEnds)
      .set({ monthStatementId: id })
      .where(and(eq(financeDayEnds.month, month), isNull(financeDayEnds.monthStatementId)))
      .returning({
        total: financeDayEnds.total,
        receivedTotal: financeDayEnds.receivedTotal,
        byMethod: financeDayEnds.byMethod,
      });
    if (taken.length === 0) throw new AppError('CONFLICT', DAY_END_MESSAGES.noFinanceDayEnds(month));
    const values = {
      total: moneyText(taken.reduce((s, r) => s + toFen(r.total), 0)),
      receivedTotal: moneyText(taken.reduce((s, r) => s + toFen(r.receivedTotal), 0)),
      byMethod: asStored(addMethodTotals(taken.map((r) => r.byMethod))),
    };
    await tx.update(monthStatements).set(values).where(eq(monthStatements.id, id));
    await audit(tx, closer, 'month_statement', statementNo, { finance_day_ends: taken.length, total: values.total });
    return id;
  });
}
