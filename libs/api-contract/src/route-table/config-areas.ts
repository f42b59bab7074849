import { defineArea, detail } from './types.js';

/** 体检配置 (glossary). */
export const examCfg = defineArea({
  area: 'exam_cfg',
  title: '体检配置',
  routes: [
    {
      key: 'ultrasonic_cfg',
      title: '超声配置',
      children: [
        { key: 'classify', title: '分类' },
        { key: 'item', title: '项目' },
        { key: 'item_symptom', title: '所见描述' },
      ],
    },
    { key: 'item_cfg', title: '基础项目', keepAlive: true },
    { key: 'pkg_cfg', title: '套餐配置', keepAlive: true },
    { key: 'union_cfg', title: '组合项目', keepAlive: true },
    detail('mutex_cfg', '互斥配置', 'union_cfg'),
    { key: 'questionnaire_cfg', title: '问卷配置' },
    detail('questionnaire_cfg_detail', '问卷配置详情', 'questionnaire_cfg'),
    { key: 'diag_cfg', title: '诊断字典', keepAlive: true },
    detail('diag_cfg_detail', '诊断字典详情', 'diag_cfg'),
    { key: 'diag_cfg_related', title: '诊断关联' },
    detail('diag_cfg_related_detail', '诊断关联详情', 'diag_cfg_related'),
    { key: 'function_dictionary_association_update', title: '功能字典关联' },
    { key: 'msg_notification', title: '消息通知' },
    { key: 'table_cfg', title: '表格配置' },
    { key: 'dept_cfg', title: '科室配置' },
    { key: 'wkt_cfg', title: '工作站配置' },
    {
      key: 'his_sync',
      title: 'HIS同步',
      children: [
        { key: 'his_msg', title: 'HIS消息' },
        { key: 'his_change_handling', title: 'HIS变更处理' },
      ],
    },
    { key: 'dict_cfg', title: '字典配置' },
    { key: 'harm_factors', title: '危害因素' },
    { key: 'dictionary_cfg', title: '数据字典' },
    { key: 'dict_ref_cfg', title: '字典对照' },
    { key: 'consume_cfg', title: '耗材配置' },
    { key: 'maintain', title: '系统维护' },
    { key: 'application_type', title: '申请类型' },
    { key: 'health_guidance_maintenance', title: '健康指导维护' },
    {
      key: 'self_defined_template',
      title: '自定义模板',
      children: [
        { key: 'group_voucher', title: '团体缴费凭证' },
        { key: 'guide_sheet', title: '导检单' },
        { key: 'consent', title: '知情同意书' },
        { key: 'exam_form', title: '体检表' },
        { key: 'application_form', title: '申请单' },
        { key: 'occu_notice_card', title: '职业告知卡' },
        { key: 'health_certificate', title: '健康证' },
        { key: 'group_report', title: '团体报告' },
        { key: 'exam_report', title: '体检报告' },
        { key: 'barcode', title: '条码' },
      ],
    },
  ],
});

/** 数据管理 (glossary). */
export const managementData = defineArea({
  area: 'management_data',
  title: '数据管理',
  routes: [
    { key: 'job_logging', title: '任务日志', actions: { rerun: '重新执行' } },
    { key: 'remind_data', title: '提醒数据' },
  ],
});

/** 系统设置 (glossary). */
export const cfg = defineArea({
  area: 'cfg',
  title: '系统设置',
  routes: [
    { key: 'role_mg', title: '角色管理', keepAlive: true },
    detail('role_mg_detail', '角色详情', 'role_mg'),
    { key: 'priv_cfg', title: '账号管理', keepAlive: true, actions: { reset_password: '重置密码' } },
    { key: 'menu_classification', title: '菜单分类' },
    detail('menu_classification_detail', '菜单分类详情', 'menu_classification'),
    { key: 'system_register', title: '系统注册' },
    { key: 'system_function_introduction', title: '功能介绍' },
    { key: 'print_cfg', title: '打印配置' },
    { key: 'par_cfg', title: '参数设置' },
    { key: 'cache_mg', title: '缓存管理' },
    { key: 'log_front', title: '前端日志', keepAlive: true },
    { key: 'interface_error_log', title: '接口错误日志' },
    { key: 'log_backend', title: '后端日志', actions: { clear: '清空' } },
    { key: 'version_log', title: '版本日志' },
    { key: 'sys_operation_log', title: '系统操作日志' },
    { key: 'biz_operation_log', title: '业务操作日志' },
  ],
});

/** 外检 (glossary): the external-inspection screens, shown in server mode 2. */
export const eim = defineArea({
  area: 'eim',
  title: '外检',
  routes: [
    { key: 'EimModeControl', title: '外检模式' },
    { key: 'EimUnitControl', title: '外检单位' },
    { key: 'EimInfoExport', title: '外检信息导出' },
    { key: 'EimResultImport', title: '外检结果导入' },
    { key: 'EimInfoImport', title: '外检信息导入' },
    { key: 'EimResultExport', title: '外检结果导出' },
  ],
});
