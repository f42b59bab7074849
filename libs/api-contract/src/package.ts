import { z } from 'zod';
import { optionalChoiceField, optionalIdField, searchKeyField } from './field-schemas.js';
import { route } from './route.js';

/** At most this many unions answer one search; the picker asks again as the user types. */
export const UNION_SEARCH_LIMIT = 50;

export const unionOptionSchema = z.object({
  id: z.number().int(),
  union_name: z.string(),
  union_code: z.string(),
  /** Two decimals (spec §5 amounts). */
  price: z.string().regex(/^\d+\.\d{2}$/),
  dept_id: z.number().int(),
  dept_name: z.string(),
  /** '0' either sex, '1' male only, '2' female only */
  gender_limit: z.enum(['0', '1', '2']),
  specimen: z.string().nullable(),
  /** Unions that may not be ordered with this one (spec §5 exclusion list), either direction. */
  mutex_union_ids: z.array(z.number().int()),
  /** 禁止打折 (issue 19). */
  no_discount: z.boolean().default(false),
});
export type UnionOption = z.infer<typeof unionOptionSchema>;

/** 按关键字查询组合项目 GET /manager/api/package/get_union_list_by_key */
export const unionListByKeyRoute = route({
  method: 'GET',
  path: '/manager/api/package/get_union_list_by_key',
  summary: '按关键字查询组合项目',
  access: 'signed-in',
  input: z.object({
    /** Part of the name, or the start of the code or of the pinyin initials; blank lists all. */
    key: searchKeyField(),
    /** The examinee's sex: unions limited to the other sex are left out (spec §5 gender mismatch). */
    sex: optionalChoiceField(['1', '2'], '性别只能是1（男）或2（女）'),
    /** Only the unions of this package. */
    package_id: optionalIdField('套餐ID'),
  }),
  output: z.array(unionOptionSchema),
});
