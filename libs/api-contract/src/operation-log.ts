import { z } from 'zod';
import { searchKeyField } from './field-schemas.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { withDayRange } from './resource/day-range.js';

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
  his_change_handle: '处理HIS变更',
  login_locked: '锁定账号登录被拒',
  account_locked: '账号因密码错误次数过多被锁定',
  account_unlock: '解锁账号',
  password_reset: '重置密码',
  password_change: '修改密码',
  password_change_refused: '修改密码被拒',
  backend_log_clear: '清空后端操作日志',
  job_rerun: '重新执行后台任务',
  bi_refresh: '刷新统计数据',
  job_cancel: '取消后台任务',
  role_menu_save: '修改角色菜单权限',
  role_holders_add: '给账号分配角色',
  role_holders_remove: '取消账号的角色',
  menu_settings_save: '修改菜单分类',
  menu_settings_reset: '恢复默认菜单分类',
  function_intro_upload: '上传功能说明文档',
  licence_save: '修改授权信息',
  interface_error_retry: '重试接口调用',
  interface_error_abandon: '放弃接口重试',
  interface_error_clean: '清理接口错误日志',
  custom_report_save: '保存自定义报表',
  custom_report_remove: '删除自定义报表',
  custom_report_enable: '启用/停用自定义报表',
} as const;

export const BUSINESS_AUDIT_ACTIONS = {
  order_register: '体检登记',
  order_update_unions: '修改体检项目',
  check_in: '报到',
  order_status: '体检状态变更',
  critical_report: '提报危急值',
  critical_notify: '登记危急值通知',
  critical_handle: '处理危急值',
  critical_delete: '删除危急值',
  critical_export: '导出危急值',
  report_review: '报告审核',
  review_conclusion: '修改总检结论',
  review_diag_to_dict: '总检结论存入诊断库',
  report_share_create: '创建报告分享',
  report_share_revoke: '撤销报告分享',
  report_share_open: '打开报告分享',
  report_share_wrong_code: '报告分享提取码错误',
  report_share_download: '下载分享报告',
  review_mark: '标记需复查',
  review_register: '登记复查',
  review_cancel: '取消复查',
  crm_sms_send: '发送短信',
  crm_sms_cancel: '取消定时短信',
  feedback_handle: '处理意见反馈',
  breakfast_take: '登记领取早餐',
  breakfast_undo: '撤销早餐领取',
  contract_attachment_upload: '上传合同附件',
  group_order_submit: '提交团检订单',
  group_order_withdraw: '撤回团检订单',
  group_order_approve: '审核团检订单',
  group_order_unapprove: '反审核团检订单',
  group_order_change: '变更团检订单',
  group_order_change_submit: '提交团检订单变更',
  group_order_change_approve: '审批团检订单变更',
  group_order_close: '结束团检订单',
  group_order_delivery: '修改发放方式和前台须知',
  // 财务管理 (issue 23)
  cost_collect: '收费',
  cost_split: '拆分收费',
  cost_refund: '退项退费',
  cost_refund_leader_failed: '退项领导授权失败',
  cost_reverse: '误操作退款',
  invoice_issue: '开具发票',
  invoice_reprint: '重打发票',
  invoice_void: '作废发票',
  invoice_application_save: '保存开票申请',
  invoice_application_remove: '删除开票申请',
  invoice_application_audit: '审核开票申请',
  invoice_application_reject: '开票申请审核不通过',
  invoice_application_unaudit: '反审核开票申请',
  invoice_application_issue: '开票申请出票',
  invoice_application_exchange_apply: '换票申请',
  invoice_application_exchange_withdraw: '换票撤回',
  invoice_application_exchange_audit: '换票审核',
  invoice_application_exchange_unaudit: '换票反审核',
  invoice_application_exchange: '换票',
  invoice_his_push: '推送HIS开票',
  cashier_day_end: '收费员日结',
  finance_day_end: '财务日结',
  month_statement: '月结',
  team_advance_open: '开立预缴账户',
  team_advance_topup: '团体预缴充值',
  team_advance_refund: '团体预缴退款',
  team_advance_freeze: '冻结预缴账户',
  team_advance_unfreeze: '解冻预缴账户',
  team_advance_close: '预缴账户销户',
  team_settlement_create: '新建结算单',
  team_settlement_fee_add: '添加附加费用',
  team_settlement_fee_remove: '删除附加费用',
  team_settlement_deduct: '结算减免',
  team_settlement_audit: '审核结算单',
  team_settlement_unaudit: '反审核结算单',
  team_settlement_void: '作废结算单',
  team_settlement_checkout: '团体结账',
  team_settlement_uncheckout: '团体反结账',
  team_settlement_sheet_export: '导出体检结账单',
  recon_match: '渠道对账',
  recon_resolve: '处理对账差异',
  bank_receipt_import: '导入银行到账',
  bank_receipt_split: '保存到账结算明细',
  bank_receipt_audit: '审核银行到账',
  bank_receipt_unaudit: '反审核银行到账',
  group_report_save: '保存团检报告',
  group_report_remove: '删除团检报告',
  group_report_generate: '生成团检报告',
  group_report_submit: '提交团检报告',
  group_report_withdraw: '撤回团检报告',
  group_report_review: '审核团检报告',
  group_report_unreview: '反审核团检报告',
  group_report_print: '打印团检报告',
} as const;

export const OPERATION_LOG_CATEGORIES = ['sys', 'biz'] as const;
export type OperationLogCategory = (typeof OPERATION_LOG_CATEGORIES)[number];

export const OPERATION_LOG_ACTIONS: Record<OperationLogCategory, Readonly<Record<string, string>>> = {
  sys: SYSTEM_AUDIT_ACTIONS,
  biz: BUSINESS_AUDIT_ACTIONS,
};

export const operationLogRowSchema = z.object({
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

const EXCEL_COLUMNS = [
  { key: 'created_at', title: '时间' },
  { key: 'action', title: '操作' },
  { key: 'user_account', title: '账号' },
  { key: 'user_name', title: '姓名' },
  { key: 'target', title: '对象' },
  { key: 'ip', title: 'IP地址' },
  { key: 'detail', title: '详情' },
];

/**
 * One operation log as a read-only resource, newest first: filtered by action, day, and an account,
 * name or the order (or other object) acted on; exported as .xlsx with the actions in words.
 */
function operationLog(
  category: OperationLogCategory,
  title: string,
  screen: 'cfg/sys_operation_log' | 'cfg/biz_operation_log',
) {
  const actions = OPERATION_LOG_ACTIONS[category];
  return defineResource({
    name: `${category}_operation_log`,
    title,
    base: `/manager/api/auditlog/${category}`,
    screens: [screen],
    kept: false,
    row: operationLogRowSchema,
    form: z.object({}),
    filter: withDayRange({
      action: z
        .string({ error: '操作类型不正确' })
        .trim()
        .optional()
        .transform((v) => v || undefined)
        .refine((v) => !v || Object.hasOwn(actions, v), '操作类型不正确'),
      key: searchKeyField(64),
    }),
    actions: ['list', 'export'],
    excel: EXCEL_COLUMNS.map((c) => (c.key === 'action' ? { ...c, labels: actions } : c)),
  });
}

/** 系统操作日志 (cfg/sys_operation_log) GET /manager/api/auditlog/sys/list */
export const sysOperationLogResource = operationLog('sys', '系统操作日志', 'cfg/sys_operation_log');
/** 业务操作日志 (cfg/biz_operation_log) GET /manager/api/auditlog/biz/list */
export const bizOperationLogResource = operationLog('biz', '业务操作日志', 'cfg/biz_operation_log');
export type OperationLogRow = ResourceRow<typeof sysOperationLogResource>;
