import { and, asc, count, desc, eq, gte, isNotNull, isNull, like, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  fenText,
  maskIdNumber,
  maskName,
  maskPhone,
  PAY_METHOD_NAMES,
  PAYMENT_KIND_LABELS,
  toFen,
  UNION_EXEC,
  type ChargeState,
  type costDetailRoute,
  type costHistoryRoute,
  type costListRoute,
  type PaymentKind,
  type RouteOutput,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  chargeHistory,
  companies,
  customers,
  departments,
  examCards,
  orderDepts,
  orderUnions,
  orders,
  payments,
  unions,
  users,
} from '../../db/schema.js';
import { ageAt, keyCondition } from '../orders/order-repository.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { backTotal, chargedTotal, dueSql, mistakeMethods, reversedTotal, selfTotal } from './money-state.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
const nameFor = (user: UserInfo, name: string, specialFlag: string) =>
  user.special_flag === '1' ? name : specialFlag === '1' ? '***' : maskName(name);
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const stateCondition: Record<ChargeState, SQL> = {
  refunded: sql`${backTotal} > 0`,
  unpaid: sql`${backTotal} = 0 and ${chargedTotal} - ${reversedTotal} = 0 and ${selfTotal} > 0`,
  partial: sql`${backTotal} = 0 and ${chargedTotal} - ${reversedTotal} > 0 and ${dueSql} > 0`,
  paid: sql`${backTotal} = 0 and ${dueSql} = 0`,
};

function stateOf(selfFen: number, paidFen: number, backFen: number, dueFen: number): ChargeState {
  if (backFen > 0) return 'refunded';
  if (dueFen === 0) return 'paid';
  return paidFen === 0 ? 'unpaid' : 'partial';
}

/** 费用管理's list: visits with what they owe, paid and got back; ID and phone masked. */
export async function costList(
  db: Db,
  personalData: PersonalData,
  input: In<typeof costListRoute>,
  user: UserInfo,
): Promise<RouteOutput<typeof costListRoute>> {
  const conditions: SQL[] = [];
  if (input.key) conditions.push(keyCondition(parseSearchKey(input.key, personalData)));
  if (input.name) conditions.push(like(customers.custName, `${input.name.replace(/[%_\\]/g, '\\$&')}%`));
  if (input.key || input.name) {
    if (user.special_flag !== '1') conditions.push(ne(customers.specialFlag, '1'));
  }
  if (input.date_from) conditions.push(gte(orders.createdAt, dayStart(input.date_from)));
  if (input.date_to) conditions.push(lt(orders.createdAt, dayAfter(input.date_to)));
  if (input.scope === 'personal') conditions.push(isNull(orders.companyId));
  if (input.scope === 'group') conditions.push(isNotNull(orders.companyId));
  if (input.state) conditions.push(stateCondition[input.state]);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
      sex: customers.sex,
      idCardEnc: customers.custIdCardEnc,
      phoneEnc: customers.phoneEnc,
      companyName: companies.companyName,
      createdAt: orders.createdAt,
      examDate: orders.examDate,
      total: orders.totalPrice,
      selfTotal,
      charged: chargedTotal,
      back: backTotal,
      reversed: reversedTotal,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where);
  return {
    list: rows.map((r) => {
      const selfFen = toFen(r.selfTotal);
      const backFen = toFen(r.back);
      const paidFen = toFen(r.charged) - toFen(r.reversed);
      const dueFen = Math.max(0, selfFen - (paidFen - backFen));
      const idCard = personalData.openOrNull('customers.cust_id_card', r.idCardEnc);
      const phone = personalData.openOrNull('customers.phone', r.phoneEnc);
      return {
        order_id: r.orderId,
        cust_name: nameFor(user, r.custName, r.specialFlag),
        sex: r.sex,
        id_card: idCard && maskIdNumber(idCard),
        phone: phone && maskPhone(phone),
        company_name: r.companyName,
        registered_at: r.createdAt.toISOString(),
        exam_date: r.examDate,
        total: fenText(toFen(r.total)),
        self_total: fenText(selfFen),
        paid: fenText(paidFen),
        refunded: fenText(backFen),
        due: fenText(dueFen),
        state: stateOf(selfFen, paidFen, backFen, dueFen),
      };
    }),
    total: total?.n ?? 0,
    page: input.page,
    size: input.size,
  };
}

/** 费用详情: the person, the item lines and the payment lines of one visit. */
export async function costDetail(
  db: Db,
  personalData: PersonalData,
  orderId: string,
): Promise<RouteOutput<typeof costDetailRoute>> {
  const [head] = await db
    .select({
      custName: customers.custName,
      specialFlag: customers.specialFlag,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      idCardEnc: customers.custIdCardEnc,
      phoneEnc: customers.phoneEnc,
      companyName: companies.companyName,
      examDate: orders.examDate,
      status: orders.status,
      total: orders.totalPrice,
      selfTotal,
      charged: chargedTotal,
      back: backTotal,
      reversed: reversedTotal,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.orderId, orderId));
  if (!head) throw new AppError('RECORD_NOT_FOUND', '体检号不存在，请核对后重新输入');
  const lines = await db
    .select({
      union_id: orderUnions.unionId,
      union_name: unions.unionName,
      dept_name: departments.deptName,
      list_price: orderUnions.listPrice,
      price: orderUnions.price,
      pay_mode: orderUnions.payMode,
      fee_charged: orderUnions.feeCharged,
      returnedAt: orderUnions.returnedAt,
      return_reason: orderUnions.returnReason,
      exec_state: orderUnions.status,
      deptStatus: orderDepts.status,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .leftJoin(orderDepts, and(eq(orderDepts.orderId, orderUnions.orderId), eq(orderDepts.deptId, orderUnions.deptId)))
    .where(eq(orderUnions.orderId, orderId))
    .orderBy(asc(departments.sort), asc(departments.id), asc(unions.sort), asc(unions.id));
  const lineRows = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      pay_method: payments.payMethod,
      amount: payments.amount,
      card_no: examCards.cardNo,
      refund_of: payments.refundOf,
      operator_name: users.userName,
      paidAt: payments.paidAt,
      dayEndId: payments.dayEndId,
      note: payments.note,
      backTotal: sql<string>`(select coalesce(sum(b.amount), 0)::text from payments b where b.refund_of = ${payments.id})`,
    })
    .from(payments)
    .leftJoin(examCards, eq(examCards.id, payments.cardId))
    .leftJoin(users, eq(users.id, payments.operatorId))
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'visit')))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  const selfFen = toFen(head.selfTotal);
  const backFen = toFen(head.back);
  const paidFen = toFen(head.charged) - toFen(head.reversed);
  const idCard = personalData.openOrNull('customers.cust_id_card', head.idCardEnc);
  const phone = personalData.openOrNull('customers.phone', head.phoneEnc);
  return {
    order_id: orderId,
    // The person was checked (assertCanViewPerson) before the detail opened.
    cust_name: head.custName,
    sex: head.sex,
    age: head.age,
    id_card: idCard && maskIdNumber(idCard),
    phone: phone && maskPhone(phone),
    company_name: head.companyName,
    exam_date: head.examDate,
    status: head.status,
    total: fenText(toFen(head.total)),
    due: fenText(Math.max(0, selfFen - (paidFen - backFen))),
    paid: fenText(paidFen),
    refunded: fenText(backFen),
    lines: lines.map(({ returnedAt, deptStatus, ...l }) => ({
      ...l,
      list_price: fenText(toFen(l.list_price)),
      price: fenText(toFen(l.price)),
      returned: returnedAt !== null,
      examined: l.exec_state === UNION_EXEC.done || deptStatus === '1' || deptStatus === '2',
    })),
    payments: lineRows.map(({ paidAt, dayEndId, backTotal, ...p }) => ({
      ...p,
      kind: p.kind as PaymentKind,
      amount: fenText(toFen(p.amount)),
      paid_at: paidAt.toISOString(),
      day_ended: dayEndId !== null,
      refundable: fenText(p.kind === 'charge' ? Math.max(0, toFen(p.amount) + toFen(backTotal)) : 0),
    })),
    mistake_methods: await mistakeMethods(db),
  };
}

/** 收费历史: the visit's append-only charge history, oldest first. */
export async function costHistory(db: Db, orderId: string): Promise<RouteOutput<typeof costHistoryRoute>> {
  const rows = await db
    .select({ row: chargeHistory, operator_name: users.userName })
    .from(chargeHistory)
    .leftJoin(users, eq(users.id, chargeHistory.operatorId))
    .where(eq(chargeHistory.orderId, orderId))
    .orderBy(asc(chargeHistory.createdAt), asc(chargeHistory.id));
  const money = (v: string | null) => (v === null ? null : fenText(toFen(v)));
  return rows.map(({ row, operator_name }) => ({
    id: row.id,
    action: row.action,
    old_due: money(row.oldDue),
    new_due: money(row.newDue),
    old_paid: money(row.oldPaid),
    new_paid: money(row.newPaid),
    detail: row.detail,
    operator_name,
    created_at: row.createdAt.toISOString(),
  }));
}

/** What 收费处's 缴费单 adds: the paid 自费 lines and every payment line of the visit. */
export async function slipPaid(db: Db, orderId: string) {
  const lines = await db
    .select({ unionName: unions.unionName, price: orderUnions.price })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .where(
      and(
        eq(orderUnions.orderId, orderId),
        eq(orderUnions.payMode, 'self'),
        eq(orderUnions.feeCharged, true),
        isNull(orderUnions.returnedAt),
      ),
    )
    .orderBy(asc(unions.sort), asc(unions.id));
  const rows = await db
    .select({ kind: payments.kind, method: payments.payMethod, amount: payments.amount, paidAt: payments.paidAt })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'visit')))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  return {
    lines: lines.map((l) => ({ unionName: l.unionName, price: fenText(toFen(l.price)) })),
    payments: rows.map((p) => ({
      kind: PAYMENT_KIND_LABELS[p.kind as PaymentKind] ?? p.kind,
      method: PAY_METHOD_NAMES[p.method as keyof typeof PAY_METHOD_NAMES] ?? p.method,
      amount: fenText(toFen(p.amount)),
      paidAt: p.paidAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }),
    })),
  };
}
