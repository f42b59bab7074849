import { asc, eq } from 'drizzle-orm';
import { ageInYears, formatAmount, type OrderDetail, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  companyGroups,
  customers,
  departments,
  orderDepts,
  orderUnions,
  orders,
  packages,
  unions,
} from '../../db/schema.js';
import { mutexUnionIds } from '../package/repository.js';
import type { PersonalData } from '../people/personal-data.js';

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
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
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
      origin: orderUnions.origin,
      payMode: orderUnions.payMode,
      status: orderUnions.status,
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
      origin: row.origin === 'package' ? 'package' : 'extra',
      pay_mode: row.payMode,
      status: row.status,
      specimen: row.specimen,
      gender_limit: row.genderLimit,
      mutex_union_ids: mutex.get(row.unionId) ?? [],
    });
  }

  const { order, customer } = head;
  const { idCard, phone } = personalData.openIdentity(customer);
  return {
    order_id: order.orderId,
    status: order.status as OrderStatus,
    exam_type: order.examType,
    exam_date: order.examDate,
    total_price: formatAmount(order.totalPrice),
    package:
      order.packageId !== null && head.packageName !== null
        ? { id: order.packageId, package_name: head.packageName, price: formatAmount(head.packagePrice ?? 0) }
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
