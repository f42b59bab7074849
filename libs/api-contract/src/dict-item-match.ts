import { z } from 'zod';
import { optionalIdField, searchKeyField } from './field-schemas.js';
import { route } from './route.js';

const limitSchema = z.string().nullable();

/** A system basic item (what is measured), as the dictionary matching screen lists it. */
export const sysItemSchema = z.object({
  id: z.number().int(),
  item_code: z.string(),
  item_name: z.string(),
  dept_id: z.number().int(),
  dept_name: z.string(),
  unit: z.string().nullable(),
  /** number: judged against the ranges; text: a finding */
  result_type: z.string(),
  /** Reference ranges by sex, as decimal text without trailing zeros; null where the item has none. */
  ref_low_male: limitSchema,
  ref_high_male: limitSchema,
  ref_low_female: limitSchema,
  ref_high_female: limitSchema,
});
export type SysItem = z.infer<typeof sysItemSchema>;

/** 系统基础项目 GET /manager/api/dictitemmatch/get_sys_items */
export const sysItemsRoute = route({
  method: 'GET',
  path: '/manager/api/dictitemmatch/get_sys_items',
  summary: '系统基础项目',
  access: 'signed-in',
  input: z.object({
    dept_id: optionalIdField('科室ID'),
    /** Part of the item name or the start of its code. */
    key: searchKeyField(),
  }),
  output: z.array(sysItemSchema),
});
