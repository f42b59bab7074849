import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  INVOICE_APPLICATION_STATE_LABELS,
  INVOICE_MESSAGES,
  INVOICE_MOVES,
  moneyText,
  moveAllowed,
  toFen,
  type InvoiceApplicationState,
  type invoiceApplicationSaveRoute,
  type InvoiceMove,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { branches, groupOrders, invoiceApplications, invoices } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { assertChosen } from '../exam-cfg/record-columns.js';
import { appliedFen, applicationRowOf, orderAmountFen } from './application-rows.js';
import { voidRow } from './invoice-service.js';

type SaveInput = z.output<typeof invoiceApplicationSaveRoute.input>;
type Application = typeof invoiceApplications.$inferSelect;
const a = invoiceApplications;
const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });
const stateLabel = (state: number) =>
  INVOICE_APPLICATION_STATE_LABELS[state as InvoiceApplicationState] ?? String(state);

async function lockApplication(tx: Tx, id: number, version: number) {
  const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该开票申请不存在或已被删除');
  if (row.version !== version) throw new AppError('CONFLICT', '该开票申请已被他人修改，请刷新后重试');
  return row;
}

/** A move from a state it does not start from is refused, naming the state and where it may start. */
function assertFrom(row: Application, move: InvoiceMove) {
  if (moveAllowed(move, row.state)) return;
  const spec = INVOICE_MOVES[move];
  const from = spec.from.map((s) => `“${stateLabel(s)}”`).join('或');
  throw new AppError(
    'ILLEGAL_TRANSITION',
    `开票申请状态为“${stateLabel(row.state)}”，不能${spec.label}（只有${from}的申请可以${spec.label}）`,
  );
}

/** The order locked, the amount capped: Σ its applications not refused stays within the order's amount. */
async function assertWithinOrder(tx: Tx, orderId: number, capFen: number, amountFen: number, except?: number) {
  const [order] = await tx
    .select({ id: groupOrders.id, companyId: groupOrders.companyId, state: groupOrders.approvalState })
    .from(groupOrders)
    .where(eq(groupOrders.id, orderId))
    .for('update');
  if (!order) throw new AppError('VALIDATION', '所选订单不存在或已被删除，请刷新后重选');
  if (order.state !== 'approved') throw new AppError('VALIDATION', '只能为审核通过的团检订单申请发票');
  const applied = await appliedFen(tx, orderId, except);
  if (applied + amountFen > capFen) {
    throw new AppError(
      'VALIDATION',
      `${INVOICE_MESSAGES.overOrder}（订单金额${moneyText(capFen)}元，已申请${moneyText(applied)}元）`,
    );
  }
  return order;
}

/** 申请: new, or one's own while 未审核; the invoice type 增值税专用发票 needs the tax number. */
export async function saveApplication(db: Db, input: SaveInput, user: UserInfo, request: FastifyRequest) {
  if (input.invoice_type === 'vat_special' && !input.tax_no) {
    throw new AppError('VALIDATION', '增值税专用发票须填写税号');
  }
  // Read before the transaction: the quote reads on its own connection (PGlite has one).
  const capFen = await orderAmountFen(db, input.group_order_id);
  return db.transaction(async (tx) => {
    await assertChosen(tx, branches.id, input.branch_id, '分中心');
    const values = {
      groupOrderId: input.group_order_id,
      branchId: input.branch_id,
      invoiceType: input.invoice_type,
      title: input.title,
      taxNo: input.tax_no,
      amount: moneyText(input.amount),
      remark: input.remark,
    };
    let id = input.id;
    if (id === undefined) {
      const order = await assertWithinOrder(tx, input.group_order_id, capFen, input.amount);
      const [row] = await tx
        .insert(a)
        .values({ ...values, companyId: order.companyId, appliedBy: user.id })
        .returning({ id: a.id });
      id = row!.id;
    } else {
      if (input.version === undefined) throw new AppError('VALIDATION', '请传递版本号');
      const row = await lockApplication(tx, id, input.version);
      if (row.state !== 0) {
        throw new AppError(
          'ILLEGAL_TRANSITION',
          `开票申请状态为“${stateLabel(row.state)}”，不能修改（只能修改未审核的申请）`,
        );
      }
      if (row.appliedBy !== user.id) throw new AppError('FORBIDDEN', '只能修改自己申请的发票！');
      const order = await assertWithinOrder(tx, input.group_order_id, capFen, input.amount, id);
      await tx
        .update(a)
        .set({
          ...values,
          companyId: order.companyId,
          version: sql`${a.version} + 1`,
          updatedAt: new Date(),
          updatedBy: user.id,
        })
        .where(eq(a.id, id));
    }
    await recordAudit(tx, request, 'invoice_application_save', {
      ...actor(user),
      target: String(id),
      detail: {
        group_order_id: input.group_order_id,
        amount: moneyText(input.amount),
        invoice_type: input.invoice_type,
      },
    });
    return applicationRowOf(tx, id);
  });
}

/** 删除: only 未审核, only the applicant's own (breadth §3.2). */
export async function removeApplication(db: Db, id: number, version: number, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, id, version);
    if (row.state !== 0) {
      throw new AppError(
        'ILLEGAL_TRANSITION',
        `开票申请状态为“${stateLabel(row.state)}”，不能删除（只能删除未审核的申请）`,
      );
    }
    if (row.appliedBy !== user.id) throw new AppError('FORBIDDEN', INVOICE_MESSAGES.notMine);
    await tx.delete(a).where(eq(a.id, id));
    await recordAudit(tx, request, 'invoice_application_remove', {
      ...actor(user),
      target: String(id),
      detail: { group_order_id: row.groupOrderId, amount: row.amount },
    });
    return { id };
  });
}

interface MoveInput {
  id: number;
  version: number;
  action: InvoiceMove;
  note: string | null;
  invoice_no: string | null;
}

/** The 发票号 typed in for 出票 or 换票: required, and not on another invoice. */
async function newNumber(tx: Tx, invoiceNo: string | null) {
  if (!invoiceNo) throw new AppError('VALIDATION', '请填写发票号');
  const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNo, invoiceNo));
  if (taken) throw new AppError('CONFLICT', `发票号${invoiceNo}已被使用`);
  return invoiceNo;
}

async function issueFor(tx: Tx, row: Application, invoiceNo: string, user: UserInfo) {
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNo,
      kind: row.invoiceType === 'receipt' ? 'receipt' : 'invoice',
      scope: 'group',
      groupOrderId: row.groupOrderId,
      applicationId: row.id,
      title: row.title,
      taxNo: row.taxNo,
      amount: row.amount,
      issuedBy: user.id,
    })
    .returning({ id: invoices.id });
  return invoice!.id;
}

/**
 * One move of the seven-state application (breadth §1.6, §3.2): locked, version-checked, refused from
 * a state it does not start from, audited. 出票 writes the group invoice; 换票 voids it and issues the
 * new number, keeping the original.
 */
export async function moveApplication(db: Db, input: MoveInput, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, input.id, input.version);
    assertFrom(row, input.action);
    const now = new Date();
    const who = user.id;
    let changes: Partial<Application> = {};
    switch (input.action) {
      case 'audit':
      case 'reject':
        changes = { auditedBy: who, auditedAt: now, auditNote: input.note };
        break;
      case 'unaudit':
        changes = { unauditNote: input.note, unauditedBy: who, unauditedAt: now };
        break;
      case 'issue': {
        const invoiceNo = await newNumber(tx, input.invoice_no);
        const invoiceId = await issueFor(tx, row, invoiceNo, user);
        changes = { invoiceId, invoiceNo, issuedBy: who, issuedAt: now };
        break;
      }
      case 'exchange_apply':
        if (!input.note) throw new AppError('VALIDATION', '请填写换票原因');
        changes = { exchangeReason: input.note, exchangeAppliedBy: who, exchangeAppliedAt: now };
        break;
      case 'exchange_withdraw':
        break;
      case 'exchange_audit':
        changes = { exchangeAuditedBy: who, exchangeAuditedAt: now };
        break;
      case 'exchange_unaudit':
        changes = { exchangeAuditedBy: null, exchangeAuditedAt: null };
        break;
      case 'exchange': {
        const invoiceNo = await newNumber(tx, input.invoice_no);
        if (row.invoiceId !== null) await voidRow(tx, row.invoiceId, `换票：${row.exchangeReason ?? ''}`, user);
        const invoiceId = await issueFor(tx, row, invoiceNo, user);
        changes = { invoiceId, invoiceNo, originalInvoiceNo: row.invoiceNo, exchangedBy: who, exchangedAt: now };
        break;
      }
    }
    const to = INVOICE_MOVES[input.action].to;
    await tx
      .update(a)
      .set({ ...changes, state: to, version: sql`${a.version} + 1`, updatedAt: now, updatedBy: who })
      .where(eq(a.id, row.id));
    await recordAudit(tx, request, `invoice_application_${input.action}`, {
      ...actor(user),
      target: String(row.id),
      detail: {
        from: stateLabel(row.state),
        to: stateLabel(to),
        note: input.note,
        invoice_no: changes.invoiceNo ?? null,
        amount: moneyText(toFen(row.amount)),
      },
    });
    return applicationRowOf(tx, row.id);
  });
}
