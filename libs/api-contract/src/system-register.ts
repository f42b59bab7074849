import { z } from 'zod';
import { dateField, searchKeyField } from './field-schemas.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import {
  choiceField,
  codeField,
  flagField,
  intField,
  noteField,
  optionalTextField,
  sortField,
  textField,
} from './resource/form-fields.js';
import { route } from './route.js';

/**
 * 系统注册 (cfg/system_register, breadth §7): the centre's branches (分中心) and its licence. Visits and
 * payment lines carry their branch, so statistics can filter by it; the branch's 检前须知 is printed on
 * the guide sheet.
 */
export const ISSUE_PERIODS = ['am', 'pm', 'all'] as const;
export type IssuePeriod = (typeof ISSUE_PERIODS)[number];
export const ISSUE_PERIOD_LABELS: Record<IssuePeriod, string> = { am: '上午', pm: '下午', all: '全天' };

export const branchResource = defineResource({
  name: 'branch',
  title: '分中心',
  base: '/manager/api/cfg/branch',
  screens: ['cfg/system_register'],
  // 登记管理 filters its visits by branch.
  readers: ['exam_mg/order_mg'],
  row: z.object({
    branch_name: z.string(),
    short_code: z.string(),
    pinyin_code: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    booking_days: z.number().int(),
    issue_period: z.enum(ISSUE_PERIODS),
    booking_enabled: z.boolean(),
    desk_notice: z.string().nullable(),
    pre_exam_notice: z.string().nullable(),
    sort: z.number().int(),
  }),
  form: z.object({
    branch_name: textField('分中心名称', 64),
    short_code: codeField('简码', 16),
    pinyin_code: textField('拼音简码', 32).regex(/^[A-Za-z]+$/, '拼音简码只能包含字母'),
    phone: optionalTextField('电话', 32),
    address: optionalTextField('地址', 200),
    booking_days: intField('预约周期（天）', 0, 365, 30),
    issue_period: choiceField(ISSUE_PERIODS, '出号时间段'),
    booking_enabled: flagField,
    desk_notice: noteField('前台须知', 2000),
    pre_exam_notice: noteField('检前须知', 2000),
    sort: sortField,
  }),
  filter: z.object({ key: searchKeyField() }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'branch_name', title: '分中心名称' },
    { key: 'short_code', title: '简码' },
    { key: 'pinyin_code', title: '拼音简码' },
    { key: 'phone', title: '电话' },
    { key: 'address', title: '地址' },
    { key: 'booking_days', title: '预约周期（天）' },
    { key: 'issue_period', title: '出号时间段', labels: ISSUE_PERIOD_LABELS },
    { key: 'booking_enabled', title: '开启预约' },
  ],
});
export type BranchRow = ResourceRow<typeof branchResource>;

/** The licence (授权): its type and validity, kept by the administrator in parameter 0150. */
export const LICENCE_TYPES = ['formal', 'trial'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_TYPE_LABELS: Record<LicenceType, string> = { formal: '正式授权', trial: '试用授权' };

export const licenceFormSchema = z
  .object({
    licence_type: choiceField(LICENCE_TYPES, '授权类型'),
    licence_code: optionalTextField('授权码', 64),
    valid_from: dateField,
    /** Blank: 长期有效. */
    valid_to: z
      .union([dateField, z.literal('')], { error: '到期日期格式应为 年-月-日' })
      .optional()
      .transform((value) => value || null),
  })
  .refine((v) => !v.valid_to || v.valid_to >= v.valid_from, {
    message: '到期日期不能早于开始日期',
    path: ['valid_to'],
  });
export type LicenceForm = z.output<typeof licenceFormSchema>;

export const aboutSchema = z.object({
  product_name: z.string(),
  version: z.string(),
  /** The hospital named in 参数设置 (0810). */
  licence_holder: z.string(),
  licence_type: z.enum(LICENCE_TYPES),
  /** Shown masked but for its last four characters. */
  licence_code: z.string().nullable(),
  /** Null until the administrator records the licence. */
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  /** True once the centre's today is past valid_to: the header and this screen say 已到期. */
  expired: z.boolean(),
  /** Days left until valid_to (0 on its last day); null when it does not end. */
  days_left: z.number().int().nullable(),
});
export type AboutInfo = z.infer<typeof aboutSchema>;

/** 关于本系统 GET /manager/api/cfg/about */
export const aboutRoute = route({
  method: 'GET',
  path: '/manager/api/cfg/about',
  summary: '关于本系统（产品、版本与授权信息）',
  access: 'signed-in',
  input: z.object({}),
  output: aboutSchema,
});

/** 保存授权信息 POST /manager/api/cfg/licence/save */
export const licenceSaveRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/licence/save',
  summary: '保存授权信息',
  access: ['cfg/system_register'],
  input: licenceFormSchema,
  output: aboutSchema,
});

export const SYSTEM_REGISTER_ROUTES = [aboutRoute, licenceSaveRoute] as const;
