import { z } from 'zod';
import { cardReaderParamSchema } from './card-reader.js';
import { jsonField } from './field-schemas.js';
import { printSettingsSchema, workstationOverridesSchema } from './print-settings.js';
import { route } from './route.js';

/**
 * 打印配置 calls. A workstation is an id the browser makes and keeps in local storage, named once by
 * its user; what it overrides is stored here on the server, so every browser of that PC's user reads
 * the same settings and the administrator can set them from any desk.
 */

export const WORKSTATION_ID_PATTERN = /^[0-9a-f]{32}$/;

const workstationIdField = z
  .string({ error: '请提供工作站编号' })
  .trim()
  .regex(WORKSTATION_ID_PATTERN, '工作站编号无效');

/** Blank or absent: a browser that has no workstation yet. */
const optionalWorkstationIdField = z
  .string({ error: '工作站编号无效' })
  .trim()
  .regex(/^([0-9a-f]{32})?$/, '工作站编号无效')
  .optional()
  .transform((value) => value || undefined);

export const workstationNameField = z
  .string({ error: '请填写工作站名称' })
  .trim()
  .min(1, '请填写工作站名称')
  .max(32, '工作站名称不能超过32个字符');

export const workstationSchema = z.object({
  workstation_id: z.string(),
  workstation_name: z.string(),
  overrides: workstationOverridesSchema,
  updated_at: z.string(),
});
export type Workstation = z.infer<typeof workstationSchema>;

export const printConfigSchema = z.object({
  defaults: printSettingsSchema,
  /** When 0120 was last saved; null while the built-in defaults apply. */
  defaults_updated_at: z.string().nullable(),
  /** Null for a browser whose workstation is not named yet. */
  workstation: workstationSchema.nullable(),
  effective: printSettingsSchema,
});
export type PrintConfig = z.infer<typeof printConfigSchema>;

/** 打印设置 GET /manager/api/printcfg/get_print_config — the defaults, the workstation's own and what applies. */
export const printConfigRoute = route({
  method: 'GET',
  path: '/manager/api/printcfg/get_print_config',
  summary: '本工作站的打印设置（默认设置、工作站设置与生效设置）',
  access: 'signed-in',
  input: z.object({ workstation_id: optionalWorkstationIdField }),
  output: printConfigSchema,
});

/** 保存默认打印设置 POST /manager/api/printcfg/save_defaults — parameter 0120, checked by its rules. */
export const savePrintDefaultsRoute = route({
  method: 'POST',
  path: '/manager/api/printcfg/save_defaults',
  summary: '保存全中心默认打印设置（打印配置）',
  access: ['cfg/print_cfg'],
  input: z.object({ settings: jsonField(printSettingsSchema, '打印设置') }),
  output: z.object({ defaults: printSettingsSchema, defaults_updated_at: z.string() }),
});

/** 工作站列表 GET /manager/api/printcfg/workstation_list */
export const workstationListRoute = route({
  method: 'GET',
  path: '/manager/api/printcfg/workstation_list',
  summary: '工作站列表（打印配置）',
  access: ['cfg/print_cfg'],
  input: z.object({}),
  output: z.array(workstationSchema),
});

/** 命名工作站 POST /manager/api/printcfg/name_workstation — once, by the browser's user, the first time it prints. */
export const nameWorkstationRoute = route({
  method: 'POST',
  path: '/manager/api/printcfg/name_workstation',
  summary: '为本工作站命名',
  access: 'signed-in',
  input: z.object({ workstation_id: workstationIdField, workstation_name: workstationNameField }),
  output: workstationSchema,
});

/** 保存工作站设置 POST /manager/api/printcfg/save_workstation — its name and what it overrides. */
export const saveWorkstationRoute = route({
  method: 'POST',
  path: '/manager/api/printcfg/save_workstation',
  summary: '保存工作站名称和打印设置（打印配置）',
  access: ['cfg/print_cfg'],
  input: z.object({
    workstation_id: workstationIdField,
    workstation_name: workstationNameField,
    overrides: jsonField(workstationOverridesSchema, '工作站设置'),
  }),
  output: workstationSchema,
});

/** 删除工作站 POST /manager/api/printcfg/remove_workstation — a PC that is gone; its browser may name itself again. */
export const removeWorkstationRoute = route({
  method: 'POST',
  path: '/manager/api/printcfg/remove_workstation',
  summary: '删除工作站（打印配置）',
  access: ['cfg/print_cfg'],
  input: z.object({ workstation_id: workstationIdField }),
  output: z.object({ workstation_id: z.string() }),
});

/**
 * 读卡设置 GET /manager/api/printcfg/card_reader — 0110 with the workstation's own reader address.
 * Public, for the self-print kiosk where nobody signs in: it answers the reader settings and nothing else.
 */
export const cardReaderSettingsRoute = route({
  method: 'GET',
  path: '/manager/api/printcfg/card_reader',
  summary: '身份证读卡设置（参数0110及工作站的读卡地址，自助机可读）',
  access: 'public',
  input: z.object({ workstation_id: optionalWorkstationIdField }),
  output: cardReaderParamSchema,
});
