import { and, asc, count, desc, eq, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { AppError, formatAmount, maskIdNumber, maskPhone, type ListPersonRow } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyGroups, groupOrders, groupPersons, packages } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { PersonalData } from '../people/personal-data.js';

const personCount = sql<number>`(select count(*)::int from ${groupPersons} p where p.group_order_id = ${groupOrders.id})`;
const preparedCount = sql<number>`(select count(*)::int from ${groupPersons} p
  where p.group_order_id = ${groupOrders.id} and p.order_id is not null)`;

const orderColumns = {
  id: groupOrders.id,
  order_no: groupOrders.orderNo,
  order_name: groupOrders.orderName,
  company_name: companies.companyName,
  exam_type: groupOrders.examType,
  plan_from: groupOrders.planFrom,
  plan_to: groupOrders.planTo,
  plan_male: groupOrders.planMale,
  plan_female: groupOrders.planFemale,
  person_count: personCount,
  prepared_count: preparedCount,
  desk_note: groupOrders.deskNote,
  approval_state: groupOrders.approvalState,
  closed: groupOrders.closed,
};

const orderRow = ({
  plan_male,
  plan_female,
  ...row
}: { plan_male: number; plan_female: number } & Record<string, unknown>) =>
  ({ ...row, plan_count: plan_male + plan_female }) as never;

/** 名单导入: the approved group orders not closed, newest plan first, with 已导入 / 已预登记 counts. */
export async function listOpenOrders(db: Db, input: { key?: string; page: number; size: number }) {
  const where = and(
    eq(groupOrders.approvalState, 'approved'),
    eq(groupOrders.closed, false),
    input.key
      ? or(
          like(groupOrders.orderNo, `%${escapeLike(input.key)}%`),
          like(groupOrders.orderName, `%${escapeLike(input.key)}%`),
          like(companies.companyName, `%${escapeLike(input.key)}%`),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .where(where);
  const rows = await db
    .select(orderColumns)
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .where(where)
    .orderBy(desc(groupOrders.planFrom), desc(groupOrders.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  return {
    list: rows.map(({ approval_state: _a, closed: _c, ...r }) => orderRow(r)),
    total: total?.n ?? 0,
    page: input.page,
    size: input.size,
  };
}

/** One order with its groups (the detail screen's upper grid), whatever its state: it is only read. */
export async function orderDetail(db: Db, id: number) {
  const [order] = await db
    .select(orderColumns)
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .where(eq(groupOrders.id, id));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '团检订单不存在');
  const groups = await db
    .select({
      id: companyGroups.id,
      group_name: companyGroups.groupName,
      group_code: companyGroups.groupCode,
      package_name: packages.packageName,
      gender_limit: companyGroups.genderLimit,
      marital_limit: companyGroups.maritalLimit,
      age_from: companyGroups.ageFrom,
      age_to: companyGroups.ageTo,
      priority: companyGroups.priority,
      pay_mode: companyGroups.payMode,
      price: companyGroups.price,
      paused: companyGroups.paused,
      person_count: sql<number>`(select count(*)::int from ${groupPersons} p where p.group_id = ${companyGroups.id})`,
    })
    .from(companyGroups)
    .leftJoin(packages, eq(packages.id, companyGroups.packageId))
    .where(eq(companyGroups.groupOrderId, id))
    .orderBy(desc(companyGroups.priority), asc(companyGroups.id));
  return {
    order: orderRow(order),
    groups: groups.map((g) => ({ ...g, price: g.price === null ? null : formatAmount(g.price) })),
  };
}

/** The detail screen's lower grid: one order's people, by group, 已预登记 or not, name or 工号. */
export async function listPersons(
  db: Db,
  personalData: PersonalData,
  input: { id: number; group_id?: number; prepared?: '0' | '1'; key?: string; page: number; size: number },
) {
  const conditions: (SQL | undefined)[] = [eq(groupPersons.groupOrderId, input.id)];
  if (input.group_id) conditions.push(eq(groupPersons.groupId, input.group_id));
  if (input.prepared === '1') conditions.push(isNotNull(groupPersons.orderId));
  if (input.prepared === '0') conditions.push(isNull(groupPersons.orderId));
  if (input.key) {
    const key = `${escapeLike(input.key)}%`;
    conditions.push(or(like(groupPersons.custName, key), like(groupPersons.employeeNo, key)));
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(groupPersons).where(where);
  const rows = await db
    .select({ person: groupPersons, groupName: companyGroups.groupName })
    .from(groupPersons)
    .leftJoin(companyGroups, eq(companyGroups.id, groupPersons.groupId))
    .where(where)
    .orderBy(asc(groupPersons.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  const list: ListPersonRow[] = rows.map(({ person: p, groupName }) => {
    const { idCard, phone } = personalData.openIdentity(p);
    return {
      id: p.id,
      group_id: p.groupId,
      group_name: groupName,
      cust_name: p.custName,
      sex: p.sex,
      birthday: p.birthday,
      id_card: idCard && maskIdNumber(idCard),
      phone: phone && maskPhone(phone),
      marital: p.marital,
      dept_name: p.deptName,
      employee_no: p.employeeNo,
      job_name: p.jobName,
      order_id: p.orderId,
      paused: p.paused,
    };
  });
  return { list, total: total?.n ?? 0, page: input.page, size: input.size };
}
