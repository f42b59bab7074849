import { z } from 'zod';
import { idField, optionalChoiceField, optionalIdField } from './field-schemas.js';
import { TEMPLATE_SCREENS } from './access-screens.js';
import { route } from './route.js';

/** The ten template types of exam_cfg/self_defined_template (spec §2), keyed in English. */
export const TEMPLATE_TYPE_LABELS = {
  group_voucher: '团体缴费凭证',
  guide_sheet: '导检单',
  consent: '知情同意书',
  exam_form: '体检表',
  application_form: '申请单',
  occu_notice_card: '职业告知卡',
  health_certificate: '健康证',
  group_report: '团体报告',
  exam_report: '体检报告',
  barcode: '条码',
} as const;

export type TemplateType = keyof typeof TEMPLATE_TYPE_LABELS;
export const TEMPLATE_TYPES = Object.keys(TEMPLATE_TYPE_LABELS) as [TemplateType, ...TemplateType[]];

/** What a barcode template (spec §3 temp_config) may print, with the label the designer shows. */
export const BARCODE_FIELDS = [
  { field: 'order_id', label: '体检号' },
  { field: 'cust_name', label: '姓名' },
  { field: 'sex', label: '性别' },
  { field: 'age', label: '年龄' },
  { field: 'union_name', label: '组合项目' },
  { field: 'specimen', label: '标本类型' },
  { field: 'exam_date', label: '体检日期' },
  { field: 'dept_name', label: '科室' },
  { field: 'company_name', label: '单位名称' },
  { field: 'print_time', label: '打印时间' },
] as const;

/** A template's layout is stored as JSON; this bounds what one save may carry. */
export const TEMP_CONFIG_MAX_BYTES = 64 * 1024;

const templateTypeSchema = z.enum(TEMPLATE_TYPES, {
  error: (issue) => (issue.input === undefined ? '请选择模板类型' : '模板类型不正确'),
});

/** temp_config travels as JSON text in the form body and must hold a JSON object. */
export const tempConfigField = z
  .string({ error: '请填写模板配置' })
  .trim()
  .min(1, '请填写模板配置')
  .refine((text) => new TextEncoder().encode(text).length <= TEMP_CONFIG_MAX_BYTES, '模板配置不能超过64KB')
  .transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: '模板配置不是有效的JSON' });
      return z.NEVER;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: '模板配置必须是JSON对象' });
      return z.NEVER;
    }
    return value as Record<string, unknown>;
  });

export const selfTemplateSummarySchema = z.object({
  id: z.number().int(),
  temp_type: z.enum(TEMPLATE_TYPES),
  temp_type_name: z.string(),
  temp_name: z.string(),
  /** '1' the one in use for its type (spec §3 enable_temp) */
  enable_temp: z.enum(['0', '1']),
  updated_at: z.iso.datetime(),
});
export type SelfTemplateSummary = z.infer<typeof selfTemplateSummarySchema>;

export const selfTemplateSchema = selfTemplateSummarySchema.extend({
  temp_config: z.record(z.string(), z.unknown()),
});
export type SelfTemplate = z.infer<typeof selfTemplateSchema>;

/** 自定义模板列表 GET /manager/api/SelfTemplate/list */
export const selfTemplateListRoute = route({
  method: 'GET',
  path: '/manager/api/SelfTemplate/list',
  summary: '自定义模板列表',
  access: TEMPLATE_SCREENS,
  input: z.object({ temp_type: optionalChoiceField(TEMPLATE_TYPES, '模板类型不正确') }),
  output: z.array(selfTemplateSummarySchema),
});

/** 自定义模板详情 GET /manager/api/SelfTemplate/detail */
export const selfTemplateDetailRoute = route({
  method: 'GET',
  path: '/manager/api/SelfTemplate/detail',
  summary: '自定义模板详情',
  access: TEMPLATE_SCREENS,
  input: z.object({ id: idField('模板ID') }),
  output: selfTemplateSchema,
});

/** 条码模板可打印字段 GET /manager/api/SelfTemplate/barcode_fields */
export const barcodeFieldsRoute = route({
  method: 'GET',
  path: '/manager/api/SelfTemplate/barcode_fields',
  summary: '条码模板可打印字段',
  access: TEMPLATE_SCREENS,
  input: z.object({}),
  output: z.array(z.object({ field: z.string(), label: z.string() })),
});

/** 保存自定义模板 POST /manager/api/SelfTemplate/save */
export const saveSelfTemplateRoute = route({
  method: 'POST',
  path: '/manager/api/SelfTemplate/save',
  summary: '保存自定义模板',
  access: TEMPLATE_SCREENS,
  input: z.object({
    /** Absent to create a template, present to update it. */
    id: optionalIdField('模板ID'),
    temp_type: templateTypeSchema,
    temp_name: z
      .string({ error: '请填写模板名称' })
      .trim()
      .min(1, '请填写模板名称')
      .max(64, '模板名称不能超过64个字符'),
    temp_config: tempConfigField,
  }),
  output: z.object({ id: z.number().int() }),
});

/** 启用自定义模板 POST /manager/api/SelfTemplate/enable */
export const enableSelfTemplateRoute = route({
  method: 'POST',
  path: '/manager/api/SelfTemplate/enable',
  summary: '启用自定义模板',
  access: TEMPLATE_SCREENS,
  input: z.object({ id: idField('模板ID') }),
  output: z.null(),
});
