import { defineArea, detail } from './types.js';

/** 统计分析 (glossary); finance_report and query_report sub-reports are named by us (issue 5). */
export const bi = defineArea({
  area: 'bi',
  title: '统计分析',
  routes: [
    { key: 'dept_ana', title: '科室分析' },
    { key: 'dr_ana', title: '医生分析' },
    { key: 'dis_ana', title: '疾病分析' },
    { key: 'group_report', title: '团检报告', keepAlive: true },
    detail('group_report_detail', '团检报告详情', 'group_report', { review: '审核团检报告' }),
    {
      key: 'report_export',
      title: '报表导出',
      children: [
        { key: 'payment_method', title: '支付方式' },
        { key: 'settlement_details', title: '结算明细' },
        { key: 'income_details', title: '收入明细' },
        { key: 'settlement_invoice_details', title: '结算发票明细' },
        { key: 'group_discount', title: '团体折扣' },
        { key: 'payment_method_statistics', title: '支付方式统计' },
        { key: 'card_consume_list', title: '体检卡消费明细' },
      ],
    },
    {
      key: 'workload',
      title: '工作量',
      children: [
        { key: 'register', title: '登记' },
        { key: 'toll_collector', title: '收费员' },
        { key: 'department', title: '科室' },
        { key: 'dispatch_orders', title: '派单' },
        { key: 'workload_second_trial', title: '主审' },
      ],
    },
    {
      key: 'finance_report',
      title: '财务报表',
      children: [
        { key: 'daily_income', title: '日收入统计' },
        { key: 'monthly_income', title: '月收入汇总' },
        { key: 'package_income', title: '套餐收入统计' },
        { key: 'union_income', title: '项目收入统计' },
        { key: 'dept_income', title: '科室收入统计' },
        { key: 'company_income', title: '单位收入统计' },
        { key: 'pay_method_income', title: '收款方式统计' },
        { key: 'refund_statistics', title: '退费统计' },
        { key: 'invoice_statistics', title: '发票统计' },
        { key: 'card_income', title: '体检卡收入统计' },
        { key: 'arrears_statistics', title: '欠费统计' },
        { key: 'discount_statistics', title: '优惠折扣统计' },
      ],
    },
    {
      key: 'query_report',
      title: '查询报表',
      children: [
        { key: 'examinee_query', title: '体检人员查询' },
        { key: 'union_query', title: '项目查询' },
        { key: 'abnormal_result_query', title: '异常结果查询' },
        { key: 'diagnosis_query', title: '诊断查询' },
        { key: 'positive_result_query', title: '阳性结果查询' },
        { key: 'recheck_query', title: '复查人员查询' },
      ],
    },
    { key: 'occu_tutelage', title: '职业健康监护' },
    { key: 'customized_rpt', title: '自定义报表', actions: { manage: '管理自定义报表' } },
  ],
});

/** 检后管理 (glossary). */
export const afterMg = defineArea({
  area: 'after_mg',
  title: '检后管理',
  routes: [
    { key: 'chronic_mg', title: '慢病管理', keepAlive: true },
    { key: 'health_assess', title: '健康评估' },
    { key: 'health_files', title: '健康档案', keepAlive: true },
    { key: 'project_mg', title: '随访项目', keepAlive: true },
    detail('project_mg_detail', '随访项目详情', 'project_mg'),
    { key: 'project_imp', title: '项目实施', keepAlive: true },
    detail('project_imp_detail', '项目实施详情', 'project_imp'),
    { key: 'revisit_task', title: '回访任务', keepAlive: true },
    { key: 'revisit_staff', title: '回访人员' },
    { key: 'revisit_doctor', title: '回访医生' },
  ],
});
