import { asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type diagnosisMergeResource } from '@checkup/api-contract';
import { diagnoses, diagnosisMergeMembers, diagnosisMerges } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

const members = (what: 'm.diag_id' | 'd.diag_name') =>
  sql`coalesce((select json_agg(${sql.raw(what)} order by m.sort, m.diag_id)
    from diagnosis_merge_members m join diagnoses d on d.id = m.diag_id where m.merge_id = ${diagnosisMerges.id}),
    '[]'::json)`;

/** 诊断关联 (合并结论词) on diagnosis_merges, with its member words in order. */
export const diagnosisMergeBinding: ResourceBinding<typeof diagnosisMergeResource> = {
  table: diagnosisMerges,
  id: diagnosisMerges.id,
  enabled: diagnosisMerges.isActive,
  version: diagnosisMerges.version,
  updatedAt: diagnosisMerges.updatedAt,
  updatedBy: diagnosisMerges.updatedBy,
  fields: {
    merge_name: diagnosisMerges.mergeName,
    input_code: diagnosisMerges.inputCode,
    advice: diagnosisMerges.advice,
    group_advice: diagnosisMerges.groupAdvice,
    remark: diagnosisMerges.remark,
    member_ids: members('m.diag_id'),
    member_names: members('d.diag_name'),
  },
  values: (form) => ({
    mergeName: form.merge_name,
    inputCode: form.input_code,
    advice: form.advice,
    groupAdvice: form.group_advice,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [diagnosisMerges.mergeName], [diagnosisMerges.inputCode]),
    filter.diag_id
      ? sql`exists (select 1 from diagnosis_merge_members m
          where m.merge_id = ${diagnosisMerges.id} and m.diag_id = ${filter.diag_id})`
      : undefined,
    filter.enabled ? eq(diagnosisMerges.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(diagnosisMerges.inputCode), asc(diagnosisMerges.id)],
  unique: [{ column: diagnosisMerges.mergeName, field: 'merge_name', label: '合并名称' }],
  async beforeRemove(tx, id) {
    await tx.delete(diagnosisMergeMembers).where(eq(diagnosisMergeMembers.mergeId, id));
  },
  async afterSave(tx, id, form) {
    const found = await tx.select({ id: diagnoses.id }).from(diagnoses).where(inArray(diagnoses.id, form.member_ids));
    if (found.length !== form.member_ids.length) {
      throw new AppError('VALIDATION', '所选诊断不存在或已被删除，请刷新后重选');
    }
    await tx.delete(diagnosisMergeMembers).where(eq(diagnosisMergeMembers.mergeId, id));
    await tx
      .insert(diagnosisMergeMembers)
      .values(form.member_ids.map((diagId, sort) => ({ mergeId: id, diagId, sort })));
  },
};
