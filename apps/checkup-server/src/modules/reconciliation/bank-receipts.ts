import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  BANK_MESSAGES,
  moneyText,
  SETTLEMENT_TEMPLATES,
  toFen,
  type bankAuditRoute,
  type bankImportRoute,
  type bankReceiptResource,
  type bankSplitSaveRoute,
  type RouteOutput,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bankReceiptSplits, bankReceipts, companies, groupOrders, users } from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';
import { readSettlementFile } from './settlement-file.js';

const money = (value: unknown) => moneyText(toFen(value as string));
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const cstDay = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** 2026-11-28 or 2026-11-28 09:30[:00], the centre's time. */
export const remittedTime = (text: string) =>
  new Date(`${text.slice(0, 10)}T${(text.slice(11) || '00:00').padEnd(8, ':00').slice(0, 8)}+08:00`);

const auditor = alias(users, 'receipt_auditor');

/** 银行到账 on bank_receipts: a receipt is changed only while it has no split rows. */
export const bankReceiptBinding: ResourceBinding<typeof bankReceiptResource> = {
  ...recordColumnsOf(bankReceipts),
  fields: {
    serial_no: bankReceipts.serialNo,
    payer: bankReceipts.payer,
    amount: bankReceipts.amount,
    remitted_at: bankReceipts.remittedAt,
    account: bankReceipts.account,
    summary: bankReceipts.summary,
    settled_amount: bankReceipts.settledAmount,
    settle_state: bankReceipts.settleState,
    settled_at: bankReceipts.settledAt,
    audit_state: bankReceipts.auditState,
    audited_at: bankReceipts.auditedAt,
    audited_by_name: auditor.userName,
    sales_managers: sql<
      string | null
    >`(select string_agg(distinct ${bankReceiptSplits.salesManager}, '、') from ${bankReceiptSplits} where ${bankReceiptSplits.receiptId} = ${bankReceipts.id})`,
  },
  joins: [{ table: auditor, on: eq(auditor.id, bankReceipts.auditedBy) }],
  values: (form) => ({
    serialNo: form.serial_no,
    payer: form.payer,
    amount: moneyText(form.amount),
    remittedAt: remittedTime(form.remitted_at),
    account: form.account,
    summary: form.summary,
  }),
  where: (filter) => [
    filter.payer ? ilike(bankReceipts.payer, `%${filter.payer.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    filter.date_from ? gte(bankReceipts.remittedAt, cstDay(filter.date_from)) : undefined,
    filter.date_to ? lt(bankReceipts.remittedAt, new Date(cstDay(filter.date_to).getTime() + 86_400_000)) : undefined,
    filter.settle_state ? eq(bankReceipts.settleState, filter.settle_state) : undefined,
    filter.audit_state ? eq(bankReceipts.auditState, filter.audit_state) : undefined,
  ],
  orderBy: [desc(bankReceipts.remittedAt), desc(bankReceipts.id)],
  unique: [{ column: bankReceipts.serialNo, field: 'serial_no', label: '交易流水号' }],
  references: [{ label: '结算明细', column: bankReceiptSplits.receiptId }],
  beforeSave: async (tx, _form, id) => {
    if (id === undefined) return;
    const [split] = await tx
      .select({ id: bankReceiptSplits.id })
      .from(bankReceiptSplits)
      .where(eq(bankReceiptSplits.receiptId, id))
      .limit(1);
    if (split) throw new AppError('CONFLICT', BANK_MESSAGES.hasSplits);
  },
  toRow: (row) => ({
    ...row,
    amount: money(row.amount),
    settled_amount: money(row.settled_amount),
    remitted_at: iso(row.remitted_at),
    settled_at: iso(row.settled_at),
    audited_at: iso(row.audited_at),
  }),
};

/** The receipt under its row lock, at the version the caller read. */
async function lockReceipt(tx: Tx, id: number, version: number) {
  const [receipt] = await tx.select().from(bankReceipts).where(eq(bankReceipts.id, id)).for('update');
  if (!receipt) throw new AppError('RECORD_NOT_FOUND', '银行到账不存在');
  if (receipt.version !== version) throw new AppError('CONFLICT', '该到账已被他人修改，请刷新后重试');
  return receipt;
}

const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });

/** 结算明细 of a receipt, with company and order names. */
export async function receiptSplits(db: Db, id: number) {
  const rows = await db
    .select({
      id: bankReceiptSplits.id,
      settle_mode: bankReceiptSplits.settleMode,
      company_id: bankReceiptSplits.companyId,
      company_name: companies.companyName,
      group_order_id: bankReceiptSplits.groupOrderId,
      order_no: groupOrders.orderNo,
      amount: bankReceiptSplits.amount,
      sales_manager: bankReceiptSplits.salesManager,
      note: bankReceiptSplits.note,
    })
    .from(bankReceiptSplits)
    .innerJoin(companies, eq(companies.id, bankReceiptSplits.companyId))
    .leftJoin(groupOrders, eq(groupOrders.id, bankReceiptSplits.groupOrderId))
    .where(eq(bankReceiptSplits.receiptId, id))
    .orderBy(asc(bankReceiptSplits.id));
  return { splits: rows.map((r) => ({ ...r, amount: money(r.amount) })) as never };
}

/** 结算状态 follows the split total: nothing, part of the receipt, or all of it. */
const settleStateOf = (splitFen: number, receiptFen: number) =>
  splitFen === 0 ? '未结算' : splitFen < receiptFen ? '部分结算' : '已结算';

/** 保存结算明细: the whole split replaced, never more than the receipt, and only before 审核. */
export async function saveSplits(
  db: Db,
  input: z.output<typeof bankSplitSaveRoute.input>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof bankSplitSaveRoute>> {
  return db.transaction(async (tx) => {
    const receipt = await lockReceipt(tx, input.id, input.version);
    if (receipt.auditState === '已审核') throw new AppError('ILLEGAL_TRANSITION', BANK_MESSAGES.audited);
    const totalFen = input.splits.reduce((sum, s) => sum + s.amount, 0);
    const receiptFen = toFen(receipt.amount);
    if (totalFen > receiptFen) throw new AppError('VALIDATION', BANK_MESSAGES.overSplit);
    const companyIds = [...new Set(input.splits.map((s) => s.company_id))];
    const known = companyIds.length
      ? await tx.select({ id: companies.id }).from(companies).where(inArray(companies.id, companyIds))
      : [];
    if (known.length !== companyIds.length) throw new AppError('VALIDATION', '所选单位不存在，请重新选择');
    const orderIds = input.splits.flatMap((s) => (s.group_order_id ? [s.group_order_id] : []));
    const orderRows = orderIds.length
      ? await tx
          .select({ id: groupOrders.id, companyId: groupOrders.companyId })
          .from(groupOrders)
          .where(inArray(groupOrders.id, orderIds))
      : [];
    const orderCompany = new Map(orderRows.map((o) => [o.id, o.companyId]));
    for (const split of input.splits) {
      if (split.group_order_id && orderCompany.get(split.group_order_id) !== split.company_id) {
        throw new AppError('VALIDATION', '所选订单不属于该单位');
      }
    }
    await tx.delete(bankReceiptSplits).where(eq(bankReceiptSplits.receiptId, receipt.id));
    if (input.splits.length > 0) {
      await tx.insert(bankReceiptSplits).values(
        input.splits.map((s) => ({
          receiptId: receipt.id,
          settleMode: s.settle_mode,
          companyId: s.company_id,
          groupOrderId: s.group_order_id,
          amount: moneyText(s.amount),
          salesManager: s.sales_manager,
          note: s.note,
        })),
      );
    }
    const settleState = settleStateOf(totalFen, receiptFen);
    const version = receipt.version + 1;
    await tx
      .update(bankReceipts)
      .set({
        settledAmount: moneyText(totalFen),
        settleState,
        settledAt: totalFen > 0 ? new Date() : null,
        version,
        updatedAt: new Date(),
        updatedBy: user.id,
      })
      .where(eq(bankReceipts.id, receipt.id));
    await recordAudit(tx, request, 'bank_receipt_split', {
      ...actor(user),
      target: receipt.serialNo,
      detail: {
        receipt: moneyText(receiptFen),
        settled: moneyText(totalFen),
        splits: input.splits.map((s) => ({ ...s, amount: moneyText(s.amount) })),
      },
    });
    return { version, settle_state: settleState, settled_amount: moneyText(totalFen) };
  });
}

/** 审核 (split total = receipt) or 反审核. */
export async function auditReceipt(
  db: Db,
  input: z.output<typeof bankAuditRoute.input>,
  audit: boolean,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof bankAuditRoute>> {
  return db.transaction(async (tx) => {
    const receipt = await lockReceipt(tx, input.id, input.version);
    if (audit) {
      if (receipt.auditState === '已审核') throw new AppError('ILLEGAL_TRANSITION', '该到账已审核');
      if (toFen(receipt.settledAmount) !== toFen(receipt.amount)) {
        throw new AppError('VALIDATION', BANK_MESSAGES.auditUnequal);
      }
    } else if (receipt.auditState !== '已审核') throw new AppError('ILLEGAL_TRANSITION', BANK_MESSAGES.notAudited);
    const version = receipt.version + 1;
    const auditState = audit ? '已审核' : '未审核';
    await tx
      .update(bankReceipts)
      .set({
        auditState,
        auditedBy: audit ? user.id : null,
        auditedAt: audit ? new Date() : null,
        version,
        updatedAt: new Date(),
        updatedBy: user.id,
      })
      .where(eq(bankReceipts.id, receipt.id));
    await recordAudit(tx, request, audit ? 'bank_receipt_audit' : 'bank_receipt_unaudit', {
      ...actor(user),
      target: receipt.serialNo,
      detail: { amount: money(receipt.amount), settled: money(receipt.settledAmount) },
    });
    return { version, audit_state: auditState };
  });
}

/** 导入到账: rows of the 银行 template (交易日期, 流水号, 对方户名, 收入金额, 摘要); a known 流水号 is skipped. */
export async function importReceipts(
  db: Db,
  file: { data: Buffer; contentType: string },
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof bankImportRoute>> {
  const sheet = await readSettlementFile(file.data, file.contentType);
  const { mapping } = SETTLEMENT_TEMPLATES.bank;
  const column = (title: string) => {
    const i = sheet.headers.indexOf(title);
    if (i < 0) throw new AppError('VALIDATION', `导入文件缺少列：${title}，请使用银行对账单模板`);
    return i;
  };
  const [at, serial, payer, amount] = [mapping.time, mapping.trade, '对方户名', mapping.amount].map(column);
  const summary = sheet.headers.indexOf('摘要');
  const account = sheet.headers.indexOf('对方账号');
  const skipped: RouteOutput<typeof bankImportRoute>['skipped'] = [];
  let imported = 0;
  await db.transaction(async (tx) => {
    for (const { line, cells } of sheet.rows) {
      const get = (i: number) => (i < 0 ? '' : (cells[i] ?? '').replace(/^[`']/, '').trim());
      const serialNo = get(serial!);
      const skip = (reason: string) => skipped.push({ row: line, serial_no: serialNo, reason });
      const amountText = get(amount!).replace(/[¥￥,]/g, '');
      const time = get(at!).replaceAll('/', '-');
      if (!serialNo || serialNo.length > 64) skip('流水号为空或超过64个字符');
      else if (!get(payer!)) skip('缺少对方户名');
      else if (!/^\d{1,10}(\.\d{1,2})?$/.test(amountText) || toFen(amountText) <= 0) skip('收入金额应为大于0的金额');
      else if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(time)) skip('交易日期格式应为 年-月-日 时:分');
      else {
        const [added] = await tx
          .insert(bankReceipts)
          .values({
            serialNo,
            payer: get(payer!).slice(0, 128),
            amount: moneyText(toFen(amountText)),
            remittedAt: remittedTime(time),
            account: get(account).slice(0, 64) || null,
            summary: get(summary).slice(0, 200) || null,
            createdBy: user.id,
          })
          .onConflictDoNothing({ target: bankReceipts.serialNo })
          .returning({ id: bankReceipts.id });
        if (added) imported += 1;
        else skip('流水号已存在');
      }
    }
    await recordAudit(tx, request, 'bank_receipt_import', {
      ...actor(user),
      detail: { rows: sheet.rows.length, imported, skipped: skipped.length },
    });
  });
  return { imported, skipped };
}

/** Companies by name with their approved orders, for the split rows. */
export async function splitTargets(db: Db, key: string | undefined) {
  const found = await db
    .select({ id: companies.id, company_name: companies.companyName })
    .from(companies)
    .where(key ? ilike(companies.companyName, `%${key.replace(/[%_\\]/g, '\\$&')}%`) : undefined)
    .orderBy(asc(companies.companyName))
    .limit(50);
  const ids = found.map((c) => c.id);
  const orders = ids.length
    ? await db
        .select({
          id: groupOrders.id,
          companyId: groupOrders.companyId,
          order_no: groupOrders.orderNo,
          order_name: groupOrders.orderName,
        })
        .from(groupOrders)
        .where(and(inArray(groupOrders.companyId, ids)))
        .orderBy(desc(groupOrders.id))
    : [];
  return found.map((c) => ({
    ...c,
    orders: orders
      .filter((o) => o.companyId === c.id)
      .map(({ id, order_no, order_name }) => ({ id, order_no, order_name })),
  }));
}
