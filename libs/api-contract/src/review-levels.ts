import { z } from 'zod';
import { jsonField, orderIdField } from './field-schemas.js';
import { MUST_BE_RECORDED, UNION_EXEC } from './item-execution.js';
import { ORDER_ACTIONS, ORDER_STATUSES, type OrderStatus } from './order-status.js';
import { route } from './route.js';
import { REVIEW_STEPS, REVIEW_STEP_RULES, type ReviewStep } from './review-steps.js';

/**
 * Issue 20, 总检 and the review levels: the entry gate of 总检, 反审 of a passed level and 批量通过.
 */

/** One ordered line as the gate sees it: its stored state and whether its department has signed. */
export interface GateLine {
  union_name: string;
  state: string;
  dept_signed: boolean;
  exec_date?: string | null;
}

/**
 * The lines that keep a visit out of 总检: a line to record (未检, 补检) whose department has not
 * signed is not done; a deferred one (迟检) blocks too unless parameter 0030 allows 总检 with it.
 * 已检, 弃检 and 拒检 never block (a line to record of a signed department reads as 已检).
 */
export function totalCheckBlockers(lines: readonly GateLine[], allowDeferred: boolean): string[] {
  return lines
    .filter((l) =>
      MUST_BE_RECORDED.has(l.state) && l.state !== UNION_EXEC.done
        ? !l.dept_signed
        : l.state === UNION_EXEC.deferred && !allowDeferred,
    )
    .map((l) => (l.state === UNION_EXEC.deferred ? `${l.union_name}（迟检）` : l.union_name));
}

/** The refusal of the gate, naming the lines, e.g. 以下项目尚未完成，不能总检：血常规、心电图（迟检）. */
export function totalCheckRefusal(blockers: readonly string[]): string | null {
  return blockers.length === 0 ? null : `以下项目尚未完成，不能总检：${[...new Set(blockers)].join('、')}`;
}

/** How a deferred line reads in the report once 总检 went ahead without it (0030 allows it). */
export function deferredReportLabel(execDate: string | null | undefined): string {
  return execDate ? `未检（迟检至${execDate}）` : '未检（迟检）';
}

/** The visit's status right after `step` passed: a 反审 of the step is possible only there. */
export function statusAfterPass(step: ReviewStep): OrderStatus {
  return ORDER_ACTIONS[REVIEW_STEP_RULES[step].pass].to;
}

/** The level a 反审 would undo for a visit in `status` (the level whose pass brought it there). */
export function unpassableStep(status: string): ReviewStep | null {
  return REVIEW_STEPS.find((step) => statusAfterPass(step) === status) ?? null;
}

/** The level after `step`, whose start (its lock taken or a conclusion saved) freezes a 反审 of `step`. */
export function nextReviewStep(step: ReviewStep): ReviewStep | null {
  return REVIEW_STEPS[REVIEW_STEPS.indexOf(step) + 1] ?? null;
}

const stepField = z.enum(REVIEW_STEPS, { error: '审核步骤不正确' });

/** 反审 POST /manager/api/examreview/review_unpass — takes back one's own pass of a level. */
export const reviewUnpassRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_unpass',
  summary: '反审：撤回本级审核通过（下一级尚未开始时，须填写原因）',
  access: ['exam_mg/rev_apr_detail:unpass'],
  input: z.object({
    order_id: orderIdField,
    step: stepField,
    reason: z.string({ error: '请填写反审原因' }).trim().min(1, '请填写反审原因').max(500, '反审原因不能超过500字'),
  }),
  output: z.object({ order_id: z.string(), order_status: z.enum(ORDER_STATUSES) }),
});

export const BATCH_PASS_MAX = 200;

export const batchPassResultSchema = z.object({
  order_id: z.string(),
  passed: z.boolean(),
  /** The status after the pass, when passed. */
  order_status: z.enum(ORDER_STATUSES).nullable(),
  /** Why it was refused (the same message as a single pass), when not. */
  msg: z.string().nullable(),
});
export type BatchPassResult = z.infer<typeof batchPassResultSchema>;

/** 批量通过 POST /manager/api/examreview/review_batch_pass — scanned 体检号s passed at one level. */
export const reviewBatchPassRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_batch_pass',
  summary: '批量通过：扫码的体检号按本级逐个审核通过（每个订单与单个通过同样的规则），逐个返回结果',
  access: ['exam_mg/first_trial', 'exam_mg/second_trial', 'exam_mg/last_trial'],
  input: z.object({
    step: stepField,
    order_ids: jsonField(
      z
        .array(orderIdField)
        .min(1, '请先扫描体检号')
        .max(BATCH_PASS_MAX, `一次最多批量通过${BATCH_PASS_MAX}个订单`)
        .refine((ids) => new Set(ids).size === ids.length, '体检号有重复'),
      '体检号',
    ),
  }),
  output: z.object({ results: z.array(batchPassResultSchema) }),
});

/** A scanned code added to the 批量通过 list, or the Chinese reason it is refused. */
export function addScannedCode(list: readonly string[], raw: string): { list: string[] } | { error: string } {
  const code = raw.trim();
  if (!code) return { error: '请扫描体检号' };
  if (!/^[0-9A-Za-z]{6,20}$/.test(code)) return { error: `体检号「${code}」格式不正确` };
  if (list.includes(code)) return { error: `体检号「${code}」已在列表中` };
  if (list.length >= BATCH_PASS_MAX) return { error: `一次最多批量通过${BATCH_PASS_MAX}个订单` };
  return { list: [...list, code] };
}
