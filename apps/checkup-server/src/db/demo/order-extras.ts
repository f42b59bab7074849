import type { OrderStatus } from '@checkup/api-contract';
import type { OrderedUnion } from './order-content.js';
import type { OrderInput, OrderRows } from './order-rows.js';
import type { DrawnResult } from './order-results.js';
import type { ReviewStep } from './order-timeline.js';
import type { Rng } from './prng.js';

export interface StaffMember {
  id: number;
  name: string;
}

/** The demo accounts as the generated orders use them. */
export interface Staff {
  registrar: StaffMember;
  /** 初审 */
  chief: StaffMember;
  /** 主审: another chief examiner, as one person may not pass two levels of a visit. */
  mainChief: StaffMember;
  /** 终审 */
  reviewer: StaffMember;
  /** Closes critical values (issue 20): not the doctor who reported them. */
  expert: StaffMember;
  doctorFor(deptCode: string): StaffMember;
}

interface ExtrasInput extends OrderInput {
  drawn: DrawnResult[];
  deptIds: number[];
  deptTimes: Map<number, { entered: Date; signed: Date }>;
  doctorOf(deptId: number): StaffMember;
  reviewed: boolean;
  givenUp: OrderedUnion[];
}

type Extras = Pick<OrderRows, 'statusLog' | 'reviews' | 'payments' | 'exceptions' | 'criticals'> & {
  exceptionDepts: Set<number>;
};

const PASSED_STEP: Partial<Record<OrderStatus, ReviewStep>> = {
  first_trial: 'first',
  main_trial: 'main',
  final_trial: 'final',
};
const RETURN_REASONS = [
  '血压结果异常，请复测后重新签字',
  '腹部彩超描述与结论不一致，请核对',
  '心电图报告未签名，请补签',
  '检验结果缺少空腹血糖，请补录',
];
const PAY_METHODS = [
  ['wechat', 45],
  ['alipay', 25],
  ['card', 15],
  ['cash', 15],
] as const;
const DEPT_EXCEPTIONS: Record<string, string> = {
  lab: '标本溶血，已通知受检者重新采血',
  imaging: '受检者体内有金属异物，影响成像质量',
  function: '受检者配合欠佳，结果仅供参考',
  check: '受检者血压偏高，已嘱休息后复测',
};
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

/** The audit trail, reviews, money, exceptions and critical values of one order. */
export function clinicalExtras(rng: Rng, input: ExtrasInput): Extras {
  const { plan, content, timeline, staff, catalogue } = input;
  const orderId = plan.orderId;
  const stepUser = (step: ReviewStep) =>
    step === 'final' ? staff.reviewer : step === 'main' ? staff.mainChief : staff.chief;
  const userFor = (to: OrderStatus, isReturn: boolean) => {
    if (isReturn && timeline.returned) return stepUser(timeline.returned.step);
    if (to === 'depts_done') return input.doctorOf(input.deptIds[input.deptIds.length - 1]!);
    const step = PASSED_STEP[to];
    return step ? stepUser(step) : staff.registrar;
  };

  const reason = rng.pick(RETURN_REASONS);
  const statusLog: Extras['statusLog'] = timeline.events.map((e) => {
    const isReturn = e.to === 'in_exam' && e.from !== 'checked_in';
    return {
      orderId,
      fromStatus: e.from,
      toStatus: e.to,
      userId: userFor(e.to, isReturn).id,
      reason: isReturn ? reason : null,
      createdAt: e.at,
    };
  });
  const reviews: Extras['reviews'] = [];
  for (const e of timeline.events) {
    const step = PASSED_STEP[e.to];
    if (step)
      reviews.push({
        orderId,
        step,
        result: 'pass',
        reason: null,
        reviewerId: stepUser(step).id,
        reviewerName: stepUser(step).name,
        createdAt: e.at,
      });
  }
  if (timeline.returned) {
    const who = stepUser(timeline.returned.step);
    reviews.push({
      orderId,
      step: timeline.returned.step,
      result: 'return',
      reason,
      reviewerId: who.id,
      reviewerName: who.name,
      createdAt: timeline.returned.at,
    });
  }
  reviews.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());

  // Companies are billed on the contract; half the walk-ins still waiting at the desk have not paid.
  const registeredAt = timeline.events[0]!.at;
  const payments: Extras['payments'] = [];
  const method = content.group ? 'company' : rng.weighted(PAY_METHODS);
  if (content.group || plan.status !== 'registered' || rng.chance(0.5)) {
    payments.push({
      orderId,
      amount: (content.totalCents / 100).toFixed(2),
      payMethod: method,
      operatorId: staff.registrar.id,
      paidAt: minutes(registeredAt, rng.int(1, 8)),
    });
  }
  // A given-up union (弃检) is refunded to a walk-in; a company is simply not billed for it.
  for (const u of input.givenUp) {
    if (payments.length === 0 || content.group) break;
    const when = input.deptTimes.get(u.union.deptId)!.signed;
    payments.push({
      orderId,
      amount: (-u.cents / 100).toFixed(2),
      payMethod: method,
      operatorId: staff.registrar.id,
      paidAt: when,
    });
  }

  const aged = timeline.examEnd.getTime() < Date.parse(`${input.today}T00:00:00+08:00`);
  const criticals: Extras['criticals'] = input.drawn
    .filter((r) => r.critical)
    .map((r) => {
      const raised = input.deptTimes.get(r.union.deptId)!.entered;
      const handled = aged || rng.chance(0.5);
      return {
        orderId,
        itemId: r.item.id,
        resultValue: r.value,
        direction: r.flag === 'L' ? 'L' : 'H',
        status: handled ? '2' : '0',
        raisedBy: input.doctorOf(r.union.deptId).id,
        notifiedPerson: handled ? `${content.customer.draft?.custName ?? '受检者'}本人（电话）` : null,
        notifiedAt: handled ? minutes(raised, rng.int(5, 25)) : null,
        handledBy: handled ? staff.expert.id : null,
        handledAt: handled ? minutes(raised, rng.int(30, 120)) : null,
        note: handled ? '已电话告知受检者，建议立即到相关专科就诊' : null,
        createdAt: raised,
      };
    });

  const exceptions: Extras['exceptions'] = [];
  const exceptionDepts = new Set<number>();
  const examined = input.deptIds.filter((id) => input.drawn.some((r) => r.union.deptId === id));
  if (examined.length > 0 && rng.chance(0.015)) {
    const deptId = rng.pick(examined);
    const dept = catalogue.depts.get(deptId)!;
    const union = content.unions.find((u) => u.union.deptId === deptId)!.union;
    const when = input.deptTimes.get(deptId)!.entered;
    exceptionDepts.add(deptId);
    exceptions.push({
      orderId,
      exceptionType: 'dept',
      unionId: union.id,
      unionName: union.name,
      reviewException: DEPT_EXCEPTIONS[dept.type] ?? DEPT_EXCEPTIONS.check!,
      reviewAdvise: '建议复查',
      exceptionImages: null,
      exceptionDept: dept.name,
      deptId,
      exceptionUser: input.doctorOf(deptId).name,
      reviewExceptionFlag: aged ? '2' : '1',
      exceptionHandlerName: aged ? staff.chief.name : null,
      exceptionHandlerTime: aged ? minutes(when, rng.int(60, 600)) : null,
      createdAt: when,
    });
  }
  if (input.reviewed && rng.chance(0.01)) {
    const when = reviews[0]?.createdAt ?? timeline.examEnd;
    exceptions.push({
      orderId,
      exceptionType: 'review',
      unionId: null,
      unionName: null,
      reviewException: '总检发现检验结果与既往差异较大，请科室核实',
      reviewAdvise: '建议1个月后复查相关项目',
      exceptionImages: null,
      exceptionDept: null,
      deptId: null,
      exceptionUser: staff.chief.name,
      reviewExceptionFlag: '2',
      exceptionHandlerName: staff.chief.name,
      exceptionHandlerTime: minutes(when, rng.int(30, 240)),
      createdAt: when,
    });
  }
  return { statusLog, reviews, payments, exceptions, criticals, exceptionDepts };
}
