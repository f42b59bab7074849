import { eq } from 'drizzle-orm';
import { moneyText, type PaymentPurpose } from '@checkup/api-contract';
import type { Db } from '../../src/db/client.js';
import { companies, companyAccounts, groupOrders, invoices, payments, settlements } from '../../src/db/schema.js';

/**
 * Money lines as the cashier (收费/退费), settlements and 团体预缴 write them, for tests of what reads
 * them (day-ends): a charge is a positive line; a refund is a negative line of kind refund pointing at
 * the line it gives back, with the same purpose, owner and method.
 */
export interface ChargeLine {
  operatorId: number;
  amountFen: number;
  method: string;
  purpose?: Extract<PaymentPurpose, 'visit' | 'settlement' | 'advance'>;
  orderId?: string;
  settlementId?: number;
  companyAccountId?: number;
  branchId?: number | null;
}

const owners = new WeakMap<Db, Promise<{ settlementId: number; companyAccountId: number }>>();

/** A settlement and a prepaid account for lines that name none (the payments keep foreign keys to both). */
function moneyOwners(db: Db) {
  let made = owners.get(db);
  if (!made) {
    made = (async () => {
      const [company] = await db
        .insert(companies)
        .values({ companyName: '日结测试单位' })
        .returning({ id: companies.id });
      const [order] = await db
        .insert(groupOrders)
        .values({
          orderNo: 'TD-MONEY-LINES',
          orderName: '日结测试订单',
          companyId: company!.id,
          planFrom: '2026-01-01',
          planTo: '2026-12-31',
          approvalState: 'approved',
        })
        .returning({ id: groupOrders.id });
      const [settlement] = await db
        .insert(settlements)
        .values({ settlementNo: 'JS-MONEY-LINES', groupOrderId: order!.id, waiveMode: 'exclude_waived' })
        .returning({ id: settlements.id });
      const [account] = await db
        .insert(companyAccounts)
        .values({ companyId: company!.id })
        .returning({ id: companyAccounts.id });
      return { settlementId: settlement!.id, companyAccountId: account!.id };
    })();
    owners.set(db, made);
  }
  return made;
}

export async function insertCharge(db: Db, line: ChargeLine): Promise<number> {
  const purpose = line.purpose ?? 'visit';
  const owner = purpose === 'visit' ? null : await moneyOwners(db);
  const [row] = await db
    .insert(payments)
    .values({
      purpose,
      kind: 'charge',
      orderId: purpose === 'visit' ? line.orderId : null,
      settlementId: purpose === 'settlement' ? (line.settlementId ?? owner!.settlementId) : null,
      companyAccountId: purpose === 'advance' ? (line.companyAccountId ?? owner!.companyAccountId) : null,
      amount: moneyText(line.amountFen),
      payMethod: line.method,
      operatorId: line.operatorId,
      branchId: line.branchId ?? null,
      totalCharge: line.method === 'company',
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** 退费: `amountFen` (positive) of the line `of` given back by `operatorId`. */
export async function insertRefund(db: Db, of: number, amountFen: number, operatorId: number): Promise<number> {
  const [orig] = await db.select().from(payments).where(eq(payments.id, of));
  const [row] = await db
    .insert(payments)
    .values({
      purpose: orig!.purpose,
      kind: 'refund',
      refundOf: of,
      orderId: orig!.orderId,
      cardId: orig!.cardId,
      settlementId: orig!.settlementId,
      companyAccountId: orig!.companyAccountId,
      amount: moneyText(-amountFen),
      payMethod: orig!.payMethod,
      operatorId,
      branchId: orig!.branchId,
    })
    .returning({ id: payments.id });
  return row!.id;
}

let invoiceSerial = 0;
/** An invoice issued by `issuedBy`, optionally voided by `voidedBy`, as 发票管理 writes it. */
export async function insertInvoice(db: Db, issuedBy: number, amountFen: number, voidedBy?: number) {
  invoiceSerial += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNo: `FP-T${Date.now() % 1_000_000}-${invoiceSerial}`,
      scope: 'personal',
      title: '测试抬头',
      amount: moneyText(amountFen),
      issuedBy,
      ...(voidedBy ? { state: 'voided', voidedBy, voidedAt: new Date(), voidReason: '开错' } : {}),
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/** '−12.30' → −1230, by the digits (no floating point): the tests' own reading of a stored amount. */
export function fenOfText(text: string): number {
  const negative = text.startsWith('-');
  const [whole, decimals = ''] = text.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
  return negative ? -fen : fen;
}
