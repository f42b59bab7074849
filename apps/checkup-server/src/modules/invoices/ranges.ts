import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { AppError, INVOICE_MESSAGES, type InvoiceKind, type invoiceRangeResource } from '@checkup/api-contract';
import { invoiceRanges, invoices, users } from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { assertChosen, recordColumnsOf } from '../exam-cfg/record-columns.js';

const r = invoiceRanges;
const endSeq = sql`${r.endNo}::numeric`;
const usedUp = sql`${r.nextSeq} > ${endSeq}`;

/** 发票号段 (breadth §3.2): a range's state is 用完 once its pointer is past the end, else 启用/停用. */
export const invoiceRangeBinding: ResourceBinding<typeof invoiceRangeResource> = {
  ...recordColumnsOf(r),
  fields: {
    kind: r.kind,
    prefix: r.prefix,
    start_no: r.startNo,
    end_no: r.endNo,
    next_no: sql<
      string | null
    >`case when ${usedUp} then null else ${r.prefix} || lpad(${r.nextSeq}::text, length(${r.startNo}), '0') end`,
    used: sql<number>`(${r.nextSeq} - ${r.startNo}::numeric)::int`,
    remaining: sql<number>`greatest(${endSeq} - ${r.nextSeq} + 1, 0)::int`,
    cashier_id: r.cashierId,
    cashier_name: users.userName,
    state: sql<string>`case when ${usedUp} then '用完' when ${r.isActive} then '启用' else '停用' end`,
    remark: r.remark,
  },
  joins: [{ table: users, on: eq(users.id, r.cashierId) }],
  values: (form) => ({
    kind: form.kind,
    prefix: form.prefix,
    startNo: form.start_no,
    endNo: form.end_no,
    cashierId: form.cashier_id,
    remark: form.remark,
  }),
  where: (filter) => [
    filter.kind ? eq(r.kind, filter.kind) : undefined,
    filter.cashier_id ? eq(r.cashierId, Number(filter.cashier_id)) : undefined,
  ],
  orderBy: [asc(r.kind), asc(r.prefix), asc(r.startNo)],
  beforeSave: async (tx, form, id) => {
    await assertChosen(tx, users.id, form.cashier_id, '领用人');
    const overlap = await tx
      .select({ start: r.startNo, end: r.endNo })
      .from(r)
      .where(
        and(
          eq(r.kind, form.kind),
          eq(r.prefix, form.prefix),
          sql`length(${r.startNo}) = ${form.start_no.length}`,
          sql`${r.startNo}::numeric <= ${form.end_no}::numeric`,
          sql`${endSeq} >= ${form.start_no}::numeric`,
          id === undefined ? undefined : ne(r.id, id),
        ),
      )
      .limit(1);
    if (overlap[0]) {
      const o = overlap[0];
      throw new AppError('CONFLICT', `与已有号段${form.prefix}${o.start}–${form.prefix}${o.end}重叠`);
    }
    if (id === undefined) return { nextSeq: BigInt(form.start_no).toString() };
    // A range numbers were taken from keeps its kind, prefix and start; its end may not fall below them.
    const [before] = await tx.select().from(r).where(eq(r.id, id)).for('update');
    if (!before) return;
    const used = BigInt(before.nextSeq) > BigInt(before.startNo);
    if (used && (before.kind !== form.kind || before.prefix !== form.prefix || before.startNo !== form.start_no)) {
      throw new AppError('CONFLICT', '该号段已使用，只能修改结束号、领用人和备注');
    }
    if (BigInt(form.end_no) < BigInt(before.nextSeq) - BigInt(1)) {
      throw new AppError('VALIDATION', '结束号不能小于已使用的号码');
    }
    return used ? {} : { nextSeq: BigInt(form.start_no).toString() };
  },
  toRow: (row) => ({ ...row, used: Number(row.used), remaining: Number(row.remaining) }),
};

/**
 * The next number for a cashier (their own ranges first, then 共用), taken under the ranges' row locks
 * so that two issues at once never take the same one. A number already on an invoice (a group invoice's
 * number typed in by hand) is stepped over; the pointer only moves forward, so a voided number is never
 * given again.
 */
export async function takeNumber(tx: Tx, cashierId: number, kind: InvoiceKind): Promise<string> {
  const ranges = await tx
    .select()
    .from(r)
    .where(and(eq(r.kind, kind), eq(r.isActive, true), or(eq(r.cashierId, cashierId), isNull(r.cashierId))))
    .orderBy(sql`${r.cashierId} is null`, asc(r.id))
    .for('update');
  if (ranges.length === 0) throw new AppError('VALIDATION', INVOICE_MESSAGES.noRange);
  for (const range of ranges) {
    const end = BigInt(range.endNo);
    let next = BigInt(range.nextSeq);
    while (next <= end) {
      const number = `${range.prefix}${next.toString().padStart(range.startNo.length, '0')}`;
      next += BigInt(1);
      const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNo, number));
      if (taken) continue;
      await tx.update(r).set({ nextSeq: next.toString() }).where(eq(r.id, range.id));
      return number;
    }
    await tx.update(r).set({ nextSeq: next.toString() }).where(eq(r.id, range.id));
  }
  throw new AppError('VALIDATION', INVOICE_MESSAGES.rangeUsedUp);
}
