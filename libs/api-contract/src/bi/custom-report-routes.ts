import { z } from 'zod';
import { idField, pageFields, pageOf } from '../field-schemas.js';
import { route } from '../route.js';
import { customParamValues, customReportForm, customReportRowSchema } from './custom-report.js';

/** 自定义报表's screen: who may open the list and run the definitions their roles are given. */
export const CUSTOM_REPORT_SCREEN = 'bi/customized_rpt' as const;
/** 管理自定义报表: save, remove, enable; sees and runs every definition. */
export const CUSTOM_REPORT_MANAGE = 'bi/customized_rpt:manage' as const;

const base = '/manager/api/bi/custom_report';
const RUN = [CUSTOM_REPORT_SCREEN] as const;
const MANAGE = [CUSTOM_REPORT_MANAGE] as const;

/** 自定义报表列表 GET: the enabled definitions the caller's roles may run; every one for a manager. */
export const customReportListRoute = route({
  method: 'GET',
  path: `${base}/list`,
  summary: '自定义报表列表',
  access: RUN,
  input: z.object({}),
  output: z.array(customReportRowSchema),
});

/** 保存自定义报表 POST: a new definition, or a change to one (id and version given). */
export const customReportSaveRoute = route({
  method: 'POST',
  path: `${base}/save`,
  summary: '保存自定义报表',
  access: MANAGE,
  input: customReportForm.extend({
    id: idField('报表').optional(),
    version: z.coerce.number().int().optional(),
  }),
  output: customReportRowSchema,
});

/** 删除自定义报表 POST */
export const customReportRemoveRoute = route({
  method: 'POST',
  path: `${base}/remove`,
  summary: '删除自定义报表',
  access: MANAGE,
  input: z.object({ id: idField('报表') }),
  output: z.object({ id: z.number().int() }),
});

/** 启用/停用自定义报表 POST */
export const customReportEnableRoute = route({
  method: 'POST',
  path: `${base}/enable`,
  summary: '启用/停用自定义报表',
  access: MANAGE,
  input: z.object({ id: idField('报表'), enabled: z.enum(['0', '1'], { error: '请选择启用或停用' }) }),
  output: customReportRowSchema,
});

/** 自定义报表可选角色 GET: the enabled roles a definition may be given to. */
export const customReportRolesRoute = route({
  method: 'GET',
  path: `${base}/roles`,
  summary: '自定义报表可选角色',
  access: MANAGE,
  input: z.object({}),
  output: z.array(z.object({ id: z.number().int(), role_name: z.string() })),
});

const runInput = z.object({ id: idField('报表'), params: customParamValues });

const cell = z.union([z.string(), z.number(), z.null()]);

/** 运行自定义报表 GET: one page of the definition's rows for the parameter values. */
export const customReportRunRoute = route({
  method: 'GET',
  path: `${base}/run`,
  summary: '运行自定义报表',
  access: RUN,
  input: runInput.extend(pageFields),
  output: pageOf(z.record(z.string(), cell)).extend({
    columns: z.array(z.object({ key: z.string(), title: z.string(), kind: z.string() })),
    /** The rows past CUSTOM_REPORT_MAX_ROWS are neither shown nor exported. */
    capped: z.boolean(),
  }),
});

/** 导出自定义报表 GET: the same rows (at most CUSTOM_REPORT_MAX_ROWS) as a streamed .xlsx. */
export const customReportExportRoute = route({
  method: 'GET',
  path: `${base}/export`,
  summary: '导出自定义报表（Excel）',
  access: RUN,
  input: runInput,
  output: z.never(),
});

export const CUSTOM_REPORT_ROUTES = [
  customReportListRoute,
  customReportSaveRoute,
  customReportRemoveRoute,
  customReportEnableRoute,
  customReportRolesRoute,
  customReportRunRoute,
  customReportExportRoute,
];
