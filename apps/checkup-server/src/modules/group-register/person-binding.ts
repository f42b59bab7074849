import { asc, desc, eq, exists, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  maskIdNumber,
  maskPhone,
  NOT_PREPARED,
  type groupPersonResource,
  type groupRegisterResource,
} from '@checkup/api-contract';
import {
  companies,
  companyGroups,
  customers,
  groupOrders,
  groupPersons,
  groupRegisterPrints,
  orders,
  packages,
} from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import type { PersonalData } from '../people/personal-data.js';

type PersonResource = typeof groupRegisterResource | typeof groupPersonResource;
export type PersonFilter = {
  name?: string;
  order_from?: string;
  order_to?: string;
  id_card?: string;
  phone?: string;
  group_order_id?: number;
  company_id?: number;
  group_id?: number;
  dept_name?: string;
  status?: string;
  banned?: '0' | '1';
  printed?: '0' | '1';
};

const printed = exists(
  sql`(select 1 from ${groupRegisterPrints} where ${groupRegisterPrints.personId} = ${groupPersons.id})`,
);
const banned = sql`(${groupPersons.paused} or ${orders.banReason} is not null)`;

/** The filters of the register list and 团检人员 (ID number and mobile exact, by their keyed hash). */
export function personWhere(personalData: PersonalData, f: PersonFilter): (SQL | undefined)[] {
  const idHash = f.id_card ? personalData.idCardLookup(f.id_card) : undefined;
  return [
    f.name ? ilike(groupPersons.custName, `%${escapeLike(f.name)}%`) : undefined,
    f.order_from ? gte(groupPersons.orderId, f.order_from) : undefined,
    f.order_to ? lte(groupPersons.orderId, f.order_to) : undefined,
    idHash ? or(eq(groupPersons.custIdCardHash, idHash), eq(customers.custIdCardHash, idHash)) : undefined,
    f.phone ? eq(customers.phoneHash, personalData.phoneLookup(f.phone)) : undefined,
    f.group_order_id !== undefined ? eq(groupPersons.groupOrderId, f.group_order_id) : undefined,
    f.company_id !== undefined ? eq(groupOrders.companyId, f.company_id) : undefined,
    f.group_id !== undefined ? eq(groupPersons.groupId, f.group_id) : undefined,
    f.dept_name ? ilike(groupPersons.deptName, `%${escapeLike(f.dept_name)}%`) : undefined,
    f.status === NOT_PREPARED
      ? sql`${groupPersons.orderId} is null`
      : f.status
        ? eq(orders.status, f.status)
        : undefined,
    f.banned === '1' ? banned : f.banned === '0' ? sql`not ${banned}` : undefined,
    f.printed === '1' ? printed : f.printed === '0' ? sql`not ${printed}` : undefined,
  ];
}

/** Opens a sealed value for a masked column; a value sealed otherwise is not shown. */
function opened(personalData: PersonalData, column: 'customers.cust_id_card' | 'customers.phone', v: unknown) {
  if (typeof v !== 'string' || v === '') return null;
  try {
    return personalData.open(column, v);
  } catch {
    return null;
  }
}

/** 团检人员 as a list row: the person of the 名单, their order, group and visit; ID and phone masked. */
export function personBinding<R extends PersonResource>(personalData: PersonalData): ResourceBinding<R> {
  return {
    table: groupPersons,
    id: groupPersons.id,
    fields: {
      group_order_id: groupPersons.groupOrderId,
      order_no: groupOrders.orderNo,
      order_name: groupOrders.orderName,
      order_closed: groupOrders.closed,
      company_id: groupOrders.companyId,
      company_name: companies.companyName,
      group_id: groupPersons.groupId,
      group_name: companyGroups.groupName,
      group_paused: sql<boolean>`coalesce(${companyGroups.paused}, false)`,
      dept_name: groupPersons.deptName,
      employee_no: groupPersons.employeeNo,
      cust_name: groupPersons.custName,
      sex: groupPersons.sex,
      birthday: groupPersons.birthday,
      id_card: sql<string | null>`coalesce(${customers.custIdCardEnc}, ${groupPersons.custIdCardEnc})`,
      phone: sql<string | null>`coalesce(${customers.phoneEnc}, ${groupPersons.phoneEnc})`,
      order_id: groupPersons.orderId,
      status: sql<string>`coalesce(${orders.status}, ${NOT_PREPARED})`,
      exam_date: orders.examDate,
      package_name: packages.packageName,
      total_price: orders.totalPrice,
      price_limit: groupPersons.priceLimit,
      banned: sql<boolean>`${banned}`,
      ban_reason: sql<string | null>`coalesce(${orders.banReason}, case when ${groupPersons.paused} then '禁检' end)`,
      print_count: sql<number>`(select count(*)::int from ${groupRegisterPrints} where ${groupRegisterPrints.personId} = ${groupPersons.id})`,
    },
    joins: [
      { table: groupOrders, on: eq(groupOrders.id, groupPersons.groupOrderId) },
      { table: companies, on: eq(companies.id, groupOrders.companyId) },
      { table: companyGroups, on: eq(companyGroups.id, groupPersons.groupId) },
      { table: orders, on: eq(orders.orderId, groupPersons.orderId) },
      { table: customers, on: eq(customers.id, orders.customerId) },
      { table: packages, on: eq(packages.id, orders.packageId) },
    ],
    values: () => ({}),
    where: (filter) => personWhere(personalData, filter as PersonFilter),
    orderBy: [desc(groupPersons.groupOrderId), asc(groupPersons.orderId), asc(groupPersons.id)],
    toRow: (row) => {
      const idCard = opened(personalData, 'customers.cust_id_card', row.id_card);
      const phone = opened(personalData, 'customers.phone', row.phone);
      return {
        ...row,
        id_card: idCard ? maskIdNumber(idCard) : null,
        phone: phone ? maskPhone(phone) : null,
        print_count: Number(row.print_count ?? 0),
        banned: Boolean(row.banned),
        group_paused: Boolean(row.group_paused),
      };
    },
  };
}
