import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import {
  checkIdentity,
  fenText,
  priceOrder,
  toFen,
  type PackageOption,
  type PricingResult,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, companyGroups, customers, groupPersons, orderStatusLog, orders } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { PersonalData } from '../people/personal-data.js';
import { getRegistrationSettings } from '../parameters/repository.js';
import { packageOptions } from '../registration/catalogue-repository.js';
import { nextOrderIds, priceLine, writeVisitsUnions, type UnionLine } from '../registration/order-save-service.js';
import { deskBranchId } from '../system-register/desk-branch.js';
import { openGroupOrder, WRITE_BATCH } from './import-service.js';
import type { Progress } from './progress.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Priced = Extract<PricingResult, { ok: true }>;
type Person = typeof groupPersons.$inferSelect;
type Group = typeof companyGroups.$inferSelect;

export interface PrepareActor {
  userId: number;
  userAccount: string;
  ip?: string;
}

export interface PrepareRefusal {
  person_id: number;
  name: string;
  reason: string;
}

export interface PrepareOutcome {
  prepared: number;
  refused: PrepareRefusal[];
}

/** What every member of a group is given: the package's lines, priced once for the group. */
interface GroupVisit {
  group: Group;
  pkg: PackageOption;
  lines: UnionLine[];
  totalPrice: string;
}

/**
 * The group's package priced as the desk prices a registration (registration-pricing.ts): the group's
 * 优惠价 (or the package's price) split over the package's lines by their list prices, the residue on
 * the dearest line, paid as the group's 付款方式 says, 0140 rounding on the self-paid sum.
 */
function groupVisit(group: Group, pkg: PackageOption, rounding: Parameters<typeof priceOrder>[0]['rounding']) {
  const payMode = group.payMode;
  const inputs = pkg.unions.map((u) => priceLine(u, 'package', payMode));
  const priced = priceOrder({ packageFen: toFen(group.price ?? pkg.price), lines: inputs, rounding });
  if (!priced.ok) return null;
  const lines = pkg.unions.map((union, i) => ({
    union,
    origin: 'package' as const,
    payMode,
    priceFen: (priced as Priced).lines[i]!.price_fen,
  }));
  return { group, pkg, lines, totalPrice: fenText(priced.totals.payable_fen) } satisfies GroupVisit;
}

/** A prepared visit's exam day: the plan's first day, or today once the plan has begun. */
const examDayOf = (planFrom: string) => {
  const today = todayCst();
  return planFrom > today ? planFrom : today;
};

/**
 * 预登记 (breadth §2.7): gives the chosen people of an approved, open group order — or all its people
 * without a visit — a visit in status prepared, with its 体检号, their group's package and its priced
 * lines and departments, and finds or creates their customer archive by ID number. A person is
 * refused with a reason (paused, their group paused or without a package, an invalid ID number, no
 * group); the others are written in batches, each batch one transaction, audited per visit.
 */
export async function prepareVisits(
  db: Db,
  personalData: PersonalData,
  input: { groupOrderId: number; personIds?: readonly number[]; actor: PrepareActor; progress?: Progress },
): Promise<PrepareOutcome> {
  const order = await openGroupOrder(db, input.groupOrderId, 'prepare');
  const chosen = input.personIds && input.personIds.length > 0 ? [...input.personIds] : null;
  const persons = await db
    .select()
    .from(groupPersons)
    .where(
      and(
        eq(groupPersons.groupOrderId, order.id),
        chosen ? inArray(groupPersons.id, chosen) : isNull(groupPersons.orderId),
      ),
    )
    .orderBy(asc(groupPersons.id));
  const refused: PrepareRefusal[] = [];
  if (chosen) {
    const found = new Set(persons.map((p) => p.id));
    for (const id of chosen.filter((c) => !found.has(c))) {
      refused.push({ person_id: id, name: '', reason: '人员不存在或不属于该订单' });
    }
  }

  const groups = await db.select().from(companyGroups).where(eq(companyGroups.groupOrderId, order.id));
  const packageIds = [...new Set(groups.flatMap((g) => (g.packageId === null ? [] : [g.packageId])))];
  const packages = new Map(
    (packageIds.length ? await packageOptions(db, { ids: packageIds }) : []).map((p) => [p.id, p]),
  );
  const { rounding } = await getRegistrationSettings(db);
  const visits = new Map<number, GroupVisit | null>();
  for (const group of groups) {
    const pkg = group.packageId === null ? undefined : packages.get(group.packageId);
    visits.set(group.id, pkg ? groupVisit(group, pkg, rounding) : null);
  }

  const ready: { person: Person; visit: GroupVisit }[] = [];
  for (const [index, person] of persons.entries()) {
    // Opening and checking 10,000 ID numbers is CPU work: other requests get a turn.
    if (index % WRITE_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    const refuse = (reason: string) => refused.push({ person_id: person.id, name: person.custName, reason });
    if (person.orderId) {
      refuse(`已预登记（体检号${person.orderId}）`);
      continue;
    }
    if (person.paused) {
      refuse('该人员已禁检');
      continue;
    }
    const group = groups.find((g) => g.id === person.groupId);
    if (!group) {
      refuse('未分组，不能预登记');
      continue;
    }
    if (group.paused) {
      refuse(`分组「${group.groupName}」已禁检`);
      continue;
    }
    const visit = visits.get(group.id);
    if (!visit) {
      refuse(`分组「${group.groupName}」未设置体检套餐或套餐已停用`);
      continue;
    }
    if (visit.pkg.gender_limit !== '0' && visit.pkg.gender_limit !== person.sex) {
      refuse(`套餐「${visit.pkg.package_name}」不适用于该人员的性别`);
      continue;
    }
    const idCard = person.custIdCardEnc ? personalData.open('customers.cust_id_card', person.custIdCardEnc) : null;
    const identity = idCard ? checkIdentity(idCard, person.sex, person.birthday) : null;
    if (!identity?.ok) {
      refuse('身份证号无效或与性别、出生日期不符');
      continue;
    }
    ready.push({ person, visit });
  }

  const examDate = examDayOf(order.planFrom);
  const branchId = order.branchId ?? (await deskBranchId(db, input.actor.userId));
  let prepared = 0;
  input.progress?.set('writing', 0, ready.length);
  for (let start = 0; start < ready.length; start += WRITE_BATCH) {
    const batch = ready.slice(start, start + WRITE_BATCH);
    prepared += await db.transaction((tx) =>
      prepareBatch(tx, personalData, batch, { order, examDate, branchId, actor: input.actor }),
    );
    input.progress?.set('writing', Math.min(start + WRITE_BATCH, ready.length), ready.length);
  }
  return { prepared, refused };
}

/** The customer of each ID hash: found (the oldest archive of that number) or created. */
async function customersFor(tx: Tx, personalData: PersonalData, persons: readonly Person[]) {
  const hashes = [...new Set(persons.map((p) => p.custIdCardHash!))];
  const found = await tx
    .select({ hash: customers.custIdCardHash, id: min(customers.id) })
    .from(customers)
    .where(inArray(customers.custIdCardHash, hashes))
    .groupBy(customers.custIdCardHash);
  const byHash = new Map(found.map((f) => [f.hash!, f.id!]));
  // Within one order an ID number is one person (group_persons_id_card_uq): no two rows share a hash.
  const missing = persons.filter((p) => !byHash.has(p.custIdCardHash!));
  if (missing.length > 0) {
    const created = await tx
      .insert(customers)
      .values(
        missing.map((p) => {
          const phone = p.phoneEnc ? personalData.open('customers.phone', p.phoneEnc) : null;
          return {
            custName: p.custName,
            sex: p.sex,
            birthday: p.birthday,
            // Sealed under the customers' own column names at import: copied, not sealed again.
            custIdCardEnc: p.custIdCardEnc,
            custIdCardHash: p.custIdCardHash,
            phoneEnc: p.phoneEnc,
            phoneHash: phone ? personalData.phoneLookup(phone) : null,
          };
        }),
      )
      .returning({ id: customers.id, hash: customers.custIdCardHash });
    for (const c of created) byHash.set(c.hash!, c.id);
  }
  return byHash;
}

async function prepareBatch(
  tx: Tx,
  personalData: PersonalData,
  batch: readonly { person: Person; visit: GroupVisit }[],
  ctx: {
    order: Awaited<ReturnType<typeof openGroupOrder>>;
    examDate: string;
    branchId: number | null;
    actor: PrepareActor;
  },
): Promise<number> {
  const { order, examDate, actor } = ctx;
  // A second 预登记 of the same people at the same moment waits here, then finds them done.
  const free = new Set(
    (
      await tx
        .select({ id: groupPersons.id })
        .from(groupPersons)
        .where(
          and(
            inArray(
              groupPersons.id,
              batch.map((b) => b.person.id),
            ),
            isNull(groupPersons.orderId),
          ),
        )
        .for('update')
    ).map((r) => r.id),
  );
  const todo = batch.filter((b) => free.has(b.person.id));
  if (todo.length === 0) return 0;
  const customerOf = await customersFor(
    tx,
    personalData,
    todo.map((b) => b.person),
  );
  const ids = await nextOrderIds(tx, examDate, todo.length);
  const examTypeOf = ({ person, visit }: (typeof todo)[number]) => {
    const type = visit.group.examType ?? order.examType;
    if (type !== 'both') return type;
    return person.harmFactors?.length ? 'occupational' : 'health';
  };
  await tx.insert(orders).values(
    todo.map((b, i) => ({
      orderId: ids[i]!,
      customerId: customerOf.get(b.person.custIdCardHash!)!,
      examType: examTypeOf(b),
      harmFactors: b.person.harmFactors ?? b.visit.group.harmFactors ?? null,
      packageId: b.visit.pkg.id,
      companyId: order.companyId,
      groupId: b.visit.group.id,
      status: 'prepared',
      examDate,
      totalPrice: b.visit.totalPrice,
      branchId: ctx.branchId,
    })),
  );
  await writeVisitsUnions(
    tx,
    todo.map((b, i) => ({ orderId: ids[i]!, examDate, rows: b.visit.lines })),
  );
  await tx
    .insert(orderStatusLog)
    .values(ids.map((orderId) => ({ orderId, fromStatus: null, toStatus: 'prepared', userId: actor.userId })));
  await tx.execute(
    sql`update ${groupPersons} set order_id = v.order_id, updated_at = now()
        from unnest(${sql.param(todo.map((b) => b.person.id))}::int[], ${sql.param(ids)}::varchar[]) as v(id, order_id)
        where ${groupPersons.id} = v.id`,
  );
  await tx.insert(auditLog).values(
    todo.map((b, i) => ({
      action: 'group_prepare',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: ids[i]!,
      detail: {
        group_order_no: order.orderNo,
        person_id: b.person.id,
        group_id: b.visit.group.id,
        customer_id: customerOf.get(b.person.custIdCardHash!)!,
        total_price: b.visit.totalPrice,
      },
      ip: actor.ip ?? null,
    })),
  );
  return todo.length;
}
