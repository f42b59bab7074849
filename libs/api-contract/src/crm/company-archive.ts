import { z } from 'zod';
import { optionalPhoneField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { route } from '../route.js';
import { enabledFilter, optionalRefField, optionalTextField, textField } from '../resource/form-fields.js';

/** The characters of a 统一社会信用代码 (GB 32100-2015: digits and capitals without I, O, Z, S, V). */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A 统一社会信用代码 is 18 characters whose last is the GB 32100 check character of the other 17. */
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(code[i]!) * CREDIT_CODE_WEIGHTS[i]!;
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS[check] === code[17];
}

/** An optional 统一社会信用代码, upper-cased; blank is null. */
const creditCodeField = optionalTextField('统一社会信用代码', 18)
  .transform((value) => (value === null ? null : value.toUpperCase()))
  .refine(
    (value) => value === null || isValidCreditCode(value),
    '统一社会信用代码应为18位，且校验位符合国家标准（GB 32100）',
  );

/**
 * 单位档案 (crm/cmp_arch, crm/cmp_arch_info; breadth §1.1): a company examined in groups — its credit
 * code, contact (the phone sealed, masked in lists), address, 行业 and 经济类型 (dictionaries industry and
 * economy_type, used by occupational reporting), sales owner (an account), remark and whether in use.
 */
export const companyArchiveResource = defineResource({
  name: 'company_archive',
  title: '单位',
  base: '/manager/api/crm/company',
  screens: ['crm/cmp_arch', 'crm/cmp_arch_info'],
  /** 合同管理 picks a contract's company from this list; 团体预缴 opens a company's prepaid account. */
  readers: ['crm/cntr_book', 'crm/cntr_book_detail', 'finance_mg/team_advance_payment'],
  row: z.object({
    company_name: z.string(),
    credit_code: z.string().nullable(),
    contact_name: z.string().nullable(),
    /** Masked (138****5678): the full number is not answered by a list. */
    contact_phone: z.string().nullable(),
    address: z.string().nullable(),
    industry_type: z.string().nullable(),
    economy_type: z.string().nullable(),
    sales_user_id: z.number().int().nullable(),
    sales_user_name: z.string().nullable(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    company_name: textField('单位名称', 128),
    credit_code: creditCodeField,
    contact_name: optionalTextField('联系人', 32),
    contact_phone: optionalPhoneField,
    address: optionalTextField('单位地址', 128),
    industry_type: optionalTextField('行业类型', 8),
    economy_type: optionalTextField('经济类型', 8),
    sales_user_id: optionalRefField('销售负责人'),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({ key: searchKeyField(), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'company_name', title: '单位名称' },
    { key: 'credit_code', title: '统一社会信用代码' },
    { key: 'contact_name', title: '联系人' },
    { key: 'contact_phone', title: '联系电话' },
    { key: 'address', title: '单位地址' },
    { key: 'industry_type', title: '行业类型' },
    { key: 'economy_type', title: '经济类型' },
    { key: 'sales_user_name', title: '销售负责人' },
    { key: 'remark', title: '备注' },
  ],
});

const optionSchema = z.object({ value: z.string(), label: z.string() });

/** 单位信息's choices: the 行业 and 经济类型 dictionaries (dict_data of industry, economy_type) and the accounts in use. */
export const companyArchiveOptionsRoute = route({
  method: 'GET',
  path: '/manager/api/crm/company/options',
  summary: '单位信息的可选项（行业、经济类型、销售负责人）',
  access: ['crm/cmp_arch', 'crm/cmp_arch_info'],
  input: z.object({}),
  output: z.object({
    industry_types: z.array(optionSchema),
    economy_types: z.array(optionSchema),
    sales_users: z.array(z.object({ id: z.number().int(), user_name: z.string() })),
  }),
});
