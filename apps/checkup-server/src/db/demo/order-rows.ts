import { MUST_BE_RECORDED, ORDER_STATUSES, type OrderStatus } from '@checkup/api-contract';
import type {
  criticalValues,
  deptSummaries,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orderExceptions,
  orders,
  orderStatusLog,
  orderUnions,
  payments,
  reviews,
} from '../schema.js';
import type { CustomerRef, OrderContent } from './order-content.js';
import type { OrderPlan } from './order-plan.js';
import { diagnosisFor, drawResults, storedRefRange, summaryLine, type DrawnResult } from './order-results.js';
import type { Timeline } from './order-timeline.js';
import type { Rng } from './prng.js';
import type { CatalogueSnapshot, DiagInfo } from './snapshot.js';
import { clinicalExtras, type Staff } from './order-extras.js';
import { reportHistory, type ReportHistoryRows } from './order-report-history.js';

/** Everything one order writes; it goes into one transaction with its order. */
export interface OrderRows extends ReportHistoryRows {
  customer: CustomerRef;
  order: typeof orders.$inferInsert;
  statusLog: (typeof orderStatusLog.$inferInsert)[];
  unions: (typeof orderUnions.$inferInsert)[];
  depts: (typeof orderDepts.$inferInsert)[];
  results: (typeof itemResults.$inferInsert)[];
  summaries: (typeof deptSummaries.$inferInsert)[];
  diagnoses: (typeof orderDiagnoses.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  exceptions: (typeof orderExceptions.$inferInsert)[];
  criticals: (typeof criticalValues.$inferInsert)[];
}

export interface OrderInput {
  plan: OrderPlan;
  content: OrderContent;
  timeline: Timeline;
  catalogue: CatalogueSnapshot;
  staff: Staff;
  today: string;
}

const at = (status: OrderStatus) => ORDER_STATUSES.indexOf(status);

// Issue 19: the reasons the demo's not-examined lines carry.
const WAIVE_REASONS = ['本人自愿放弃', '身体原因无法检查', '时间原因'];
const DEFER_REASONS = ['未空腹', '经期', '设备检修'];
const REFUSE_REASONS = ['本人拒绝检查', '对检查有顾虑'];

/**
 * A number from an order's id and a union's, for the demo's execution states: drawn apart from the
 * order's random stream so that adding them left every other demo value as it was.
 */
function lineHash(orderId: string, unionId: number): number {
  let h = 2166136261;
  for (const ch of `${orderId}:${unionId}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const addDaysTo = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type ExecColumns = Pick<
  typeof orderUnions.$inferInsert,
  'status' | 'execBy' | 'execAt' | 'execReason' | 'execDate' | 'signatureFileId'
>;

/**
 * Who set a line's state, when and why (breadth §1.3). A visit in exam has, now and then, a line of a
 * department not yet started deferred (迟检), refused (拒检) or made up (补检) — only where that
 * department keeps a line to record, so its progress stays as the order's.
 */
function execColumns(input: OrderInput, unionStatus: Map<number, string>, deptStatus: Map<number, string>) {
  const { plan, content, timeline, staff } = input;
  const columns = new Map<number, ExecColumns>();
  const base = { execBy: null, execAt: null, execReason: null, execDate: null, signatureFileId: null };
  for (const { union } of content.unions) {
    const status = unionStatus.get(union.id)!;
    const h = lineHash(plan.orderId, union.id);
    if (status === '2') {
      columns.set(union.id, {
        status,
        ...base,
        execBy: staff.registrar.id,
        execAt: timeline.examStart,
        execReason: WAIVE_REASONS[h % WAIVE_REASONS.length]!,
      });
      continue;
    }
    const waitingDept = deptStatus.get(union.deptId) === '0';
    // Lines of the department that still wait to be recorded (set already, or still to come).
    const others = content.unions.filter(
      (u) =>
        u.union.deptId === union.deptId &&
        u.union.id !== union.id &&
        MUST_BE_RECORDED.has(columns.get(u.union.id)?.status ?? '0'),
    );
    if (plan.status !== 'in_exam' || !waitingDept || others.length === 0 || h % 100 >= 12) {
      columns.set(union.id, { status, ...base });
      continue;
    }
    const kind = (h >>> 8) % 3;
    const later = addDaysTo(plan.examDate, 1 + ((h >>> 12) % 5));
    const set = { execBy: staff.registrar.id, execAt: timeline.examStart, signatureFileId: null };
    if (kind === 0) {
      columns.set(union.id, { status: '3', ...set, execDate: later, execReason: DEFER_REASONS[h % 3]! });
    } else if (kind === 1) {
      columns.set(union.id, { status: '4', ...set, execDate: null, execReason: REFUSE_REASONS[h % 2]! });
    } else {
      columns.set(union.id, { status: '5', ...set, execDate: later, execReason: '迟检后补检' });
    }
  }
  return columns;
}
const money = (cents: number) => (cents / 100).toFixed(2);
const DEPT_MIX = [
  ['2', 45],
  ['1', 20],
  ['0', 35],
] as const;

/** Department progress consistent with the order's status (spec: dept_diag worklist). */
function deptStatuses(
  rng: Rng,
  status: OrderStatus,
  timeline: Timeline,
  deptIds: number[],
): Map<number, '0' | '1' | '2'> {
  const idx = at(status);
  const statuses = new Map(deptIds.map((id) => [id, idx >= at('depts_done') ? '2' : ('0' as '0' | '1' | '2')]));
  if (idx !== at('in_exam')) return statuses;
  // Returned by a reviewer: every department had signed, one is open again.
  for (const id of deptIds) statuses.set(id, timeline.returned ? '2' : rng.weighted(DEPT_MIX));
  if (deptIds.every((id) => statuses.get(id) === '2')) statuses.set(rng.pick(deptIds), '1');
  return statuses;
}

function spread(rng: Rng, from: Date, to: Date, low: number, high: number): Date {
  return new Date(from.getTime() + (to.getTime() - from.getTime()) * (low + rng.next() * (high - low)));
}

export function buildOrderRows(rng: Rng, input: OrderInput): OrderRows {
  const { plan, content, timeline, catalogue, staff } = input;
  const idx = at(plan.status);
  const orderId = plan.orderId;
  const deptIds = [...new Set(content.unions.map((u) => u.union.deptId))];
  const deptStatus = deptStatuses(rng, plan.status, timeline, deptIds);

  // A union is given up (弃检) now and then, only where its department still has other work.
  const unionStatus = new Map<number, '0' | '1' | '2'>();
  for (const { union } of content.unions) {
    const started = deptStatus.get(union.deptId) !== '0';
    const siblings = content.unions.filter(
      (u) => u.union.deptId === union.deptId && unionStatus.get(u.union.id) !== '2',
    );
    const givenUp = idx >= at('depts_done') && siblings.length > 1 && rng.chance(0.01);
    unionStatus.set(union.id, givenUp ? '2' : started ? '1' : '0');
  }

  const doneUnions = content.unions.filter((u) => unionStatus.get(u.union.id) === '1').map((u) => u.union);
  const drawn = drawResults(rng, doneUnions, content.customer.sex, content.age);
  const deptTimes = new Map(
    deptIds.map((id) => {
      const entered = spread(rng, timeline.examStart, timeline.examEnd, 0.05, 0.7);
      return [id, { entered, signed: spread(rng, entered, timeline.examEnd, 0.2, 1) }];
    }),
  );
  const doctorOf = (deptId: number) => staff.doctorFor(catalogue.depts.get(deptId)?.code ?? '');

  const results = drawn.map((r) => ({
    orderId,
    itemId: r.item.id,
    unionId: r.union.id,
    deptId: r.item.deptId,
    resultValue: r.value,
    unit: r.item.unit,
    refRange: storedRefRange(r.item, content.customer.sex),
    abnormalFlag: r.flag,
    criticalFlag: r.critical ? '1' : '0',
    enteredBy: doctorOf(r.union.deptId).id,
    enteredAt: deptTimes.get(r.union.deptId)!.entered,
  }));

  const byDept = new Map<number, DrawnResult[]>();
  for (const r of drawn) byDept.set(r.union.deptId, [...(byDept.get(r.union.deptId) ?? []), r]);
  const summaries: OrderRows['summaries'] = [];
  const diagnoses: OrderRows['diagnoses'] = [];
  const overall: DiagInfo[] = [];
  for (const [deptId, list] of byDept) {
    const abnormal = list.filter((r) => r.flag !== '');
    const lines =
      abnormal.length > 0
        ? abnormal.map((r) => ({ text: summaryLine(r), unionId: r.union.id }))
        : [{ text: '未见明显异常', unionId: null }];
    lines.forEach((line, i) =>
      summaries.push({
        orderId,
        deptId,
        unionId: line.unionId,
        summaryContent: line.text,
        source: '0',
        summaryOrderBy: i + 1,
      }),
    );
    if (deptStatus.get(deptId) !== '2') continue;
    const found = [
      ...new Set(abnormal.map((r) => diagnosisFor(r, catalogue)).filter((d): d is DiagInfo => d !== undefined)),
    ];
    found.forEach((d, i) =>
      diagnoses.push({ orderId, deptId, diagId: d.id, diagName: d.name, advice: d.advice, sort: i + 1 }),
    );
    for (const d of found) if (!overall.includes(d)) overall.push(d);
  }

  const reviewed = idx >= at('first_trial');
  if (reviewed) {
    overall.forEach((d, i) =>
      diagnoses.push({ orderId, deptId: null, diagId: d.id, diagName: d.name, advice: d.advice, sort: i + 1 }),
    );
  }
  const givenUp = content.unions.filter((u) => unionStatus.get(u.union.id) === '2');
  const exec = execColumns(input, unionStatus, deptStatus);
  const extras = clinicalExtras(rng, { ...input, drawn, deptIds, deptTimes, doctorOf, reviewed, givenUp });
  const reports = reportHistory(rng, { orderId, timeline, staff });
  const conclusion = reviewed ? conclusionText(content.examType, overall) : null;

  return {
    customer: content.customer,
    order: {
      orderId,
      customerId: content.customer.id,
      examType: content.examType,
      harmFactors: content.harmFactors,
      packageId: content.pkg?.id ?? null,
      companyId: content.group?.companyId ?? null,
      groupId: content.group?.id ?? null,
      status: plan.status,
      examDate: plan.examDate,
      totalPrice: money(content.totalCents),
      conclusion: conclusion?.conclusion ?? null,
      advice: conclusion?.advice ?? null,
      correctionStatus: '0',
      registeredBy: staff.registrar.id,
      // 导检单回收: the sheet came back at the exit once the departments were done.
      sheetReturnedBy: idx >= at('depts_done') ? staff.registrar.id : null,
      sheetReturnedAt: idx >= at('depts_done') ? timeline.examEnd : null,
      createdAt: timeline.events[0]!.at,
      updatedAt: timeline.events[timeline.events.length - 1]!.at,
    },
    statusLog: extras.statusLog,
    unions: content.unions.map((u) => ({
      orderId,
      unionId: u.union.id,
      deptId: u.union.deptId,
      price: money(u.cents),
      listPrice: money(u.union.cents),
      // Paid when the visit was paid, unless given up and refunded (order-extras.ts): the paid lines sum to the payments.
      feeCharged: extras.payments.length > 0 && (content.group !== null || unionStatus.get(u.union.id) !== '2'),
      // The line's state with who/when/why (execColumns: 弃检, 迟检, 拒检, 补检 among the open lines).
      ...exec.get(u.union.id)!,
      origin: u.origin,
      // The group pays for its package as it says; extras are the examinee's own.
      payMode: content.group && u.origin === 'package' ? content.group.payMode : 'self',
    })),
    depts: deptIds.map((deptId) => {
      const signed = deptStatus.get(deptId) === '2';
      const time = deptTimes.get(deptId)!;
      const imaging = signed && content.unions.some((u) => u.union.deptId === deptId && u.union.imaging);
      return {
        orderId,
        deptId,
        examDate: plan.examDate,
        status: deptStatus.get(deptId)!,
        deptExceptionFlag: extras.exceptionDepts.has(deptId) ? '1' : '0',
        signUserId: signed ? doctorOf(deptId).id : null,
        signedAt: signed ? time.signed : null,
        imagingSignUserId: imaging ? doctorOf(deptId).id : null,
        imagingSignedAt: imaging ? time.signed : null,
      };
    }),
    results,
    summaries,
    diagnoses,
    reviews: extras.reviews,
    payments: extras.payments,
    exceptions: extras.exceptions,
    criticals: extras.criticals,
    ...reports,
  };
}

/** The chief examiner's overall text: numbered diagnoses and their advice (rev_apr). */
function conclusionText(examType: string, found: DiagInfo[]): { conclusion: string; advice: string } {
  // GBZ 188 asks an occupational report for one of its conclusion classes first.
  const occupational =
    examType === 'occupational' ? [`职业健康检查结论：${found.length ? '其他疾病或异常' : '目前未见异常'}`] : [];
  if (found.length === 0) {
    return {
      conclusion: [...occupational, '本次体检所查项目未见明显异常。'].join('\n'),
      advice: '建议每年定期体检，保持健康的生活方式。',
    };
  }
  return {
    conclusion: [...occupational, ...found.map((d, i) => `${i + 1}. ${d.name}`)].join('\n'),
    advice: found.map((d, i) => `${i + 1}. ${d.name}：${d.advice}`).join('\n'),
  };
}
