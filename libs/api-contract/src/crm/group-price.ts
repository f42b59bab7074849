import { z } from 'zod';
import { PAY_MODES } from '../company.js';
import { GENDER_LIMITS } from '../exam-cfg/union.js';
import { idField, optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { choiceField, flagField, intField, optionalCodeField, refField } from '../resource/form-fields.js';
import { fenOf, moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { GROUP_ORDER_STATES } from './group-order-states.js';
import { GROUP_EXAM_TYPES, GROUP_ORDER_SCREENS } from './group-order.js';

/** 团检报价 (crm/group_pricing_list …) and the order detail both keep an order's groups. */
export const GROUP_PRICE_SCREENS = [
  'crm/group_pricing_list',
  'crm/group_pricing_list_detail',
  'crm/group_pricing_list_occu',
  ...GROUP_ORDER_SCREENS,
] as const;

/** A group's 体检类型: its own, or blank for the order's. */
export const GROUP_TYPES = ['health', 'occupational'] as const;

export const GROUP_PRICE_MESSAGES = {
  /** The anchor's words when a row lacks its package or name. */
  incomplete: '无法在有未选择体检套餐或者分组名称的款项时进行保存',
  ages: '年龄自不能大于年龄至',
  /** 超出折扣范围！ with the user's floor and the lowest price it allows. */
  belowFloor: (floorText: string, lowest: string) =>
    `超出折扣范围！您的最低折扣为${floorText}，本分组最低价为${lowest}元`,
  hasPeople: (n: number) => `该分组已有${n}名人员，不能删除`,
} as const;

/** A required whole-yuan-and-fen price; 0 is allowed (a free group). */
const groupPriceField = z
  .union([z.string(), z.number()], { error: '请填写分组价格' })
  .transform((value) => String(value).trim())
  .refine((value) => value !== '', { message: '请填写分组价格', abort: true })
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), '分组价格应为不小于0的金额，最多两位小数')
  .transform(fenOf);

const optionalAge = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}应为整数` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) <= 150), `${label}应在0到150之间`)
    .transform((value) => (value === '' ? null : Number(value)));

/** Harm factors as typed: separated by commas or 、; none is null. */
const harmFactorsField = z
  .string({ error: '接害因素格式不正确' })
  .max(500, '接害因素太多')
  .optional()
  .transform((value) => {
    const list = (value ?? '').split(/[,，、;；\s]+/).filter((v) => v !== '');
    return list.length > 0 ? [...new Set(list)] : null;
  });

/**
 * 团检报价 (crm/group_pricing_list, _detail, _occu; breadth §1.2, §2.4): the groups of a group order,
 * each with its package, matching conditions, who pays and the order's price of the package (优惠价),
 * shown against the package's list total (Σ of its unions' prices) and the discount that means. A price
 * below the user's discount floor is refused (超出折扣范围！); an approved order's groups change only
 * under 变更; a group with people is not removed.
 */
export const groupPriceResource = defineResource({
  name: 'group_price',
  title: '团检分组',
  base: '/manager/api/crm/group_price',
  screens: [...GROUP_PRICE_SCREENS],
  readers: ['crm/cmp_quote'],
  row: z.object({
    group_order_id: z.number().int(),
    order_no: z.string().nullable(),
    order_name: z.string().nullable(),
    approval_state: z.enum(GROUP_ORDER_STATES).nullable(),
    company_id: z.number().int(),
    company_name: z.string().nullable(),
    group_name: z.string(),
    group_code: z.string().nullable(),
    package_id: z.number().int().nullable(),
    package_name: z.string().nullable(),
    gender_limit: z.enum(GENDER_LIMITS),
    marital_limit: z.enum(['0', '1', '2']),
    age_from: z.number().int().nullable(),
    age_to: z.number().int().nullable(),
    priority: z.number().int(),
    exam_type: z.enum(GROUP_TYPES).nullable(),
    harm_factors: z.string().nullable(),
    pay_mode: z.enum(PAY_MODES),
    /** 优惠价 of the group; null: the package's own price. */
    price: moneyOut.nullable(),
    /** 原价合计: the package's unions at list price. */
    list_total: moneyOut.nullable(),
    /** 平均折扣 = 优惠价 / 原价合计, percent with two decimals (85.5 = 八五五折). */
    discount: z.number().nullable(),
    hide_price: z.boolean(),
    paused: z.boolean(),
    person_count: z.number().int(),
  }),
  form: z.object({
    group_order_id: refField('团检订单'),
    group_name: z
      .string({ error: GROUP_PRICE_MESSAGES.incomplete })
      .trim()
      .min(1, GROUP_PRICE_MESSAGES.incomplete)
      .max(64, '分组名称不能超过64个字符'),
    group_code: optionalCodeField('组类', 16),
    package_id: z
      .union([z.string(), z.number()], { error: GROUP_PRICE_MESSAGES.incomplete })
      .transform((value) => String(value).trim())
      .refine((value) => /^[1-9]\d{0,8}$/.test(value), GROUP_PRICE_MESSAGES.incomplete)
      .transform(Number),
    gender_limit: choiceField(GENDER_LIMITS, '适用性别'),
    marital_limit: choiceField(['0', '1', '2'], '婚否'),
    age_from: optionalAge('年龄自'),
    age_to: optionalAge('年龄至'),
    priority: intField('优先', 0, 999, 0),
    exam_type: z
      .union([z.enum(GROUP_TYPES), z.literal('')], { error: '请选择体检类型' })
      .optional()
      .transform((value) => value || null),
    harm_factors: harmFactorsField,
    pay_mode: choiceField(PAY_MODES, '付款方式'),
    price: groupPriceField,
    hide_price: flagField,
    paused: flagField,
  }),
  filter: z.object({
    key: searchKeyField(),
    group_order_id: optionalIdField('团检订单'),
    gender_limit: optionalChoiceField(GENDER_LIMITS, '适用性别不正确'),
    exam_type: optionalChoiceField(GROUP_EXAM_TYPES, '体检类型不正确'),
    occu: z.enum(['1', '']).optional(),
  }),
  actions: ['list', 'detail', 'save', 'remove'],
});

export const quoteItemSchema = z.object({
  union_name: z.string(),
  list_price: moneyOut,
  /** The union's share of the group price (breadth §11.1: residue on the dearest item). */
  group_price: moneyOut,
});

export const quoteGroupSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  gender_limit: z.enum(GENDER_LIMITS),
  package_name: z.string().nullable(),
  pay_mode: z.enum(PAY_MODES),
  list_total: moneyOut,
  price: moneyOut,
  /** percent, two decimals */
  discount: z.number().nullable(),
  items: z.array(quoteItemSchema),
});

export const cmpQuoteSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  company_name: z.string(),
  plan_from: z.string(),
  plan_to: z.string(),
  plan_male: z.number().int(),
  plan_female: z.number().int(),
  groups: z.array(quoteGroupSchema),
  list_total: moneyOut,
  price_total: moneyOut,
  /** The group a man (a woman) is first matched to by priority: the price the plan counts him at. */
  male_price: moneyOut.nullable(),
  female_price: moneyOut.nullable(),
  /** 预计金额 = 男人数 × male_price + 女人数 × female_price */
  planned_amount: moneyOut,
});
export type CmpQuote = z.infer<typeof cmpQuoteSchema>;

/** 单位报价 GET /manager/api/crm/quote */
export const cmpQuoteRoute = route({
  method: 'GET',
  path: '/manager/api/crm/quote',
  summary: '团检订单的单位报价（分组、套餐项目、原价与优惠价、计划金额）',
  access: ['crm/cmp_quote', ...GROUP_PRICE_SCREENS],
  input: z.object({ id: idField('团检订单') }),
  output: cmpQuoteSchema,
});

/** 导出单位报价 GET /manager/api/crm/quote/export (.xlsx, the file itself) */
export const cmpQuoteExportRoute = route({
  method: 'GET',
  path: '/manager/api/crm/quote/export',
  summary: '导出单位报价（.xlsx）',
  access: ['crm/cmp_quote', ...GROUP_PRICE_SCREENS],
  input: z.object({ id: idField('团检订单') }),
  output: z.unknown(),
});
