import { z } from 'zod';
import { optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  enabledFilter,
  flagField,
  idListField,
  optionalRefField,
  optionalTextField,
  refField,
  sortField,
  textField,
} from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';

/** '0' either sex, '1' male only, '2' female only (spec §3 sex codes). */
export const GENDER_LIMITS = ['0', '1', '2'] as const;
export const GENDER_LIMIT_LABELS: Record<(typeof GENDER_LIMITS)[number], string> = {
  '0': '不限',
  '1': '男',
  '2': '女',
};

/**
 * 组合项目 (exam_cfg/union_cfg, with 互斥 mutex_cfg): what is ordered and priced, done by one department,
 * holding its basic items in order; unions that may not be ordered together are kept both ways.
 * 快速登记 offers the enabled ones (get_union_list_by_key reads this table each time).
 */
export const unionResource = defineResource({
  name: 'union',
  title: '组合项目',
  base: '/manager/api/examcfg/union',
  screens: ['exam_cfg/union_cfg', 'exam_cfg/mutex_cfg'],
  // 问卷配置详情 picks the unions an answer recommends.
  // 分组调整's 加项 (issue 22) chooses unions too.
  readers: [
    'exam_cfg/pkg_cfg',
    'exam_cfg/consume_cfg',
    'exam_cfg/questionnaire_cfg_detail',
    'crm/subgroup_modify_list',
  ],
  row: z.object({
    union_code: z.string(),
    union_name: z.string(),
    dept_id: z.number().int(),
    dept_name: z.string(),
    work_group_id: z.number().int().nullable(),
    price: moneyOut,
    gender_limit: z.enum(GENDER_LIMITS),
    specimen: z.string().nullable(),
    pinyin: z.string().nullable(),
    /** 禁止打折 (issue 19): the registration desk may never discount it. */
    no_discount: z.boolean(),
    sort: z.number().int(),
    item_ids: z.array(z.number().int()),
    mutex_ids: z.array(z.number().int()),
  }),
  form: z.object({
    union_code: codeField('组合编码'),
    union_name: textField('组合名称', 64),
    dept_id: refField('科室'),
    work_group_id: optionalRefField('工作组'),
    price: moneyField('价格'),
    gender_limit: choiceField(GENDER_LIMITS, '适用性别'),
    specimen: optionalTextField('标本类型', 16),
    pinyin: optionalTextField('拼音简码', 32),
    no_discount: flagField,
    sort: sortField,
    item_ids: idListField('包含的基础项目'),
    mutex_ids: idListField('互斥的组合项目'),
  }),
  filter: z.object({
    key: searchKeyField(),
    dept_id: optionalIdField('科室'),
    gender_limit: optionalChoiceField(GENDER_LIMITS, '适用性别不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'union_code', title: '组合编码' },
    { key: 'union_name', title: '组合名称' },
    { key: 'dept_id', title: '科室ID' },
    { key: 'price', title: '价格' },
    { key: 'gender_limit', title: '适用性别', labels: GENDER_LIMIT_LABELS },
    { key: 'specimen', title: '标本类型' },
    { key: 'pinyin', title: '拼音简码' },
    { key: 'no_discount', title: '禁止打折' },
    { key: 'sort', title: '排序' },
  ],
});

/** One optional group of a package as 套餐配置 edits it: a name and two or more alternative unions. */
export const packageOptionGroupForm = z.object({
  group_name: textField('可选组名称', 64),
  union_ids: idListField('可选组的组合项目', 20).refine((ids) => ids.length >= 2, '每个可选组至少包含两个组合项目'),
});
export type PackageOptionGroupForm = z.infer<typeof packageOptionGroupForm>;

/**
 * 套餐 (exam_cfg/pkg_cfg): unions sold together at a price, which may be below their sum (a discount),
 * for a sex and an age range. 快速登记 offers the enabled ones with their price.
 */
export const packageResource = defineResource({
  name: 'package',
  title: '套餐',
  base: '/manager/api/examcfg/package',
  screens: ['exam_cfg/pkg_cfg'],
  // 体检卡类型 binds a package (issue 22).
  readers: ['crm/exam_card_mg'],
  row: z.object({
    package_code: z.string(),
    package_name: z.string(),
    gender_limit: z.enum(GENDER_LIMITS),
    price: moneyOut,
    /** The sum of its unions' prices: the difference is the package's discount. */
    union_total: moneyOut,
    age_min: z.number().int().nullable(),
    age_max: z.number().int().nullable(),
    description: z.string().nullable(),
    sort: z.number().int(),
    union_ids: z.array(z.number().int()),
    /** 可选组 (issue 19): the examinee takes exactly one union of each group. */
    option_groups: z.array(packageOptionGroupForm),
  }),
  form: z
    .object({
      package_code: codeField('套餐编码'),
      package_name: textField('套餐名称', 64),
      gender_limit: choiceField(GENDER_LIMITS, '适用性别'),
      price: moneyField('套餐价格'),
      age_min: optionalAge('最小年龄'),
      age_max: optionalAge('最大年龄'),
      description: optionalTextField('说明', 200),
      sort: sortField,
      union_ids: idListField('包含的组合项目').refine((ids) => ids.length > 0, '请选择套餐包含的组合项目'),
      option_groups: z.array(packageOptionGroupForm).max(10, '可选组最多10个').default([]),
    })
    .refine((f) => f.age_min === null || f.age_max === null || f.age_min <= f.age_max, '最小年龄不能大于最大年龄')
    .refine(
      (f) => f.option_groups.every((g) => g.union_ids.every((id) => !f.union_ids.includes(id))),
      '可选组的组合项目不能同时是套餐的固定项目',
    )
    .refine((f) => {
      const ids = f.option_groups.flatMap((g) => g.union_ids);
      return new Set(ids).size === ids.length;
    }, '同一组合项目不能出现在两个可选组中'),
  filter: z.object({
    key: searchKeyField(),
    gender_limit: optionalChoiceField(GENDER_LIMITS, '适用性别不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'package_code', title: '套餐编码' },
    { key: 'package_name', title: '套餐名称' },
    { key: 'gender_limit', title: '适用性别', labels: GENDER_LIMIT_LABELS },
    { key: 'price', title: '套餐价格' },
    { key: 'union_total', title: '项目原价合计' },
    { key: 'age_min', title: '最小年龄' },
    { key: 'age_max', title: '最大年龄' },
    { key: 'description', title: '说明' },
  ],
});

/** An optional age in years (0–150); blank is null. */
export function optionalAge(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) <= 150), `${label}应为0到150的整数`)
    .transform((value) => (value === '' ? null : Number(value)));
}
