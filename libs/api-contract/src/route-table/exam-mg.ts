import { defineArea, detail } from './types.js';

/** 体检管理 (glossary). */
export const examMg = defineArea({
  area: 'exam_mg',
  title: '体检管理',
  routes: [
    { key: 'home_page', title: '首页', quickAccess: true },
    { key: 'order_mg', title: '登记管理', quickAccess: true, keepAlive: true },
    { key: 'order_quick_register', title: '快速登记', quickAccess: true },
    // 变更状态: moving a visit through the status machine by hand, a supervisor's correction.
    // 反登记 and 禁检 (issue 19): each its own permission, held by the registration desk.
    detail('order_mg_detail', '登记详情', 'order_mg', { change_status: '变更状态', unregister: '反登记', ban: '禁检' }),
    { key: 'blood_mg', title: '采血管理', keepAlive: true },
    { key: 'dept_diag', title: '科室诊断', quickAccess: true, keepAlive: true },
    // 反审核: undoing a department's signature before 总检 starts (issue 19), not every doctor's right.
    detail('dept_diag_detail', '科室诊断详情', 'dept_diag', { unsign: '反审核' }),
    { key: 'dept_diag_queue', title: '科室排队', keepAlive: true },
    { key: 'dept_diag_batch', title: '批量诊断' },
    { key: 'rev_apr', title: '总检审核', quickAccess: true, keepAlive: true },
    // 存入诊断库 and 反审 (issue 20): each its own permission.
    detail('rev_apr_detail', '总检详情', 'rev_apr', { save_dict: '存入诊断库', unpass: '反审' }),
    detail('rev_apr_detail_occu', '职业总检详情', 'rev_apr'),
    detail('rev_apr_detail_first_trial', '初审详情', 'rev_apr'),
    { key: 'first_trial', title: '初审', keepAlive: true },
    { key: 'tally_sheet', title: '报告核对单', keepAlive: true },
    detail('tally_sheet_detail', '核对单详情', 'tally_sheet'),
    { key: 'second_trial', title: '主审', keepAlive: true },
    { key: 'last_trial', title: '终审', keepAlive: true },
    {
      key: 'review_allot',
      title: '审核分配',
      children: [
        { key: 'first_review_allot', title: '初审分配', keepAlive: true },
        { key: 'second_review_allot', title: '主审分配', keepAlive: true },
        { key: 'last_review_allot', title: '终审分配', keepAlive: true },
      ],
    },
    { key: 'print_rpt', title: '报告打印', quickAccess: true, keepAlive: true },
    { key: 'rpt_examine', title: '报告审核', keepAlive: true },
    detail('rpt_examine_detail', '报告审核详情', 'rpt_examine'),
    { key: 'send_rpt', title: '报告发送', keepAlive: true },
    { key: 'new_send', title: '报告发送(新)', keepAlive: true },
    { key: 'data_monitor', title: '数据监控' },
    { key: 'queue_mg', title: '排队管理', keepAlive: true },
    { key: 'queue_mg_call', title: '叫号' },
    // Issue 20: the three stages of a critical value are done by different people, each its own permission.
    {
      key: 'ser_dis_mg',
      title: '危急值管理',
      keepAlive: true,
      actions: { notify: '登记通知', handle: '专家处理', delete: '删除' },
    },
    { key: 'delay_mg', title: '延期/弃检管理', keepAlive: true },
    { key: 'rejects_report', title: '退回报告', keepAlive: true },
    { key: 'review_mg', title: '复查管理', keepAlive: true },
    { key: 'transfer_mg', title: '转诊管理', keepAlive: true },
    { key: 'data_acquisition', title: '数据采集(仪器)' },
    { key: 'polyclinic_change', title: '科室/项目变更' },
    { key: 'contagion_report', title: '传染病报告', keepAlive: true },
    detail('contagion_report_detail', '传染病报告详情', 'contagion_report'),
    { key: 'report_occ_disease', title: '职业病报告', keepAlive: true },
    detail('report_occ_disease_detail', '职业病报告详情', 'report_occ_disease'),
    { key: 'occ_inform_print', title: '职业告知书打印' },
    { key: 'order_quality_tips', title: '质控提醒' },
    { key: 'order_questionnaire_cfg', title: '体检问卷' },
    detail('order_questionnaire_cfg_detail', '体检问卷详情', 'order_questionnaire_cfg'),
    { key: 'outside_inspection_service', title: '外送检验' },
    { key: 'guidance_recycle', title: '导检单回收' },
    { key: 'health_card_mg', title: '健康证管理', keepAlive: true },
    { key: 'form_print', title: '表单打印' },
  ],
});
