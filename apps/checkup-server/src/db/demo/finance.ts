import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companies, companyAccountLedger, companyAccounts, invoiceRanges, payments, users } from '../schema.js';

/**
 * 财务管理 demo (issue 23): a shared invoice range and a shared receipt range, so any cashier can issue
 * at once, and the first demo company's prepaid account (团体预缴) with one top-up of ¥20,000.00 by
 * transfer. Once: nothing when an invoice range exists.
 */
export async function seedDemoFinance(db: Db): Promise<void> {
  if ((await db.$count(invoiceRanges)) > 0) return;
  await db.transaction(async (tx) => {
    const [finance] = await tx.select({ id: users.id }).from(users).where(eq(users.userAccount, 'finance'));
    const operatorId = finance?.id ?? null;
    await tx.insert(invoiceRanges).values([
      { kind: 'invoice', prefix: 'FP', startNo: '00000001', endNo: '00009999', nextSeq: '1', remark: '共用发票号段' },
      { kind: 'receipt', prefix: 'SJ', startNo: '00000001', endNo: '00009999', nextSeq: '1', remark: '共用收据号段' },
    ]);
    const [company] = await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
    if (!company) return;
    const [account] = await tx
      .insert(companyAccounts)
      .values({ companyId: company.id, balance: '20000.00', createdBy: operatorId })
      .returning({ id: companyAccounts.id });
    const [line] = await tx
      .insert(payments)
      .values({
        purpose: 'advance',
        companyAccountId: account!.id,
        amount: '20000.00',
        payMethod: 'transfer',
        note: '年度体检预付款',
        operatorId,
      })
      .returning({ id: payments.id });
    await tx.insert(companyAccountLedger).values({
      accountId: account!.id,
      kind: '充值',
      amount: '20000.00',
      balanceAfter: '20000.00',
      paymentId: line!.id,
      note: '年度体检预付款',
      operatorId,
    });
  });
}
