import type { OrderAction, OrderStatus } from './order-status.js';
import type { ScreenKey } from './route-table/route-table.js';

/**
 * The three steps of the chief examiners' review (总检审核, issue 8): which order status waits for
 * each, the move a pass makes, where a return to the previous step leads, and the screens.
 */
export const REVIEW_STEPS = ['first', 'main', 'final'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];

export interface ReviewStepRule {
  label: string;
  /** The order status of a visit waiting for this step. */
  waiting: OrderStatus;
  pass: OrderAction;
  /** A return to the previous step: the status the visit goes back to; null returns to the departments. */
  previous: OrderStatus | null;
  /** The worklist and allotment screens (route table keys): who may act on the step, who may assign it. */
  worklist: ScreenKey<'exam_mg'>;
  allot: ScreenKey<'exam_mg'>;
}

export const REVIEW_STEP_RULES: Record<ReviewStep, ReviewStepRule> = {
  first: {
    label: '初审',
    waiting: 'depts_done',
    pass: 'pass_first_trial',
    previous: null,
    worklist: 'first_trial',
    allot: 'review_allot/first_review_allot',
  },
  main: {
    label: '主审',
    waiting: 'first_trial',
    pass: 'pass_main_trial',
    previous: 'depts_done',
    worklist: 'second_trial',
    allot: 'review_allot/second_review_allot',
  },
  final: {
    label: '终审',
    waiting: 'main_trial',
    pass: 'pass_final_trial',
    previous: 'first_trial',
    worklist: 'last_trial',
    allot: 'review_allot/last_review_allot',
  },
};

/** The step a visit in `status` waits for; null when it is not under review. */
export function reviewStepOf(status: string): ReviewStep | null {
  return REVIEW_STEPS.find((step) => REVIEW_STEP_RULES[step].waiting === status) ?? null;
}

/** Occupational exams (GBZ 188) conclude in one of these categories besides the overall text. */
export const OCCUPATIONAL_CONCLUSIONS = ['目前未见异常', '复查', '疑似职业病', '职业禁忌证', '其他疾病或异常'] as const;

export const OCCUPATIONAL_PREFIX = '职业健康检查结论：';

/**
 * orders has one conclusion column: an occupational visit keeps its category as the first line of
 * it, so the report prints both and nothing is lost (issue 8 rev_apr_detail_occu).
 */
export function joinOccupationalConclusion(category: string, conclusion: string): string {
  return category ? `${OCCUPATIONAL_PREFIX}${category}\n${conclusion}` : conclusion;
}

export function splitOccupationalConclusion(text: string): { category: string; conclusion: string } {
  if (!text.startsWith(OCCUPATIONAL_PREFIX)) return { category: '', conclusion: text };
  const end = text.indexOf('\n');
  const line = end < 0 ? text : text.slice(0, end);
  return { category: line.slice(OCCUPATIONAL_PREFIX.length), conclusion: end < 0 ? '' : text.slice(end + 1) };
}
