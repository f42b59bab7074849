import { asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, type usClassifyResource, type usItemResource, type usSignResource } from '@checkup/api-contract';
import { departments, usClassifies, usItems, usSigns } from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

const parent = alias(usClassifies, 'us_parent');

/** A node may not move below itself: walk up from the new parent and refuse when the node is met. */
async function assertNoCycle(tx: Tx, id: number, parentId: number | null) {
  if (parentId === null) return;
  const result = await tx.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from us_classifies where id = ${parentId}
      union -- not union all: a cycle left by this very save must end the walk
      select c.id, c.parent_id from us_classifies c join up on c.id = up.parent_id
    ) select id from up`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows;
  if (ids.length === 0) throw new AppError('VALIDATION', '所选父级分类不存在或已被删除，请刷新后重选');
  if (ids.some((row) => Number(row.id) === id)) throw new AppError('VALIDATION', '父级不能是本分类或其下级分类');
}

/** 超声分类: the body-part tree; children are listed right after their parent. */
export const usClassifyBinding: ResourceBinding<typeof usClassifyResource> = {
  table: usClassifies,
  id: usClassifies.id,
  enabled: usClassifies.isActive,
  version: usClassifies.version,
  updatedAt: usClassifies.updatedAt,
  updatedBy: usClassifies.updatedBy,
  fields: {
    parent_id: usClassifies.parentId,
    parent_name: parent.classifyName,
    classify_name: usClassifies.classifyName,
    name_en: usClassifies.nameEn,
    sort: usClassifies.sort,
    child_count: sql<number>`(select count(*)::int from us_classifies c where c.parent_id = ${usClassifies.id})`,
  },
  joins: [{ table: parent, on: eq(parent.id, usClassifies.parentId) }],
  values: (form) => ({
    parentId: form.parent_id,
    classifyName: form.classify_name,
    nameEn: form.name_en,
    sort: form.sort,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [usClassifies.classifyName], [usClassifies.nameEn]),
    filter.parent_id ? eq(usClassifies.parentId, filter.parent_id) : undefined,
    filter.enabled ? eq(usClassifies.isActive, filter.enabled === '1') : undefined,
  ],
  // A root's sort and id, then the root before its children: each branch reads as one block.
  orderBy: [
    sql`coalesce(${parent.sort}, ${usClassifies.sort})`,
    sql`coalesce(${usClassifies.parentId}, ${usClassifies.id})`,
    sql`${usClassifies.parentId} nulls first`,
    asc(usClassifies.sort),
    asc(usClassifies.id),
  ],
  references: [{ label: '超声项目', column: usItems.classifyId }],
  async afterSave(tx, id, form) {
    await assertNoCycle(tx, id, form.parent_id);
  },
  async beforeRemove(tx, id) {
    const [children] = await tx.select({ n: count() }).from(usClassifies).where(eq(usClassifies.parentId, id));
    const n = Number(children?.n ?? 0);
    if (n > 0) throw new AppError('CONFLICT', `该分类下还有${n}个下级分类，请先删除或移走下级分类`);
  },
};

/** 超声项目: what the doctor describes, in its body-part class and department. */
export const usItemBinding: ResourceBinding<typeof usItemResource> = {
  table: usItems,
  id: usItems.id,
  enabled: usItems.isActive,
  version: usItems.version,
  updatedAt: usItems.updatedAt,
  updatedBy: usItems.updatedBy,
  fields: {
    item_name: usItems.itemName,
    input_code: usItems.inputCode,
    gender_limit: usItems.genderLimit,
    classify_id: usItems.classifyId,
    classify_name: usClassifies.classifyName,
    dept_id: usItems.deptId,
    dept_name: departments.deptName,
    sort: usItems.sort,
  },
  joins: [
    { table: usClassifies, on: eq(usClassifies.id, usItems.classifyId) },
    { table: departments, on: eq(departments.id, usItems.deptId) },
  ],
  values: (form) => ({
    itemName: form.item_name,
    inputCode: form.input_code.toUpperCase(),
    genderLimit: form.gender_limit,
    classifyId: form.classify_id,
    deptId: form.dept_id,
    sort: form.sort,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [usItems.itemName], [usItems.inputCode]),
    filter.classify_id ? eq(usItems.classifyId, filter.classify_id) : undefined,
    filter.gender_limit ? eq(usItems.genderLimit, filter.gender_limit) : undefined,
    filter.enabled ? eq(usItems.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(usItems.sort), asc(usItems.id)],
  unique: [{ column: usItems.itemName, field: 'item_name', label: '项目名称' }],
  references: [{ label: '所见描述', column: usSigns.usItemId }],
  async afterSave(tx, _id, form) {
    const [classify] = await tx
      .select({ id: usClassifies.id })
      .from(usClassifies)
      .where(eq(usClassifies.id, form.classify_id));
    if (!classify) throw new AppError('VALIDATION', '所选分类不存在或已被删除，请刷新后重选');
    const [dept] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, form.dept_id));
    if (!dept) throw new AppError('VALIDATION', '所选科室不存在或已被删除，请刷新后重选');
  },
};

/** 所见描述: an item's sign words; only one is its default (normal) word. */
export const usSignBinding: ResourceBinding<typeof usSignResource> = {
  table: usSigns,
  id: usSigns.id,
  enabled: usSigns.isActive,
  version: usSigns.version,
  updatedAt: usSigns.updatedAt,
  updatedBy: usSigns.updatedBy,
  fields: {
    us_item_id: usSigns.usItemId,
    item_name: usItems.itemName,
    sign_name: usSigns.signName,
    is_positive: usSigns.isPositive,
    description: usSigns.description,
    conclusion: usSigns.conclusion,
    serious_type: usSigns.seriousType,
    is_default: usSigns.isDefault,
    sort: usSigns.sort,
  },
  joins: [{ table: usItems, on: eq(usItems.id, usSigns.usItemId) }],
  values: (form) => ({
    usItemId: form.us_item_id,
    signName: form.sign_name,
    isPositive: form.is_positive,
    description: form.description!,
    conclusion: form.conclusion,
    seriousType: form.serious_type,
    isDefault: form.is_default,
    sort: form.sort,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [usSigns.signName, usSigns.conclusion, usItems.itemName], []),
    filter.us_item_id ? eq(usSigns.usItemId, filter.us_item_id) : undefined,
    filter.enabled ? eq(usSigns.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(usItems.sort), asc(usSigns.usItemId), asc(usSigns.sort), asc(usSigns.id)],
  unique: [
    {
      column: usSigns.signName,
      field: 'sign_name',
      label: '体征名称',
      within: [{ column: usSigns.usItemId, field: 'us_item_id' }],
    },
  ],
  async afterSave(tx, id, form) {
    const [item] = await tx.select({ id: usItems.id }).from(usItems).where(eq(usItems.id, form.us_item_id));
    if (!item) throw new AppError('VALIDATION', '所选超声项目不存在或已被删除，请刷新后重选');
    // The default word is the one offered first: a new default takes the place of the old one.
    if (form.is_default) {
      await tx
        .update(usSigns)
        .set({ isDefault: false })
        .where(sql`${usSigns.usItemId} = ${form.us_item_id} and ${usSigns.id} <> ${id} and ${usSigns.isDefault}`);
    }
  },
};
