import { asc, eq, sql } from 'drizzle-orm';
import { ageInYears, fenText, formatAmount, toFen, type OrderDetail, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  companyGroups,
  customers,
  departments,
  orderDepts,
  orderUnions,
  orders,
  packageOptionGroups,
  packageOptionUnions,
  packages,
  payments,
  reviewPlans,
  unions,
} from '../../db/schema.js';
import { alias } from 'drizzle-orm/pg-core';
import { mutexUnionIds } from '../package/repository.js';
import type { PersonalData } from '../people/personal-data.js';

const firstVisit = alias(orders, 'first_visit');

const order0PackageFen = (head: { order: { packageId: number | null }; packagePrice: string | null }) =>
  head.order.packageId === null ? 0 : toFen(head.packagePrice ?? 0);

/** A package's optional groups with their unions' ids, as 修改项目 offers them again. */
export async function optionGroupsOf(db: Pick<Db, 'select'>, packageId: number) {
  const rows = await db
    .select({
      id: packageOptionGroups.id,
      groupName: packageOptionGroups.groupName,
      unionId: packageOptionUnions.unionId,
    })
    .from(packageOptionGroups)
    .innerJoin(packageOptionUnions, eq(packageOptionUnions.groupId, packageOptionGroups.id))
    .where(eq(packageOptionGroups.packageId, packageId))
    .orderBy(asc(packageOptionGroups.sort), asc(packageOptionGroups.id), asc(packageOptionUnions.unionId));
  const groups: { id: number; group_name: string; union_ids: number[] }[] = [];
  for (const r of rows) {
    const last = groups.at(-1);
    if (last?.id === r.id) last.union_ids.push(r.unionId);
    else groups.push({ id: r.id, group_name: r.groupName, union_ids: [r.unionId] });
  }
  return groups;
}

/**
 * One visit as the detail screen and the guide sheet show it, the ID number and phone opened;
 * undefined when there is no such order.
 */
export async function readOrderDetail(
  db: Db,
  personalData: PersonalData,
  orderId: string,
): Promise<OrderDetail | undefined> {
  const [head] = await db
    .select({
      order: orders,
      customer: customers,
      packageName: packages.packageName,
      packagePrice: packages.price,
      companyName: companies.companyName,
      groupName: companyGroups.groupName,
      groupPayMode: companyGroups.payMode,
      reviewOf: { order_id: firstVisit.orderId, exam_date: firstVisit.examDate },
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(reviewPlans, eq(reviewPlans.reviewOrderId, orders.orderId))
    .leftJoin(firstVisit, eq(firstVisit.orderId, reviewPlans.orderId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(companyGroups, eq(companyGroups.id, orders.groupId))
    .where(eq(orders.orderId, orderId));
  if (!head) return undefined;

  const unionRows = await db
    .select({
      unionId: orderUnions.unionId,
      unionName: unions.unionName,
      price: orderUnions.price,
      listPrice: orderUnions.listPrice,
      feeCharged: orderUnions.feeCharged,
      noDiscount: unions.noDiscount,
      origin: orderUnions.origin,
      payMode: orderUnions.payMode,
      status: orderUnions.status,
      execDate: orderUnions.execDate,
      specimen: unions.specimen,
      genderLimit: unions.genderLimit,
      deptId: departments.id,
      deptName: departments.deptName,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .where(eq(orderUnions.orderId, orderId))
    .orderBy(asc(departments.sort), asc(departments.id), asc(unions.sort), asc(unions.id));
  const deptRows = await db
    .select({ deptId: orderDepts.deptId, status: orderDepts.status })
    .from(orderDepts)
    .where(eq(orderDepts.orderId, orderId));
  const deptStatus = new Map(deptRows.map((d) => [d.deptId, d.status]));
  const mutex = await mutexUnionIds(
    db,
    unionRows.map((u) => u.unionId),
  );

  const depts: OrderDetail['depts'] = [];
  for (const row of unionRows) {
    let dept = depts.at(-1);
    if (dept?.dept_id !== row.deptId) {
      dept = { dept_id: row.deptId, dept_name: row.deptName, status: deptStatus.get(row.deptId) ?? '0', unions: [] };
      depts.push(dept);
    }
    dept.unions.push({
      union_id: row.unionId,
      union_name: row.unionName,
      price: formatAmount(row.price),
      list_price: formatAmount(row.listPrice),
      fee_charged: row.feeCharged,
      no_discount: row.noDiscount,
      origin: row.origin === 'package' || row.origin === 'dept' ? row.origin : 'extra',
      pay_mode: row.payMode,
      status: row.status,
      exec_date: row.execDate,
      specimen: row.specimen,
      gender_limit: row.genderLimit,
      mutex_union_ids: mutex.get(row.unionId) ?? [],
    });
  }

  const [paidRow] = await db
    .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  const packageFen = order0PackageFen(head);
  const listFen = unionRows.reduce((s, r) => s + toFen(r.listPrice), 0);
  const payableFen = toFen(head.order.totalPrice);
  const paidFen = toFen(paidRow?.paid ?? 0);
  const optionGroups = head.order.packageId === null ? [] : await optionGroupsOf(db, head.order.packageId);

  const { order, customer } = head;
  const { idCard, phone } = personalData.openIdentity(customer);
  return {
    order_id: order.orderId,
    status: order.status as OrderStatus,
    exam_type: order.examType,
    exam_date: order.examDate,
    review_of: head.reviewOf?.order_id
      ? { order_id: head.reviewOf.order_id, exam_date: head.reviewOf.exam_date }
      : null,
    total_price: formatAmount(order.totalPrice),
    totals: {
      package_price: fenText(packageFen),
      list_total: fenText(listFen),
      discount_total: fenText(listFen - payableFen),
      payable: fenText(payableFen),
      paid: fenText(paidFen),
      unpaid: fenText(payableFen - paidFen),
    },
    desk_discount: order.deskDiscount ?? null,
    package:
      order.packageId !== null && head.packageName !== null
        ? {
            id: order.packageId,
            package_name: head.packageName,
            price: formatAmount(head.packagePrice ?? 0),
            option_groups: optionGroups,
          }
        : null,
    company_name: head.companyName,
    group_name: head.groupName,
    group_pay_mode: head.groupPayMode,
    customer: {
      id: customer.id,
      cust_name: customer.custName,
      sex: customer.sex,
      birthday: customer.birthday,
      age: ageInYears(customer.birthday, order.examDate),
      cust_id_card: idCard,
      phone,
      nation: customer.nation,
      address: customer.address,
      special_flag: customer.specialFlag,
      photo: customer.photo,
      has_fingerprint: customer.fingerprintTemplate !== null,
      fingerprint_collection_time: customer.fingerprintCollectionTime?.toISOString() ?? null,
    },
    depts,
  };
}
