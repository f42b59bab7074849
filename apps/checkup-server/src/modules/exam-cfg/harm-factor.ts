import { asc, eq, sql } from 'drizzle-orm';
import { HARM_CATEGORIES, type harmFactorResource } from '@checkup/api-contract';
import { harmFactors } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** The list goes category by category in the order of the national catalogue (粉尘, 化学因素 …). */
const categoryOrder = sql`array_position(array[${sql.join(
  HARM_CATEGORIES.map((c) => sql`${c}`),
  sql`, `,
)}]::text[], ${harmFactors.category}::text)`;

/** 危害因素 on harm_factors. */
export const harmFactorBinding: ResourceBinding<typeof harmFactorResource> = {
  ...recordColumnsOf(harmFactors),
  fields: {
    factor_code: harmFactors.factorCode,
    factor_name: harmFactors.factorName,
    category: harmFactors.category,
    health_effect: harmFactors.healthEffect,
    cas_no: harmFactors.casNo,
    remark: harmFactors.remark,
  },
  values: (form) => ({
    factorCode: form.factor_code,
    factorName: form.factor_name,
    category: form.category,
    healthEffect: form.health_effect!,
    casNo: form.cas_no,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [harmFactors.factorName], [harmFactors.factorCode, harmFactors.casNo]),
    filter.category ? eq(harmFactors.category, filter.category) : undefined,
    filter.enabled ? eq(harmFactors.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [categoryOrder, asc(harmFactors.factorCode), asc(harmFactors.id)],
  unique: [{ column: harmFactors.factorCode, field: 'factor_code', label: '因素代码' }],
};
