import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { AppError, type TemplateResource, type TemplateType } from '@checkup/api-contract';
import { selfTemplates } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';

const isDefault = sql<boolean>`${selfTemplates.enableTemp} = '1'`;

async function defaultFlag(tx: Tx, type: TemplateType, id: number) {
  const [row] = await tx
    .select({ isDefault, suitType: selfTemplates.suitType })
    .from(selfTemplates)
    .where(and(eq(selfTemplates.id, id), eq(selfTemplates.tempType, type)));
  return row;
}

/** One template type's rows of self_templates: each type is its own resource (and screen). */
export function templateBinding(type: TemplateType): ResourceBinding<TemplateResource> {
  return {
    table: selfTemplates,
    id: selfTemplates.id,
    enabled: selfTemplates.isActive,
    version: selfTemplates.version,
    updatedAt: selfTemplates.updatedAt,
    updatedBy: selfTemplates.updatedBy,
    scope: eq(selfTemplates.tempType, type),
    fields: {
      temp_type: selfTemplates.tempType,
      temp_name: selfTemplates.tempName,
      suit_type: selfTemplates.suitType,
      is_default: isDefault,
      temp_config: selfTemplates.tempConfig,
    },
    values: (form) => ({
      tempType: type,
      tempName: form.temp_name,
      suitType: form.suit_type,
      tempConfig: form.temp_config,
    }),
    where: (filter) => [
      filter.key ? ilike(selfTemplates.tempName, `%${escapeLike(filter.key)}%`) : undefined,
      filter.suit_type ? eq(selfTemplates.suitType, filter.suit_type) : undefined,
    ],
    orderBy: [asc(selfTemplates.suitType), desc(selfTemplates.enableTemp), asc(selfTemplates.id)],
    unique: [{ column: selfTemplates.tempName, field: 'temp_name', label: '模板名称' }],
    // The default is what prints: it keeps its 适用类型 and stays until another is made the default.
    async beforeSave(tx, form, id) {
      if (id === undefined) return;
      const row = await defaultFlag(tx, type, id);
      if (row?.isDefault && row.suitType !== form.suit_type) {
        throw new AppError('VALIDATION', '默认模板不能修改适用类型，请先将其他模板设为默认');
      }
    },
    async beforeRemove(tx, id) {
      if ((await defaultFlag(tx, type, id))?.isDefault) {
        throw new AppError('CONFLICT', '默认模板不能删除，请先将其他模板设为默认');
      }
    },
  };
}
