import type { FastifyInstance } from 'fastify';
import { asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import {
  AppError,
  customerArchiveResource,
  customerMergeRoute,
  customerVisitsRoute,
  maskIdNumber,
  maskPhone,
  MERGE_DIFFERENT_ID,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyGroups, customers, examBookings, orders, packages } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource, type ResourceBinding, type Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';

const GONE = '该客户档案不存在或已被合并';
const visitCount = sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${customers.id})`;
const lastVisit = sql<
  string | null
>`(select max(${orders.examDate})::text from ${orders} where ${orders.customerId} = ${customers.id})`;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
// The name is searched by its beginning (customers_name_idx serves LIKE '张%'); % and _ are literal.
const prefixOf = (name: string) => `${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * 客户档案 on customers: the ID number and phone looked up by their hash and shown masked; a
 * confidential person's name hidden in the list (their visits open only to who may see them).
 */
export function customerArchiveBinding(personalData: PersonalData): ResourceBinding<typeof customerArchiveResource> {
  return {
    table: customers,
    id: customers.id,
    fields: {
      cust_name: customers.custName,
      sex: customers.sex,
      birthday: customers.birthday,
      id_card: customers.custIdCardEnc,
      phone: customers.phoneEnc,
      nation: customers.nation,
      address: customers.address,
      visit_count: visitCount,
      last_visit: lastVisit,
      created_at: customers.createdAt,
      special_flag: customers.specialFlag,
    },
    values: () => ({}),
    where: (filter) => [
      filter.name ? like(customers.custName, prefixOf(filter.name)) : undefined,
      filter.id_card ? eq(customers.custIdCardHash, personalData.idCardLookup(filter.id_card)) : undefined,
      filter.phone ? eq(customers.phoneHash, personalData.phoneLookup(filter.phone)) : undefined,
      filter.sex ? eq(customers.sex, filter.sex) : undefined,
      filter.date_from || filter.date_to
        ? sql`exists (select 1 from ${orders} where ${orders.customerId} = ${customers.id}${
            filter.date_from ? sql` and ${orders.examDate} >= ${filter.date_from}` : sql``
          }${filter.date_to ? sql` and ${orders.examDate} <= ${filter.date_to}` : sql``})`
        : undefined,
    ],
    orderBy: [desc(customers.id)],
    toRow: (row) => {
      const { special_flag: specialFlag, ...rest } = row;
      const identity = personalData.openIdentity({
        custIdCardEnc: row.id_card as string | null,
        phoneEnc: row.phone as string | null,
      });
      return {
        ...rest,
        cust_name: specialFlag === '1' ? '***' : row.cust_name,
        id_card: identity.idCard ? maskIdNumber(identity.idCard) : null,
        phone: identity.phone ? maskPhone(identity.phone) : null,
        visit_count: Number(row.visit_count ?? 0),
        created_at: iso(row.created_at),
      };
    },
  };
}

async function personOf(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      specialFlag: customers.specialFlag,
      custIdCardHash: customers.custIdCardHash,
      custIdCardEnc: customers.custIdCardEnc,
      phoneEnc: customers.phoneEnc,
      phoneHash: customers.phoneHash,
      nation: customers.nation,
      address: customers.address,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

/** 客户档案: the list and detail, the visits of one archive, and 合并 of two. */
export function customerArchiveRoutes(app: FastifyInstance, db: Db, personalData: PersonalData) {
  serveResource(app, db, customerArchiveResource, customerArchiveBinding(personalData));

  defineRoute(app, customerVisitsRoute, async ({ input, user, request }) => {
    const person = await personOf(db, input.id);
    if (!person) throw new AppError('RECORD_NOT_FOUND', GONE);
    await assertCanViewPerson(
      db,
      request,
      user,
      { customerId: person.id, specialFlag: person.specialFlag },
      'cust_arch',
    );
    const rows = await db
      .select({
        order_id: orders.orderId,
        exam_date: orders.examDate,
        package_name: packages.packageName,
        status: orders.status,
        company_name: companies.companyName,
        group_name: companyGroups.groupName,
      })
      .from(orders)
      .leftJoin(packages, eq(packages.id, orders.packageId))
      .leftJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(companyGroups, eq(companyGroups.id, orders.groupId))
      .where(eq(orders.customerId, input.id))
      .orderBy(desc(orders.examDate), asc(orders.orderId));
    return rows.map((r) => ({ ...r, status_label: ORDER_STATUS_LABELS[r.status as OrderStatus] ?? r.status }));
  });

  // breadth §2.1: the other archive's visits (and bookings) move to the kept one, which takes the ID
  // number and phone it lacked; the other is removed. Both must be the same person by ID number.
  defineRoute(app, customerMergeRoute, async ({ input, user, request }) => {
    const removeId = input.ids[0] === input.keep_id ? input.ids[1] : input.ids[0];
    // Checked before the transaction: a refusal writes its audit row, which must not roll back.
    for (const id of input.ids) {
      const p = await personOf(db, id);
      if (!p) throw new AppError('RECORD_NOT_FOUND', GONE);
      await assertCanViewPerson(db, request, user, { customerId: p.id, specialFlag: p.specialFlag }, 'cust_arch_merge');
    }
    return db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(inArray(customers.id, [input.keep_id, removeId]))
        .for('update');
      if (locked.length !== 2) throw new AppError('RECORD_NOT_FOUND', GONE);
      const kept = (await personOf(tx, input.keep_id))!;
      const other = (await personOf(tx, removeId))!;
      if (kept.custIdCardHash && other.custIdCardHash && kept.custIdCardHash !== other.custIdCardHash) {
        throw new AppError('VALIDATION', MERGE_DIFFERENT_ID);
      }
      const moved = await tx
        .update(orders)
        .set({ customerId: kept.id, updatedAt: sql`now()` })
        .where(eq(orders.customerId, other.id))
        .returning({ orderId: orders.orderId });
      await tx.update(examBookings).set({ customerId: kept.id }).where(eq(examBookings.customerId, other.id));
      await tx
        .update(customers)
        .set({
          ...(kept.custIdCardHash ? {} : { custIdCardEnc: other.custIdCardEnc, custIdCardHash: other.custIdCardHash }),
          ...(kept.phoneHash ? {} : { phoneEnc: other.phoneEnc, phoneHash: other.phoneHash }),
          ...(kept.nation ? {} : { nation: other.nation }),
          ...(kept.address ? {} : { address: other.address }),
          ...(other.specialFlag === '1' ? { specialFlag: '1' } : {}),
        })
        .where(eq(customers.id, kept.id));
      await tx.delete(customers).where(eq(customers.id, other.id));
      await recordAudit(tx, request, 'customer_merge', {
        userId: user.id,
        userAccount: user.user_account,
        target: `customer:${kept.id}`,
        detail: { kept_id: kept.id, removed_id: other.id, moved_orders: moved.map((m) => m.orderId) },
      });
      return { kept_id: kept.id, removed_id: other.id, moved_visits: moved.length };
    });
  });
}
