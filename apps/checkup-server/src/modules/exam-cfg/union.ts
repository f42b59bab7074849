import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError, moneyText, type packageResource, type unionResource } from '@checkup/api-contract';
import {
  companyGroups,
  departments,
  examItems,
  orderUnions,
  orders,
  packageOptionGroups,
  packageOptionUnions,
  packageUnions,
  packages,
  unionItems,
  unionMutex,
  unions,
} from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { foldedWordsMatch, wordsMatch } from './search.js';

/** Ids chosen in a form must name rows that exist: the message says which list was wrong. */
async function assertAllExist(tx: Tx, column: typeof examItems.id | typeof unions.id, ids: number[], label: string) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: column }).from(column.table).where(inArray(column, ids));
  if (found.length !== ids.length) throw new AppError('VALIDATION', `所选${label}不存在或已被删除，请刷新后重选`);
}

const idsOf = (subquery: ReturnType<typeof sql>) => sql<number[]>`coalesce((${subquery}), '[]'::json)`;

/** 组合项目 on the unions table, with its items (in order) and its mutual exclusions (both ways). */
export const unionBinding: ResourceBinding<typeof unionResource> = {
  table: unions,
  id: unions.id,
  enabled: unions.isActive,
  version: unions.version,
  updatedAt: unions.updatedAt,
  updatedBy: unions.updatedBy,
  fields: {
    union_code: unions.unionCode,
    union_name: unions.unionName,
    dept_id: unions.deptId,
    dept_name: departments.deptName,
    work_group_id: unions.workGroupId,
    price: unions.price,
    gender_limit: unions.genderLimit,
    specimen: unions.specimen,
    pinyin: unions.pinyin,
    no_discount: unions.noDiscount,
    sort: unions.sort,
    item_ids: idsOf(
      sql`select json_agg(ui.item_id order by ui.sort, ui.item_id) from union_items ui where ui.union_id = ${unions.id}`,
    ),
    mutex_ids: idsOf(sql`select json_agg(case when m.union_id = ${unions.id} then m.mutex_union_id else m.union_id end)
      from union_mutex m where m.union_id = ${unions.id} or m.mutex_union_id = ${unions.id}`),
  },
  joins: [{ table: departments, on: eq(departments.id, unions.deptId) }],
  values: (form) => ({
    unionCode: form.union_code,
    unionName: form.union_name,
    deptId: form.dept_id,
    workGroupId: form.work_group_id,
    price: moneyText(form.price),
    genderLimit: form.gender_limit,
    specimen: form.specimen,
    pinyin: form.pinyin,
    noDiscount: form.no_discount,
    sort: form.sort,
  }),
  where: (filter) => [
    foldedWordsMatch(filter.key, [unions.unionNameFolded], [unions.unionCodeFolded, unions.pinyinFolded]),
    filter.dept_id ? eq(unions.deptId, filter.dept_id) : undefined,
    filter.gender_limit ? eq(unions.genderLimit, filter.gender_limit) : undefined,
    filter.enabled ? eq(unions.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(departments.sort), asc(unions.sort), asc(unions.id)],
  unique: [{ column: unions.unionCode, field: 'union_code', label: '组合编码' }],
  references: [
    { label: '套餐', column: packageUnions.unionId },
    { label: '套餐可选组', column: packageOptionUnions.unionId },
    { label: '体检订单', column: orderUnions.unionId },
  ],
  async beforeRemove(tx, id) {
    await tx.delete(unionItems).where(eq(unionItems.unionId, id));
    await tx.delete(unionMutex).where(or(eq(unionMutex.unionId, id), eq(unionMutex.mutexUnionId, id)));
  },
  async afterSave(tx, id, form) {
    await assertAllExist(tx, examItems.id, form.item_ids, '基础项目');
    const mutexIds = form.mutex_ids.filter((other) => other !== id);
    await assertAllExist(tx, unions.id, mutexIds, '互斥组合项目');
    await tx.delete(unionItems).where(eq(unionItems.unionId, id));
    if (form.item_ids.length) {
      await tx.insert(unionItems).values(form.item_ids.map((itemId, sort) => ({ unionId: id, itemId, sort })));
    }
    // A pair is kept once, lower id first (schema: union_mutex); it excludes both ways.
    await tx.delete(unionMutex).where(or(eq(unionMutex.unionId, id), eq(unionMutex.mutexUnionId, id)));
    if (mutexIds.length) {
      await tx
        .insert(unionMutex)
        .values(mutexIds.map((other) => ({ unionId: Math.min(id, other), mutexUnionId: Math.max(id, other) })));
    }
  },
};

/** 套餐 on the packages table, with its unions; the union total is answered beside its price. */
export const packageBinding: ResourceBinding<typeof packageResource> = {
  table: packages,
  id: packages.id,
  enabled: packages.isActive,
  version: packages.version,
  updatedAt: packages.updatedAt,
  updatedBy: packages.updatedBy,
  fields: {
    package_code: packages.packageCode,
    package_name: packages.packageName,
    gender_limit: packages.genderLimit,
    price: packages.price,
    union_total: sql<string>`(select coalesce(sum(u.price), 0)::numeric(10, 2)::text
      from package_unions pu join unions u on u.id = pu.union_id where pu.package_id = ${packages.id})`,
    age_min: packages.ageMin,
    age_max: packages.ageMax,
    description: packages.description,
    sort: packages.sort,
    union_ids: idsOf(
      sql`select json_agg(pu.union_id order by pu.union_id) from package_unions pu where pu.package_id = ${packages.id}`,
    ),
    option_groups: sql<{ group_name: string; union_ids: number[] }[]>`coalesce((select json_agg(json_build_object(
        'group_name', g.group_name,
        'union_ids', (select json_agg(ou.union_id order by ou.union_id) from package_option_unions ou where ou.group_id = g.id)
      ) order by g.sort, g.id) from package_option_groups g where g.package_id = ${packages.id}), '[]'::json)`,
  },
  values: (form) => ({
    packageCode: form.package_code,
    packageName: form.package_name,
    genderLimit: form.gender_limit,
    price: moneyText(form.price),
    ageMin: form.age_min,
    ageMax: form.age_max,
    description: form.description,
    sort: form.sort,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [packages.packageName], [packages.packageCode]),
    filter.gender_limit ? eq(packages.genderLimit, filter.gender_limit) : undefined,
    filter.enabled ? eq(packages.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(packages.sort), asc(packages.id)],
  unique: [{ column: packages.packageCode, field: 'package_code', label: '套餐编码' }],
  references: [
    { label: '体检订单', column: orders.packageId },
    { label: '团检分组', column: companyGroups.packageId },
  ],
  async beforeRemove(tx, id) {
    await tx.delete(packageUnions).where(eq(packageUnions.packageId, id));
    await removeOptionGroups(tx, id);
  },
  async afterSave(tx, id, form) {
    await assertAllExist(tx, unions.id, form.union_ids, '组合项目');
    // A package for one sex cannot hold a union for the other (spec §5: a gender mismatch is refused).
    if (form.gender_limit !== '0') {
      const [other] = await tx
        .select({ name: unions.unionName })
        .from(unions)
        .where(
          and(
            inArray(unions.id, form.union_ids),
            inArray(unions.genderLimit, form.gender_limit === '1' ? ['2'] : ['1']),
          ),
        )
        .limit(1);
      if (other) throw new AppError('VALIDATION', `套餐适用性别与组合项目「${other.name}」的性别限制不一致`);
    }
    await tx.delete(packageUnions).where(eq(packageUnions.packageId, id));
    await tx.insert(packageUnions).values(form.union_ids.map((unionId) => ({ packageId: id, unionId })));
    // 可选组 (issue 19): written again as the form holds them, in order.
    await assertAllExist(
      tx,
      unions.id,
      [...new Set(form.option_groups.flatMap((g) => g.union_ids))],
      '可选组的组合项目',
    );
    await removeOptionGroups(tx, id);
    for (const [sort, group] of form.option_groups.entries()) {
      const [created] = await tx
        .insert(packageOptionGroups)
        .values({ packageId: id, groupName: group.group_name, sort })
        .returning({ id: packageOptionGroups.id });
      await tx
        .insert(packageOptionUnions)
        .values(group.union_ids.map((unionId) => ({ groupId: created!.id, unionId })));
    }
  },
};

async function removeOptionGroups(tx: Tx, packageId: number) {
  const groups = tx
    .select({ id: packageOptionGroups.id })
    .from(packageOptionGroups)
    .where(eq(packageOptionGroups.packageId, packageId));
  await tx.delete(packageOptionUnions).where(inArray(packageOptionUnions.groupId, groups));
  await tx.delete(packageOptionGroups).where(eq(packageOptionGroups.packageId, packageId));
}
