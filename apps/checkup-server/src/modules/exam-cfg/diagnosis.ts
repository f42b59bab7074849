import { asc, eq } from 'drizzle-orm';
import type { diagnosisResource } from '@checkup/api-contract';
import {
  departments,
  diagnoses,
  diagnosisItemLinks,
  diagnosisMergeMembers,
  diagnosisProfiles,
  itemDiagRules,
  orderDiagnoses,
} from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { foldedWordsMatch } from './search.js';

/** 诊断字典 on the diagnoses table. */
export const diagnosisBinding: ResourceBinding<typeof diagnosisResource> = {
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
    advice: diagnoses.advice,
    life_guidance: diagnoses.lifeGuidance,
    is_contagion: diagnoses.isContagion,
    serious_type: diagnoses.seriousType,
  },
  joins: [{ table: departments, on: eq(departments.id, diagnoses.deptId) }],
  values: (form) => ({
    diagCode: form.diag_code,
    diagName: form.diag_name,
    pinyin: form.pinyin,
    deptId: form.dept_id,
    advice: form.advice ?? '',
    lifeGuidance: form.life_guidance ?? '',
    isContagion: form.is_contagion,
    seriousType: form.serious_type,
  }),
  where: (filter) => [
    foldedWordsMatch(filter.key, [diagnoses.diagNameFolded], [diagnoses.diagCodeFolded, diagnoses.pinyinFolded]),
    filter.dept_id ? eq(diagnoses.deptId, filter.dept_id) : undefined,
    filter.enabled ? eq(diagnoses.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(diagnoses.diagCode), asc(diagnoses.id)],
  unique: [
    { column: diagnoses.diagCode, field: 'diag_code', label: '诊断编码' },
    { column: diagnoses.diagName, field: 'diag_name', label: '诊断名称' },
  ],
  references: [
    { label: '诊断规则', column: itemDiagRules.diagId },
    { label: '体检诊断', column: orderDiagnoses.diagId },
    { label: '合并诊断', column: diagnosisMergeMembers.diagId },
    { label: '项目关联', column: diagnosisItemLinks.diagId },
  ],
  // Its profile (诊断字典详情) is its own and goes with it.
  async beforeRemove(tx, id) {
    await tx.delete(diagnosisProfiles).where(eq(diagnosisProfiles.diagId, id));
  },
};
