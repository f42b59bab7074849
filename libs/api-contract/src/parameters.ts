import { z } from 'zod';
import { cardReaderParamSchema } from './card-reader.js';
import { httpBaseAddress, jsonField, phoneListField } from './field-schemas.js';
import { route } from './route.js';

/**
 * 参数设置 (cfg/par_cfg): the system parameters an administrator edits here, each with the rules
 * its value must keep. 0001 (service mode) changes through 切换服务模式 only; 0002 (call security)
 * is the server's own and never leaves it.
 */

export const COLOR_STYLES = ['default', 'blue', 'yellow'] as const;
export const COLOR_STYLE_LABELS: Record<(typeof COLOR_STYLES)[number], string> = {
  default: '青绿（默认）',
  blue: '蓝色',
  yellow: '橙黄',
};

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional();

/** 0810 单位信息: the name heads every page, report and guide sheet; the colour is the theme's. */
export const companySettingsSchema = z.object({
  // Loose: what other screens keep here (logo, path planning …) is kept when this form saves.
  companyCfg: z.looseObject({
    name: requiredText('单位名称', 64),
    systemColorStyle: z.enum(COLOR_STYLES, { error: '请选择系统配色' }),
    address: optionalText('地址', 128),
    phones: phoneListField('联系电话', 64),
    postcode: z
      .string()
      .trim()
      .regex(/^(\d{6})?$/, '邮政编码应为6位数字')
      .optional(),
    email: z.union([z.literal(''), z.email('电子邮箱格式不正确')]).optional(),
  }),
});

const readerAddress = (label: string) =>
  z.object({
    checked: z.boolean({ error: `${label}启用状态不正确` }),
    value: httpBaseAddress(label, 'http://127.0.0.1:8989/'),
  });

/** 0110 身份证读卡设置 (spec §3 cardReaderCfg): where the reader helper answers, and its field names. */
export const cardReaderSettingsSchema = cardReaderParamSchema
  .extend({
    cardReaderCfg: cardReaderParamSchema.shape.cardReaderCfg.extend({
      exe: readerAddress('读卡程序地址'),
      local: readerAddress('本机读卡地址'),
      keys: z.object({
        name: requiredText('姓名字段', 32),
        gender: requiredText('性别字段', 32),
        code: requiredText('证件号字段', 32),
        photo: requiredText('照片字段', 32),
        folk: requiredText('民族字段', 32),
        address: requiredText('住址字段', 32),
      }),
    }),
  })
  .refine((v) => v.cardReaderCfg.exe.checked !== v.cardReaderCfg.local.checked, {
    message: '读卡程序地址和本机读卡地址须启用且只启用一个',
  });

/**
 * 0030 总检设置: the AI review switch, whether 总检 shows the infectious-disease report, and whether
 * one person may pass two review levels of a visit (issue 17: not by default), and whether 总检 may
 * start with deferred lines (issue 20: not by default).
 */
export const reviewSettingsSchema = z.object({
  ai_review: z.object({ enable: z.boolean({ error: 'AI辅助总检开关不正确' }) }),
  show_contagion: z.boolean({ error: '传染病报告开关不正确' }),
  distinct_reviewers: z.boolean({ error: '分级审核不同人开关不正确' }).default(true),
  /** Issue 20: 总检 may start while lines are deferred (迟检); the report lists them as 未检. Off by default. */
  allow_deferred: z.boolean({ error: '迟检项目可总检开关不正确' }).default(false),
});

/** How the payable total of a visit is rounded (issue 19): to the fen, to 0.1 元 or to 1 元. */
export const PRICE_ROUNDINGS = ['fen', 'jiao', 'yuan'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
export const PRICE_ROUNDING_LABELS: Record<PriceRounding, string> = {
  fen: '精确到分',
  jiao: '精确到角（0.1元）',
  yuan: '精确到元',
};

/** 先检后付 (pay after the exam) or 先付后检 (pay first; the clerk sends the examinee to the cashier). */
export const PAY_TIMINGS = ['after', 'before'] as const;
export type PayTiming = (typeof PAY_TIMINGS)[number];
export const PAY_TIMING_LABELS: Record<PayTiming, string> = { after: '先检后付', before: '先付后检' };

/** 0140 登记收费设置 (ours, issue 19): rounding of the payable total and when examinees pay. */
export const registrationSettingsSchema = z.object({
  rounding: z.enum(PRICE_ROUNDINGS, { error: '应收金额取整方式不正确' }).default('fen'),
  pay_timing: z.enum(PAY_TIMINGS, { error: '缴费时机不正确' }).default('after'),
  /** 未缴清自费费用时暂缓发放报告 (issue 23): the report desk, the kiosk and the share link refuse. */
  hold_report_unpaid: z.boolean().default(false),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

export const EDITABLE_PARAMETERS = {
  '0810': { name: '单位信息', schema: companySettingsSchema },
  '0110': { name: '身份证读卡设置', schema: cardReaderSettingsSchema },
  '0030': { name: '总检设置', schema: reviewSettingsSchema },
  '0140': { name: '登记收费设置', schema: registrationSettingsSchema },
} as const;
export type EditableParameterCode = keyof typeof EDITABLE_PARAMETERS;
export const EDITABLE_PARAMETER_CODES = Object.keys(EDITABLE_PARAMETERS) as [
  EditableParameterCode,
  ...EditableParameterCode[],
];

export const parameterRowSchema = z.object({
  param_code: z.string(),
  param_name: z.string(),
  param_value: z.unknown(),
  updated_at: z.string(),
  /** Saved through save_parameter; the others are shown only. */
  editable: z.boolean(),
});
export type ParameterRow = z.infer<typeof parameterRowSchema>;

/** 参数列表 GET /manager/api/Commonconfig/parameter_list — for cfg/par_cfg. */
export const parameterListRoute = route({
  method: 'GET',
  path: '/manager/api/Commonconfig/parameter_list',
  summary: '系统参数列表（参数设置）',
  access: ['cfg/par_cfg'],
  input: z.object({}),
  output: z.array(parameterRowSchema),
});

/** 保存参数 POST /manager/api/Commonconfig/save_parameter — the value as JSON text, checked by its code's rules. */
export const saveParameterRoute = route({
  method: 'POST',
  path: '/manager/api/Commonconfig/save_parameter',
  summary: '保存系统参数（参数设置）',
  access: ['cfg/par_cfg'],
  input: z
    .object({
      param_code: z.enum(EDITABLE_PARAMETER_CODES, { error: '该参数不能在此修改' }),
      param_value: jsonField(z.unknown(), '参数值'),
    })
    .transform((v, ctx) => {
      const parsed = EDITABLE_PARAMETERS[v.param_code].schema.safeParse(v.param_value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '参数值格式不正确' });
        return z.NEVER;
      }
      return { param_code: v.param_code, param_value: parsed.data as unknown };
    }),
  output: parameterRowSchema,
});
