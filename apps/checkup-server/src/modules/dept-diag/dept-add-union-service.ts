import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import {
  ADD_UNION_MESSAGES,
  AppError,
  ORDER_STATUS_LABELS,
  SELECTION_MESSAGES,
  checkUnionAddition,
  fenOf,
  formatAmount,
  isOrderStatus,
  moneyText,
  type AddableUnion,
  type OrderStatus,
  type SexCode,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, customers, orderDepts, orderUnionAdditions, orderUnions, orders, unions } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { assertNotLockedByOther, deptLockKey } from '../locks/record-locks.js';
import { queueChanged } from '../queue/queue-signal.js';
import { syncQueuesIn } from '../queue/queue-sync.js';
import { unionOptions } from '../registration/catalogue-repository.js';
import { reviewHasStarted } from './review-started.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/**
 * A department adds to a visit still being examined. After 科室已完成 every department has signed, so
 * the doctor un-signs first (反审核), which puts the visit back in exam.
 */
const ADDS_IN: ReadonlySet<OrderStatus> = new Set(['checked_in', 'in_exam']);

/** The unions already on the visit, as the selection rules see them (their mutex pairs and sex). */
async function orderedUnions(db: Reader, orderId: string) {
  const lines = await db
    .select({ unionId: orderUnions.unionId })
    .from(orderUnions)
    .where(eq(orderUnions.orderId, orderId));
  const ids = lines.map((l) => l.unionId);
  return { ids, chosen: [...(await unionOptions(db, ids)).values()] };
}

async function sexOf(db: Reader, orderId: string): Promise<SexCode> {
  const [row] = await db
    .select({ sex: customers.sex })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  return row.sex;
}

/**
 * The department's active unions not yet on the visit, each with why it cannot be added (mutex, sex)
 * so the picker can show the reason instead of a refusal after the click.
 */
export async function addableUnions(db: Db, orderId: string, deptId: number): Promise<AddableUnion[]> {
  const sex = await sexOf(db, orderId);
  const { ids, chosen } = await orderedUnions(db, orderId);
  const rows = await db
    .select({ id: unions.id })
    .from(unions)
    .where(
      and(
        eq(unions.deptId, deptId),
        eq(unions.isActive, true),
        ids.length > 0 ? notInArray(unions.id, ids) : undefined,
      ),
    )
    .orderBy(asc(unions.sort), asc(unions.id));
  const options = await unionOptions(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap(({ id }) => {
    const union = options.get(id);
    if (!union) return [];
    const check = checkUnionAddition(chosen, union, sex);
    return [
      {
        id,
        union_code: union.union_code,
        union_name: union.union_name,
        price: union.price,
        refusal: check.ok ? null : check.msg,
      },
    ];
  });
}

export interface AddUnionInput {
  orderId: string;
  deptId: number;
  unionId: number;
}

async function lockedOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({ status: orders.status, examDate: orders.examDate, total: orders.totalPrice, ban: orders.banReason })
    .from(orders)
    .where(eq(orders.orderId, orderId))
    .for('update');
  if (!order || !isOrderStatus(order.status)) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  return { ...order, status: order.status };
}

/**
 * 科室加项 (issue 19): a doctor adds one of the department's unions to the visit, by the registration
 * desk's selection rules (duplicate, mutex, sex). The line is marked origin 'dept', self-paid and
 * unpaid; who added it and when is kept in order_union_additions. The department's row is made if the
 * visit had none (it then waits, and a checked-in examinee joins its queue); the visit's total grows by
 * the price. Refused on a banned visit, after 总检 started, and once the department has signed.
 * One transaction.
 */
export async function addDeptUnion(db: Db, input: AddUnionInput, user: UserInfo, ip: string) {
  const { orderId, deptId, unionId } = input;
  await assertNotLockedByOther(db, { type: 'dept_diag', key: deptLockKey(orderId, deptId) }, user.id);
  const added = await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.ban) throw new AppError('ILLEGAL_TRANSITION', ADD_UNION_MESSAGES.banned(order.ban));
    if (await reviewHasStarted(tx, orderId, order.status)) {
      throw new AppError('ILLEGAL_TRANSITION', ADD_UNION_MESSAGES.reviewStarted);
    }
    const [dept] = await tx
      .select({ status: orderDepts.status })
      .from(orderDepts)
      .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)))
      .for('update');
    if (dept?.status === '2') throw new AppError('ILLEGAL_TRANSITION', ADD_UNION_MESSAGES.deptSigned);
    if (!ADDS_IN.has(order.status)) {
      throw new AppError('ILLEGAL_TRANSITION', `订单当前状态为「${ORDER_STATUS_LABELS[order.status]}」，不能科室加项`);
    }

    const union = (await unionOptions(tx, [unionId])).get(unionId);
    if (!union || union.dept_id !== deptId) throw new AppError('VALIDATION', ADD_UNION_MESSAGES.notOfDept);
    const { ids, chosen } = await orderedUnions(tx, orderId);
    if (ids.includes(unionId)) throw new AppError('VALIDATION', SELECTION_MESSAGES.alreadySelected(union.union_name));
    const check = checkUnionAddition(chosen, union, await sexOf(tx, orderId));
    if (!check.ok) throw new AppError('VALIDATION', check.msg);

    // Priced at the union's list price (no desk discount reaches a department's addition), 自费 and
    // unpaid (待收费) until the cashier takes it.
    await tx.insert(orderUnions).values({
      orderId,
      unionId,
      deptId,
      price: union.price,
      listPrice: union.price,
      feeCharged: false,
      origin: 'dept',
      payMode: 'self',
    });
    await tx.insert(orderUnionAdditions).values({ orderId, unionId, deptId, addedBy: user.id });
    if (!dept) await tx.insert(orderDepts).values({ orderId, deptId, examDate: order.examDate });
    const totalPrice = moneyText(fenOf(formatAmount(order.total)) + fenOf(union.price));
    await tx
      .update(orders)
      .set({ totalPrice, updatedAt: sql`now()` })
      .where(eq(orders.orderId, orderId));
    await tx.insert(auditLog).values({
      action: 'dept_add_union',
      userId: user.id,
      userAccount: user.user_account,
      target: orderId,
      detail: {
        dept_id: deptId,
        union_id: unionId,
        union_name: union.union_name,
        price: union.price,
        pay_mode: 'self',
        total_price: { from: formatAmount(order.total), to: totalPrice },
        dept_row_created: !dept,
      },
      ip,
    });
    if (!dept) await syncQueuesIn(tx, todayCst(), { orderId, deptId });
    return { order_id: orderId, union_id: unionId, price: union.price, total_price: totalPrice };
  });
  queueChanged(db);
  return added;
}
