import { asc, eq } from 'drizzle-orm';
import type { examItemResource } from '@checkup/api-contract';
import {
  criticalValues,
  departments,
  diagnosisItemLinks,
  examItems,
  itemDiagRules,
  itemResults,
  unionItems,
} from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { foldedWordsMatch } from './search.js';

/** The numeric columns come back as text; a limit is shown as typed, without trailing zeros. */
const limit = (value: unknown) => (value === null || value === undefined ? null : String(Number(value)));
const LIMITS = ['ref_low_male', 'ref_high_male', 'ref_low_female', 'ref_high_female', 'critical_low', 'critical_high'];

/** 基础项目 on the exam_items table; result-judgement reads the same columns for the next entry. */
export const examItemBinding: ResourceBinding<typeof examItemResource> = {
  table: examItems,
  id: examItems.id,
  enabled: examItems.isActive,
  version: examItems.version,
  updatedAt: examItems.updatedAt,
  updatedBy: examItems.updatedBy,
  fields: {
    item_code: examItems.itemCode,
    item_name: examItems.itemName,
    dept_id: examItems.deptId,
    dept_name: departments.deptName,
    result_type: examItems.resultType,
    unit: examItems.unit,
    ref_low_male: examItems.refLowMale,
    ref_high_male: examItems.refHighMale,
    ref_low_female: examItems.refLowFemale,
    ref_high_female: examItems.refHighFemale,
    critical_low: examItems.criticalLow,
    critical_high: examItems.criticalHigh,
    critical_level: examItems.criticalLevel,
    normal_text: examItems.normalText,
    high_words: examItems.highWords,
    low_words: examItems.lowWords,
    external_code: examItems.externalCode,
    sort: examItems.sort,
  },
  joins: [{ table: departments, on: eq(departments.id, examItems.deptId) }],
  values: (form) => ({
    itemCode: form.item_code,
    itemName: form.item_name,
    deptId: form.dept_id,
    resultType: form.result_type,
    unit: form.unit,
    refLowMale: form.ref_low_male,
    refHighMale: form.ref_high_male,
    refLowFemale: form.ref_low_female,
    refHighFemale: form.ref_high_female,
    criticalLow: form.critical_low,
    criticalHigh: form.critical_high,
    criticalLevel: form.critical_level,
    normalText: form.normal_text,
    highWords: form.high_words,
    lowWords: form.low_words,
    externalCode: form.external_code,
    sort: form.sort,
  }),
  where: (filter) => [
    foldedWordsMatch(filter.key, [examItems.itemNameFolded], [examItems.itemCodeFolded]),
    filter.dept_id ? eq(examItems.deptId, filter.dept_id) : undefined,
    filter.result_type ? eq(examItems.resultType, filter.result_type) : undefined,
    filter.enabled ? eq(examItems.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(departments.sort), asc(examItems.sort), asc(examItems.id)],
  unique: [{ column: examItems.itemCode, field: 'item_code', label: '项目编码' }],
  references: [
    { label: '组合项目', column: unionItems.itemId },
    { label: '体检结果', column: itemResults.itemId },
    { label: '诊断规则', column: itemDiagRules.itemId },
    { label: '危急值记录', column: criticalValues.itemId },
    { label: '诊断关联', column: diagnosisItemLinks.itemId },
  ],
  toRow: (row) => ({ ...row, ...Object.fromEntries(LIMITS.map((k) => [k, limit(row[k])])) }),
};
