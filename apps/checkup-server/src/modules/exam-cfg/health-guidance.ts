import { asc, eq } from 'drizzle-orm';
import type { healthGuidanceResource } from '@checkup/api-contract';
import { healthGuidances } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

/** 健康指导维护 on health_guidances: found by words of its title or keywords. */
export const healthGuidanceBinding: ResourceBinding<typeof healthGuidanceResource> = {
  table: healthGuidances,
  id: healthGuidances.id,
  enabled: healthGuidances.isActive,
  version: healthGuidances.version,
  updatedAt: healthGuidances.updatedAt,
  updatedBy: healthGuidances.updatedBy,
  fields: {
    category: healthGuidances.category,
    title: healthGuidances.title,
    content: healthGuidances.content,
    keywords: healthGuidances.keywords,
    sort: healthGuidances.sort,
  },
  values: (form) => ({
    category: form.category,
    title: form.title,
    content: form.content,
    keywords: form.keywords,
    sort: form.sort,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [healthGuidances.title, healthGuidances.keywords], []),
    filter.category ? eq(healthGuidances.category, filter.category) : undefined,
    filter.enabled ? eq(healthGuidances.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(healthGuidances.category), asc(healthGuidances.sort), asc(healthGuidances.id)],
  unique: [{ column: healthGuidances.title, field: 'title', label: '指导标题' }],
};
