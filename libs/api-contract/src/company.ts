import { z } from 'zod';
import { optionalChoiceField } from './field-schemas.js';
import { route } from './route.js';

/**
 * Who pays (付费方式): 统收 — the company, billed on its contract; 自费 — the examinee. A group says it
 * for its package; each item line of a visit records it (a group member's extras are 自费).
 */
export const PAY_MODES = ['company', 'self'] as const;
export type PayMode = (typeof PAY_MODES)[number];
export const PAY_MODE_LABELS: Record<PayMode, string> = { company: '统收', self: '自费' };

export const companyGroupOptionSchema = z.object({
  id: z.number().int(),
  group_name: z.string(),
  /** The group's package: registering a member registers it, and no other. */
  package_id: z.number().int().nullable(),
  package_name: z.string().nullable(),
  /** Who pays for the group's package. */
  pay_mode: z.enum(PAY_MODES),
});
export type CompanyGroupOption = z.infer<typeof companyGroupOptionSchema>;

/** A company with its groups, for the registration desk's company picker. */
export const companySearchDataSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  groups: z.array(companyGroupOptionSchema),
});
export type CompanySearchData = z.infer<typeof companySearchDataSchema>;

/** 单位查询数据 GET /manager/api/company/get_search_data */
export const companySearchDataRoute = route({
  method: 'GET',
  path: '/manager/api/company/get_search_data',
  summary: '单位查询数据',
  access: ['exam_mg/order_quick_register', 'exam_mg/order_mg_detail', 'crm/text_message'],
  input: z.object({
    /** '1': only the companies searchable from the exam area (companies.exam_area '1'). */
    is_search_exam_area: optionalChoiceField(['0', '1'], '是否体检区查询只能是0或1'),
  }),
  output: z.array(companySearchDataSchema),
});
