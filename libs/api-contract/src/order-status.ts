/**
 * The order (visit) status machine of issue 4: a visit moves forward one stage at a time; a
 * reviewer may return it to the departments; nothing else. The server refuses any other move and
 * writes every move to order_status_log; the web shows the labels.
 */
export const ORDER_STATUSES = [
  // 预登记 (issue 22): a group order's person given a visit and 体检号, not yet registered at the desk.
  'prepared',
  'registered',
  'checked_in',
  'in_exam',
  'depts_done',
  'first_trial',
  'main_trial',
  'final_trial',
  'report_printed',
  'report_sent',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  prepared: '已预登记',
  registered: '已登记',
  checked_in: '已报到',
  in_exam: '检查中',
  depts_done: '科室已完成',
  first_trial: '已初审',
  main_trial: '已主审',
  final_trial: '已终审',
  report_printed: '报告已打印',
  report_sent: '报告已发送',
};

/** The moves a user can ask for, each with its Chinese name for messages and the audit. */
export const ORDER_ACTIONS = {
  // 登记 of a prepared group visit (团检登记名单 登记 / 批量登记).
  register: { from: ['prepared'], to: 'registered', label: '登记' },
  check_in: { from: ['registered'], to: 'checked_in', label: '报到' },
  start_exam: { from: ['checked_in'], to: 'in_exam', label: '开始检查' },
  finish_depts: { from: ['in_exam'], to: 'depts_done', label: '科室检查完成' },
  pass_first_trial: { from: ['depts_done'], to: 'first_trial', label: '初审通过' },
  pass_main_trial: { from: ['first_trial'], to: 'main_trial', label: '主审通过' },
  pass_final_trial: { from: ['main_trial'], to: 'final_trial', label: '终审通过' },
  // A reviewer sends the visit back to the departments with a reason (rev_apr return).
  return_to_depts: { from: ['depts_done', 'first_trial', 'main_trial'], to: 'in_exam', label: '退回科室' },
  // A department un-signs (科室反审核, issue 19) before 总检 starts: the visit is in the departments again.
  unsign_dept: { from: ['depts_done'], to: 'in_exam', label: '科室反审核' },
  print_report: { from: ['final_trial', 'report_printed', 'report_sent'], to: 'report_printed', label: '打印报告' },
  send_report: { from: ['report_printed', 'report_sent'], to: 'report_sent', label: '发送报告' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; label: string }>;

export type OrderAction = keyof typeof ORDER_ACTIONS;

/** Reprinting and resending keep a printed or sent report where it is. */
const REPEATABLE: ReadonlySet<OrderAction> = new Set(['print_report', 'send_report']);

export type TransitionCheck = { ok: true; to: OrderStatus } | { ok: false; msg: string };

/** Whether `action` may be taken on a visit in `from`, and where it leads; a Chinese reason if not. */
export function checkTransition(from: OrderStatus, action: OrderAction): TransitionCheck {
  const rule = ORDER_ACTIONS[action];
  if (!(rule.from as readonly OrderStatus[]).includes(from)) {
    return { ok: false, msg: `订单当前状态为「${ORDER_STATUS_LABELS[from]}」，不能${rule.label}` };
  }
  // A sent report is not un-sent by printing it again.
  const to = REPEATABLE.has(action) && from === 'report_sent' ? 'report_sent' : rule.to;
  return { ok: true, to };
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}
