import type { AreaSpec } from './types.js';

/** A detail screen, opened from the list `of` (a key in the same area). */
const detail = (key: string, title: string, of: string) => ({ key, title, hidden: true, of });

/** 客户管理 (glossary). */
export const crm: AreaSpec = {
  area: 'crm',
  title: '客户管理',
  routes: [
    { key: 'cust_arch', title: '客户档案', keepAlive: true },
    detail('cust_arch_detail', '客户档案详情', 'cust_arch'),
    { key: 'cmp_arch', title: '单位档案', keepAlive: true },
    { key: 'cmp_arch_info', title: '单位信息' },
    { key: 'group_person_mg', title: '团检人员', keepAlive: true },
    { key: 'group_unit_mg', title: '团检单位', keepAlive: true },
    detail('group_unit_mg_detail', '团检单位详情', 'group_unit_mg'),
    detail('group_unit_mg_occu', '团检单位(职业)', 'group_unit_mg'),
    detail('group_unit_mg_all', '团检单位(全部)', 'group_unit_mg'),
    { key: 'group_pricing_list', title: '团检报价', keepAlive: true },
    detail('group_pricing_list_detail', '团检报价详情', 'group_pricing_list'),
    detail('group_pricing_list_occu', '团检报价(职业)', 'group_pricing_list'),
    { key: 'group_list_import', title: '名单导入' },
    detail('group_list_import_detail', '名单导入详情', 'group_list_import'),
    { key: 'group_register_list', title: '团检登记名单', keepAlive: true },
    { key: 'subgroup_modify_list', title: '分组调整' },
    { key: 'shd_mg', title: '排期管理' },
    { key: 'cmp_quote', title: '单位报价' },
    { key: 'cntr_book', title: '合同管理', keepAlive: true },
    detail('cntr_book_detail', '合同详情', 'cntr_book'),
    { key: 'exam_schedule', title: '体检预约', keepAlive: true },
    detail('exam_schedule_detail', '体检预约详情', 'exam_schedule'),
    { key: 'advise_feedback', title: '意见反馈' },
    { key: 'text_message', title: '短信管理' },
    { key: 'breakfast_mg', title: '早餐管理' },
    { key: 'exam_card_mg', title: '体检卡管理', keepAlive: true },
    detail('card_item_detail', '卡项目明细', 'exam_card_mg'),
    detail('card_batch_detail', '卡批次明细', 'exam_card_mg'),
    detail('create_card_batch', '制卡', 'exam_card_mg'),
    detail('card_mg_detail', '卡详情', 'exam_card_mg'),
  ],
};

/** 财务管理 (glossary). */
export const financeMg: AreaSpec = {
  area: 'finance_mg',
  title: '财务管理',
  routes: [
    { key: 'cost_mg', title: '费用管理', keepAlive: true },
    detail('cost_mg_detail', '费用详情', 'cost_mg'),
    { key: 'invoice_mg', title: '发票管理', keepAlive: true },
    { key: 'group_invoice', title: '团体发票' },
    { key: 'his_group_invoice', title: 'HIS团体发票' },
    { key: 'apply_for_invoice', title: '开票申请' },
    { key: 'finance_match', title: '财务对账' },
    { key: 'report_warehousing', title: '入库报表' },
    { key: 'report_outgoing', title: '出库报表' },
    { key: 'team_advance_payment', title: '团体预交款' },
    { key: 'team_balance_accounts', title: '团体结算', keepAlive: true },
    detail('team_balance_accounts_detail', '团体结算详情', 'team_balance_accounts'),
    { key: 'day_end_mg', title: '日结管理' },
    { key: 'account_reconciliation_mg', title: '对账管理', keepAlive: true },
    detail('account_reconciliation_mg_detail', '对账详情', 'account_reconciliation_mg'),
  ],
};
