import { z } from 'zod';
import { route } from '../route.js';
import type { MenuKey } from '../route-table/route-table.js';
import { GROUP_REPORT_ROUTES } from './group-report.js';
import { REPORT_EXPORT_REPORTS } from './report-export.js';
import { WORKLOAD_REPORTS } from './workload.js';
import { CUSTOM_REPORT_ROUTES } from './custom-report-routes.js';
import { QUERY_REPORTS } from './query-report.js';
import { FINANCE_REPORTS } from './finance-report.js';
import { biRefreshStateSchema, type BiFilterSource, type BiReport } from './report.js';

export * from './report.js';
export * from './report-export.js';
export * from './workload.js';
export * from './group-report.js';
export * from './custom-report.js';
export * from './custom-report-routes.js';
export * from './query-report.js';

export * from './finance-report.js';

/** Every report of 统计分析; each family adds its list here. */
export const BI_REPORTS: readonly BiReport[] = [
  ...REPORT_EXPORT_REPORTS,
  ...WORKLOAD_REPORTS,
  ...QUERY_REPORTS,
  ...FINANCE_REPORTS,
];

const BI_SCREENS = [...new Set(BI_REPORTS.map((r) => r.spec.screen))] as [MenuKey, ...MenuKey[]];

/** 统计数据状态 GET: when the aggregate tables were last brought up to date, and how much they hold. */
export const biRefreshStateRoute = route({
  method: 'GET',
  path: '/manager/api/bi/refresh/state',
  summary: '统计数据刷新状态',
  access: BI_SCREENS,
  input: z.object({}),
  output: biRefreshStateSchema,
});

/** 刷新统计 POST: brings the aggregate tables up to date now instead of at the job's next run. */
export const biRefreshRoute = route({
  method: 'POST',
  path: '/manager/api/bi/refresh/run',
  summary: '立即刷新统计数据',
  access: BI_SCREENS,
  input: z.object({}),
  output: biRefreshStateSchema,
});

const SOURCES = [
  'company',
  'group_order',
  'cashier',
  'doctor',
  'dept',
  'package',
  'union',
  'pay_method',
  'exam_type',
  'branch',
] as const satisfies readonly (BiFilterSource | 'branch')[];

/** 筛选选项 GET: the choices of a report filter (单位, 订单, 收费员, 医生, 科室, 套餐, 项目, 收费方式, 体检类型, 分中心). */
export const biOptionsRoute = route({
  method: 'GET',
  path: '/manager/api/bi/options',
  summary: '统计报表筛选选项',
  access: BI_SCREENS,
  input: z.object({ source: z.enum(SOURCES, { error: '筛选项不正确' }) }),
  output: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const BI_ROUTES = [
  ...BI_REPORTS.flatMap((r) => r.descriptors),
  biRefreshStateRoute,
  biRefreshRoute,
  biOptionsRoute,
  ...GROUP_REPORT_ROUTES,
  ...CUSTOM_REPORT_ROUTES,
];
