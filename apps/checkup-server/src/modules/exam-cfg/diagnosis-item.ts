import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { AppError, type diagnosisItemResource } from '@checkup/api-contract';
import { diagnoses, diagnosisItemLinks, examItems } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

/** 功能字典关联 on diagnosis_item_links: a conclusion word, an item and maybe one of its sign words. */
export const diagnosisItemBinding: ResourceBinding<typeof diagnosisItemResource> = {
  table: diagnosisItemLinks,
  id: diagnosisItemLinks.id,
  enabled: diagnosisItemLinks.isActive,
  version: diagnosisItemLinks.version,
  updatedAt: diagnosisItemLinks.updatedAt,
  updatedBy: diagnosisItemLinks.updatedBy,
  fields: {
    diag_id: diagnosisItemLinks.diagId,
    diag_name: diagnoses.diagName,
    diag_code: diagnoses.diagCode,
    item_id: diagnosisItemLinks.itemId,
    item_name: examItems.itemName,
    item_code: examItems.itemCode,
    sign_word: diagnosisItemLinks.signWord,
  },
  joins: [
    { table: diagnoses, on: eq(diagnoses.id, diagnosisItemLinks.diagId) },
    { table: examItems, on: eq(examItems.id, diagnosisItemLinks.itemId) },
  ],
  values: (form) => ({ diagId: form.diag_id, itemId: form.item_id, signWord: form.sign_word }),
  where: (filter) => [
    wordsMatch(
      filter.key,
      [diagnoses.diagName, examItems.itemName, diagnosisItemLinks.signWord],
      [diagnoses.diagCode, examItems.itemCode],
    ),
    filter.diag_id ? eq(diagnosisItemLinks.diagId, filter.diag_id) : undefined,
    filter.item_id ? eq(diagnosisItemLinks.itemId, filter.item_id) : undefined,
    filter.enabled ? eq(diagnosisItemLinks.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(diagnoses.diagCode), asc(examItems.itemCode), asc(diagnosisItemLinks.id)],
  async afterSave(tx, id, form) {
    const [diag] = await tx.select({ id: diagnoses.id }).from(diagnoses).where(eq(diagnoses.id, form.diag_id));
    if (!diag) throw new AppError('VALIDATION', '所选诊断不存在或已被删除，请刷新后重选');
    const [item] = await tx.select({ id: examItems.id }).from(examItems).where(eq(examItems.id, form.item_id));
    if (!item) throw new AppError('VALIDATION', '所选基础项目不存在或已被删除，请刷新后重选');
    // The same word, item and sign word once: checked here since a null sign word escapes a unique index.
    const [same] = await tx
      .select({ n: count() })
      .from(diagnosisItemLinks)
      .where(
        and(
          eq(diagnosisItemLinks.diagId, form.diag_id),
          eq(diagnosisItemLinks.itemId, form.item_id),
          form.sign_word === null
            ? isNull(diagnosisItemLinks.signWord)
            : eq(diagnosisItemLinks.signWord, form.sign_word),
          sql`${diagnosisItemLinks.id} <> ${id}`,
        ),
      );
    if (Number(same?.n ?? 0) > 0) throw new AppError('VALIDATION', '该诊断与此项目的关联已存在');
  },
};
