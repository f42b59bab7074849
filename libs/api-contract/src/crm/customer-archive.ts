import { z } from 'zod';
import { idField, optionalChoiceField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { withDayRange } from '../resource/day-range.js';
import { route } from '../route.js';

const ARCH_SCREENS = ['crm/cust_arch', 'crm/cust_arch_detail'] as const;
/** The button permission of 合并 on 客户档案 (route table crm-finance.ts). */
export const CUST_ARCH_MERGE_ACCESS = 'crm/cust_arch:merge';

/** The refusal when the user did not pick exactly two archives (breadth §2.1). */
export const MERGE_PICK_TWO = '请选择两条需要合并的档案!';
export const MERGE_DIFFERENT_ID = '名下身份证号不同，不能合并';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .transform((v) => v || undefined);

/**
 * 客户档案 (crm/cust_arch, breadth §2.1): one archive per person (the customers table), keyed by the ID
 * number across visits. The ID number and phone are only looked up exactly (by their hash) and shown
 * masked; the name is searched by its beginning.
 */
export const customerArchiveResource = defineResource({
  name: 'customer_archive',
  title: '客户档案',
  base: '/manager/api/crm/customer_archive',
  screens: [...ARCH_SCREENS],
  kept: false,
  row: z.object({
    cust_name: z.string(),
    sex: z.enum(['1', '2']),
    birthday: z.string(),
    /** Masked. */
    id_card: z.string().nullable(),
    /** Masked. */
    phone: z.string().nullable(),
    nation: z.string().nullable(),
    address: z.string().nullable(),
    visit_count: z.number().int(),
    last_visit: z.string().nullable(),
    created_at: z.string().nullable(),
  }),
  form: z.object({}),
  filter: withDayRange({
    name: optionalText('姓名', 64),
    id_card: optionalText('身份证号', 18),
    phone: optionalText('联系电话', 20),
    sex: optionalChoiceField(['1', '2'], '性别不正确'),
  }),
  actions: ['list', 'detail'],
});

export const customerVisitSchema = z.object({
  order_id: z.string(),
  exam_date: z.string(),
  package_name: z.string().nullable(),
  status: z.string(),
  status_label: z.string(),
  company_name: z.string().nullable(),
  group_name: z.string().nullable(),
});
export type CustomerVisit = z.infer<typeof customerVisitSchema>;

/** 客户档案的体检记录 GET /manager/api/crm/customer_archive/visits */
export const customerVisitsRoute = route({
  method: 'GET',
  path: '/manager/api/crm/customer_archive/visits',
  summary: '客户档案下的体检记录（新的在前）',
  access: [...ARCH_SCREENS],
  input: z.object({ id: idField('客户档案') }),
  output: z.array(customerVisitSchema),
});

const pickedIds = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: MERGE_PICK_TWO })
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((v) => String(v).trim()))
  .refine((ids) => ids.length === 2 && ids.every((id) => /^[1-9]\d{0,8}$/.test(id)) && ids[0] !== ids[1], {
    message: MERGE_PICK_TWO,
  })
  .transform((ids) => ids.map(Number) as [number, number]);

/**
 * 合并档案 POST /manager/api/crm/customer_archive/merge: exactly two archives; the visits of the other
 * move to the kept one and the other is removed (audited).
 */
export const customerMergeRoute = route({
  method: 'POST',
  path: '/manager/api/crm/customer_archive/merge',
  summary: '合并两条客户档案（体检记录并入保留的档案）',
  access: [CUST_ARCH_MERGE_ACCESS],
  input: z
    .object({ ids: pickedIds, keep_id: idField('保留的档案') })
    .refine((v) => v.ids.includes(v.keep_id), { message: '保留的档案须是所选两条之一', path: ['keep_id'] }),
  output: z.object({ kept_id: z.number().int(), removed_id: z.number().int(), moved_visits: z.number().int() }),
});

export const CUSTOMER_ARCHIVE_ROUTES = [customerVisitsRoute, customerMergeRoute] as const;
