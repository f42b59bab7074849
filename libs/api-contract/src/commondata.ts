import { z } from 'zod';
import { DICTIONARY_CODES } from './dictionaries.js';
import { route } from './route.js';

/** Spec §3: 0 outer import only, 1 checkup server, 2 external server. */
export const serviceTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const encryptCfgSchema = z.object({
  api_params_encrypt: z.boolean(),
  api_integrity_verify: z.boolean(),
  api_encrypt_fields: z.array(z.string()),
  api_signature_sort: z.boolean(),
});

export const versionInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  service_type: serviceTypeSchema,
  /** 'yellow' | 'blue' | anything else means the default teal (spec §1). */
  systemColorStyle: z.string(),
  is_record_fill_in_password: z.boolean(),
  encrypt_cfg: encryptCfgSchema,
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

/** 系统版本信息 GET /manager/api/commondata/version */
export const versionRoute = route({
  method: 'GET',
  path: '/manager/api/commondata/version',
  summary: '系统版本信息',
  access: 'public',
  input: z.object({}),
  output: versionInfoSchema,
});

/** 按编码获取字典 GET /manager/api/commondata/get_data_by_code */
export const dataByCodeRoute = route({
  method: 'GET',
  path: '/manager/api/commondata/get_data_by_code',
  summary: '按编码获取字典',
  access: 'signed-in',
  input: z.object({
    code: z.enum(DICTIONARY_CODES, {
      error: (issue) => (issue.input === undefined ? '请传递字典编码' : '字典编码不正确'),
    }),
  }),
  output: z.array(z.object({ code: z.string(), name: z.string() })),
});

const text = z.string().nullable();
/** A group whose settings this installation has not defined yet. */
const openGroup = z.record(z.string(), z.unknown());

/** Spec §3 global configuration groups; the defaults are those of spec §9. */
export const globalConfigSchema = z.object({
  /** Parameter 0810 companyCfg; each field null when the hospital has not set it. */
  hospital: z.object({
    name: text,
    logo: text,
    address: text,
    phones: text,
    postcode: text,
    email: text,
    path_planning: text,
  }),
  print_template: z.object({
    barcode_format: z.string(),
    barcode_width_cm: z.number(),
    barcode_height_cm: z.number(),
    page_type: z.string(),
  }),
  report: z.object({ print_layout: z.string(), preview_mode: z.enum(['dialog', 'window']) }),
  /** Reviewer and approval switches; ai_review and show_contagion come from parameter 0030. */
  review: z.object({
    ai_review: z.boolean(),
    show_contagion: z.boolean(),
    cut_tab: z.number().int(),
    occu_step: z.number().int(),
  }),
  order_info: z.object({
    guide_confirm_text: z.string(),
    exam_time: z.string(),
    time_slot: z.object({ start: z.string(), end: z.string(), step_seconds: z.number().int() }),
  }),
  customer_info: z.object({ default_birthday: z.string() }),
  dept_diag: z.object({ lis_summary: z.boolean(), limit_add_edit_diag: z.boolean() }),
  group_report: openGroup,
  polyclinic_change: openGroup,
  crm: openGroup,
  business: openGroup,
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

/** 全局配置 GET /manager/api/commondata/get_config */
export const globalConfigRoute = route({
  method: 'GET',
  path: '/manager/api/commondata/get_config',
  summary: '全局配置',
  access: 'signed-in',
  input: z.object({}),
  output: globalConfigSchema,
});
