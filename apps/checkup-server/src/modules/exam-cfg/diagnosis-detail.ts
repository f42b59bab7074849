import { asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type diagnosisDetailResource } from '@checkup/api-contract';
import { departments, diagnoses, diagnosisProfiles, examItems } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

/** A profile column, or its default for a word that has no profile row yet. */
const or = <T>(column: unknown, fallback: string) => sql<T>`coalesce(${column}, ${sql.raw(fallback)})`;

/**
 * 诊断字典详情 on the diagnoses table, with its profile (diagnosis_profiles) beside it: the row keeps
 * what department entry and 总检 read, the profile the rest; both are written in one save.
 */
export const diagnosisDetailBinding: ResourceBinding<typeof diagnosisDetailResource> = {
  table: diagnoses,
  id: diagnoses.id,
  enabled: diagnoses.isActive,
  version: diagnoses.version,
  updatedAt: diagnoses.updatedAt,
  updatedBy: diagnoses.updatedBy,
  fields: {
    diag_code: diagnoses.diagCode,
    diag_name: diagnoses.diagName,
    pinyin: diagnoses.pinyin,
    dept_id: diagnoses.deptId,
    dept_name: departments.deptName,
    serious_type: diagnoses.seriousType,
    is_contagion: diagnoses.isContagion,
    to_summary: or<boolean>(diagnosisProfiles.toSummary, 'true'),
    is_common: or<boolean>(diagnosisProfiles.isCommon, 'false'),
    gender_limit: or<string>(diagnosisProfiles.genderLimit, "'0'"),
    advice: diagnoses.advice,
    explanation: diagnosisProfiles.explanation,
    life_guidance: diagnoses.lifeGuidance,
    diet_guidance: diagnosisProfiles.dietGuidance,
    exercise_guidance: diagnosisProfiles.exerciseGuidance,
    health_knowledge: diagnosisProfiles.healthKnowledge,
    rule_join: or<string>(diagnosisProfiles.ruleJoin, "'and'"),
    rule_conditions: or<unknown[]>(diagnosisProfiles.ruleConditions, "'[]'::jsonb"),
    rule_gender: or<string>(diagnosisProfiles.ruleGender, "'0'"),
    rule_age_min: diagnosisProfiles.ruleAgeMin,
    rule_age_max: diagnosisProfiles.ruleAgeMax,
  },
  joins: [
    { table: departments, on: eq(departments.id, diagnoses.deptId) },
    { table: diagnosisProfiles, on: eq(diagnosisProfiles.diagId, diagnoses.id) },
  ],
  values: (form) => ({
    diagCode: form.diag_code,
    diagName: form.diag_name,
    pinyin: form.pinyin,
    deptId: form.dept_id,
    seriousType: form.serious_type,
    isContagion: form.is_contagion,
    advice: form.advice ?? '',
    lifeGuidance: form.life_guidance ?? '',
  }),
  where: (filter) => [wordsMatch(filter.key, [diagnoses.diagName], [diagnoses.diagCode, diagnoses.pinyin])],
  orderBy: [asc(diagnoses.diagCode), asc(diagnoses.id)],
  unique: [
    { column: diagnoses.diagCode, field: 'diag_code', label: '诊断编码' },
    { column: diagnoses.diagName, field: 'diag_name', label: '诊断名称' },
  ],
  async afterSave(tx, id, form) {
    const itemIds = [...new Set(form.rule_conditions.map((c) => c.item_id))];
    if (itemIds.length) {
      const found = await tx.select({ id: examItems.id }).from(examItems).where(inArray(examItems.id, itemIds));
      if (found.length !== itemIds.length)
        throw new AppError('VALIDATION', '判断条件所选项目不存在或已被删除，请刷新后重选');
    }
    const profile = {
      toSummary: form.to_summary,
      isCommon: form.is_common,
      genderLimit: form.gender_limit,
      explanation: form.explanation,
      dietGuidance: form.diet_guidance,
      exerciseGuidance: form.exercise_guidance,
      healthKnowledge: form.health_knowledge,
      ruleJoin: form.rule_join,
      ruleConditions: form.rule_conditions,
      ruleGender: form.rule_gender,
      ruleAgeMin: form.rule_age_min,
      ruleAgeMax: form.rule_age_max,
    };
    await tx
      .insert(diagnosisProfiles)
      .values({ diagId: id, ...profile })
      .onConflictDoUpdate({ target: diagnosisProfiles.diagId, set: profile });
  },
};
