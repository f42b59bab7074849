/**
 * The demo roles and accounts as plain data: the checkup server seeds them, the launcher prints
 * them and the e2e suites sign in with them, so they live in the one package all three may import.
 */

/** Every demo account signs in with this password. Change them in a real installation. */
export const DEMO_PASSWORD = 'Checkup@2026';

/** Role menu keys are `area` and `area/screen` as in the glossary; '*' opens everything. */
export const DEMO_ROLES = {
  admin: { name: '系统管理员', menu: ['*'] },
  registrar: {
    name: '登记员',
    menu: [
      ...[
        'exam_mg',
        'exam_mg/home_page',
        'exam_mg/order_mg',
        'exam_mg/order_quick_register',
        'exam_mg/order_mg_detail',
        'exam_mg/order_mg_detail:unregister',
        'exam_mg/order_mg_detail:ban',
      ],
      ...['exam_mg/blood_mg', 'exam_mg/guidance_recycle', 'exam_mg/print_rpt', 'exam_mg/delay_mg', 'exam_mg/review_mg'],
      ...['crm', 'crm/cust_arch', 'crm/group_register_list', 'finance_mg', 'finance_mg/cost_mg'],
    ],
  },
  doctor: {
    name: '科室医生',
    menu: [
      ...['exam_mg', 'exam_mg/home_page', 'exam_mg/dept_diag', 'exam_mg/dept_diag_detail', 'exam_mg/dept_diag_queue'],
      ...['exam_mg/dept_diag_batch', 'exam_mg/ser_dis_mg', 'exam_mg/queue_mg', 'exam_mg/queue_mg_call'],
      // 反审核 (issue 19): the server still lets only the signer or the department's leader do it.
      'exam_mg/dept_diag_detail:unsign',
    ],
  },
  chief: {
    name: '总检医生',
    menu: [
      ...['exam_mg', 'exam_mg/home_page', 'exam_mg/rev_apr', 'exam_mg/rev_apr_detail', 'exam_mg/rev_apr_detail_occu'],
      ...['exam_mg/rev_apr_detail_first_trial', 'exam_mg/first_trial', 'exam_mg/second_trial', 'exam_mg/dept_diag'],
      ...['exam_mg/dept_diag_detail', 'exam_mg/ser_dis_mg', 'exam_mg/review_mg', 'after_mg', 'after_mg/health_files'],
      ...[
        'exam_mg/review_allot',
        'exam_mg/review_allot/first_review_allot',
        'exam_mg/review_allot/second_review_allot',
      ],
      ...['exam_mg/tally_sheet', 'exam_mg/tally_sheet_detail', 'exam_mg/rejects_report'],
      // 存入诊断库 (issue 20): a chief examiner adds a new word to 体检配置's diagnosis dictionary.
      'exam_mg/rev_apr_detail:save_dict',
      // 反审 (issue 20): the server still lets only the level's passer or its allotter do it.
      'exam_mg/rev_apr_detail:unpass',
    ],
  },
  reviewer: {
    name: '报告审核员',
    menu: [
      ...['exam_mg', 'exam_mg/home_page', 'exam_mg/last_trial', 'exam_mg/rpt_examine', 'exam_mg/rpt_examine_detail'],
      ...['exam_mg/rejects_report', 'exam_mg/print_rpt', 'exam_mg/send_rpt', 'exam_mg/new_send'],
      ...['exam_mg/rev_apr_detail', 'exam_mg/rev_apr_detail_occu', 'exam_mg/tally_sheet', 'exam_mg/tally_sheet_detail'],
      ...['exam_mg/review_allot', 'exam_mg/review_allot/last_review_allot'],
      'exam_mg/rev_apr_detail:unpass',
      // The report desk (issue 20): 终审交接 in, 领取通知 and 领取 out.
      ...['finance_mg', 'finance_mg/report_warehousing', 'finance_mg/report_outgoing'],
    ],
  },
  // Issue 20: a critical value is told to the examinee by the follow-up staff and closed by an expert,
  // two people apart from the doctor who reported it.
  nurse: {
    name: '随访护士',
    menu: ['exam_mg', 'exam_mg/home_page', 'exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:notify'],
  },
  expert: {
    name: '危急值专家',
    menu: ['exam_mg', 'exam_mg/home_page', 'exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:handle'],
  },
  // Issue 23: the cashier takes and returns a visit's money, issues receipts and invoices, and closes
  // their own day; finance settles groups, reconciles channels and closes the centre's day and month.
  cashier: {
    name: '收费员',
    menu: [
      ...['exam_mg', 'exam_mg/home_page', 'exam_mg/order_mg', 'exam_mg/order_mg_detail'],
      ...['finance_mg', 'finance_mg/cost_mg', 'finance_mg/cost_mg_detail', 'finance_mg/invoice_mg'],
      ...['finance_mg/day_end_mg', 'crm', 'crm/exam_card_mg'],
      ...['finance_mg/cost_mg_detail:charge', 'finance_mg/cost_mg_detail:refund', 'finance_mg/cost_mg_detail:reverse'],
    ],
  },
  finance: {
    name: '财务',
    menu: [
      ...['exam_mg', 'exam_mg/home_page'],
      ...['finance_mg', 'finance_mg/cost_mg', 'finance_mg/cost_mg_detail', 'finance_mg/invoice_mg'],
      ...['finance_mg/group_invoice', 'finance_mg/his_group_invoice', 'finance_mg/apply_for_invoice'],
      ...['finance_mg/finance_match', 'finance_mg/team_advance_payment', 'finance_mg/team_balance_accounts'],
      ...['finance_mg/team_balance_accounts_detail', 'finance_mg/day_end_mg', 'finance_mg/account_reconciliation_mg'],
      ...['finance_mg/team_advance_payment:topup', 'finance_mg/team_balance_accounts:settle'],
      'finance_mg/team_balance_accounts:checkout',
      ...['finance_mg/account_reconciliation_mg_detail', 'finance_mg/report_warehousing', 'finance_mg/report_outgoing'],
      ...['crm', 'crm/group_unit_mg', 'crm/group_unit_mg_detail', 'crm/cmp_arch'],
      // 发票 (issue 23): finance keeps the number ranges and audits and issues group invoices.
      ...['finance_mg/invoice_mg:range', 'finance_mg/apply_for_invoice:audit', 'finance_mg/apply_for_invoice:issue'],
      ...['finance_mg/cost_mg_detail:charge', 'finance_mg/cost_mg_detail:refund', 'finance_mg/cost_mg_detail:reverse'],
      'finance_mg/day_end_mg:finance',
      // 统计分析 (issue 24): the money reports, the two groups whole.
      ...['bi', 'bi/report_export', 'bi/finance_report'],
    ],
  },
} as const satisfies Record<string, { name: string; menu: readonly string[] }>;

export type DemoRole = keyof typeof DEMO_ROLES;

export interface DemoAccount {
  account: string;
  name: string;
  role: DemoRole;
  /** What the launcher prints beside the account. */
  duty: string;
  /** '1' may view confidential persons. */
  specialFlag: '0' | '1';
  /** Department codes whose results this doctor enters (user_depts); '*' every department. */
  depts?: readonly string[] | '*';
  /** May confirm on the spot what exceeds another account's limits (a discount below its floor). */
  leader?: boolean;
  /** The lowest price this account may give, in percent of the list price; 100 (the default) gives none. */
  discountFloor?: number;
}

/**
 * The demo accounts, one per role of issue 4 and a second chief examiner, so that 初审 and 主审 of a
 * visit are passed by two people (issue 17); all use DEMO_PASSWORD.
 */
export const DEMO_ACCOUNTS = [
  {
    account: 'admin',
    name: '系统管理员',
    role: 'admin',
    duty: '系统管理员',
    specialFlag: '1',
    depts: '*',
    leader: true,
    discountFloor: 0,
  },
  { account: 'reg', name: '刘晓燕', role: 'registrar', duty: '登记员', specialFlag: '0', discountFloor: 90 },
  {
    account: 'doctor1',
    name: '陈建华',
    role: 'doctor',
    duty: '科室医生（内科）',
    specialFlag: '0',
    depts: ['YBJC', 'NK', 'WK', 'YK', 'EBH', 'KQ', 'FK'],
  },
  { account: 'doctor2', name: '赵敏', role: 'doctor', duty: '科室医生（检验科）', specialFlag: '0', depts: ['JYK'] },
  {
    account: 'doctor3',
    name: '孙志强',
    role: 'doctor',
    duty: '科室医生（影像、功能科室）',
    specialFlag: '0',
    depts: ['XDT', 'GNJC', 'CSK', 'FSK'],
  },
  { account: 'chief', name: '周文博', role: 'chief', duty: '总检医生（初审、主审）', specialFlag: '1', leader: true },
  { account: 'chief2', name: '郑雅琴', role: 'chief', duty: '总检医生（初审、主审）', specialFlag: '1' },
  { account: 'reviewer', name: '吴静', role: 'reviewer', duty: '报告审核员（终审）', specialFlag: '0' },
  { account: 'nurse', name: '林小慧', role: 'nurse', duty: '随访护士（危急值通知）', specialFlag: '0' },
  // The expert sees confidential persons: a critical value of one must still be closed.
  { account: 'expert', name: '高振国', role: 'expert', duty: '危急值专家（危急值处理）', specialFlag: '1' },
  { account: 'cashier', name: '何丽萍', role: 'cashier', duty: '收费员（收费、退费、日结）', specialFlag: '0' },
  // The finance lead confirms what a cashier may not do alone (退已检项目) with their password.
  {
    account: 'finance',
    name: '钱国栋',
    role: 'finance',
    duty: '财务主管（结算、对账、财务日结）',
    specialFlag: '0',
    leader: true,
  },
] as const satisfies readonly DemoAccount[];
