import { z } from 'zod';
import { dateField, pageFields, pageOf, searchKeyField } from './field-schemas.js';
import { route } from './route.js';

/**
 * The audit log read by 系统设置's two operation logs: 系统操作日志 (sign-ins, confidential-person
 * access, server mode, templates) and 业务操作日志 (registration, check-in, status changes, critical
 * values, report review). Action codes are what the checkup server writes; the names are the screens'.
 */
export const SYSTEM_AUDIT_ACTIONS = {
  login: '登录',
  login_failed: '登录失败',
  login_refused_disabled: '停用账号登录被拒',
  logout: '退出登录',
  confidential_access: '查看保密人员',
  confidential_denied: '查看保密人员被拒',
  service_type_switch: '切换服务模式',
  // Written before every call checked its access; now a refusal is access_denied.
  service_type_refused: '切换服务模式被拒',
  access_denied: '越权访问被拒',
  config_save: '保存配置',
  config_remove: '删除配置',
  config_enable: '启用或停用配置',
  config_import: '导入配置',
  self_template_save: '保存自定义模板',
  self_template_enable: '启用或停用自定义模板',
  template_set_default: '设为默认模板',
  parameter_save: '修改系统参数',
  print_defaults_save: '修改默认打印设置',
  workstation_name: '工作站命名',
  workstation_save: '修改工作站设置',
  workstation_remove: '删除工作站',
} as const;

export const BUSINESS_AUDIT_ACTIONS = {
  order_register: '体检登记',
  order_update_unions: '修改体检项目',
  check_in: '报到',
  order_status: '体检状态变更',
  critical_notify: '登记危急值通知',
  critical_handle: '处理危急值',
  report_review: '报告审核',
} as const;

export const OPERATION_LOG_CATEGORIES = ['sys', 'biz'] as const;
export type OperationLogCategory = (typeof OPERATION_LOG_CATEGORIES)[number];

export const OPERATION_LOG_ACTIONS: Record<OperationLogCategory, Readonly<Record<string, string>>> = {
  sys: SYSTEM_AUDIT_ACTIONS,
  biz: BUSINESS_AUDIT_ACTIONS,
};

/** The screen of each category: its menu key opens the list. */
export const OPERATION_LOG_SCREENS: Record<OperationLogCategory, string> = {
  sys: 'cfg/sys_operation_log',
  biz: 'cfg/biz_operation_log',
};

export const operationLogRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** The account as written at the time (a failed sign-in names the account that was typed). */
  user_account: z.string().nullable(),
  /** The name of that user today; null when the account is unknown. */
  user_name: z.string().nullable(),
  /** An order id, or customer:{id}, or what else the action concerned. */
  target: z.string().nullable(),
  /** The particulars as JSON text. */
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;

/** 操作日志列表 GET /manager/api/auditlog/list — for cfg/sys_operation_log and cfg/biz_operation_log; newest first. */
export const operationLogListRoute = route({
  method: 'GET',
  path: '/manager/api/auditlog/list',
  summary: '操作日志列表（系统操作或业务操作，按操作、日期、账号或对象）',
  access: ['cfg/sys_operation_log', 'cfg/biz_operation_log'],
  input: z
    .object({
      category: z.enum(OPERATION_LOG_CATEGORIES, { error: '请选择日志类别（系统操作或业务操作）' }),
      action: z
        .string({ error: '操作类型不正确' })
        .trim()
        .optional()
        .transform((v) => v || undefined),
      date_from: dateField.optional(),
      date_to: dateField.optional(),
      /** An account, or the order id (or other object) acted on. */
      key: searchKeyField(64),
      ...pageFields,
    })
    .refine((v) => !v.action || Object.hasOwn(OPERATION_LOG_ACTIONS[v.category], v.action), {
      message: '操作类型不正确',
      path: ['action'],
    })
    .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
      message: '开始日期不能晚于结束日期',
      path: ['date_to'],
    }),
  output: pageOf(operationLogRowSchema),
});
