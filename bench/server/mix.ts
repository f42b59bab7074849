import {
  deptWorklistRoute,
  orderListRoute,
  sysItemsRoute,
  userInfoRoute,
  type RouteDescriptor,
} from '@checkup/api-contract';
import type { SampleCustomer, StatusSpan } from './databases.js';
import { pick, rng, shuffle } from '../shared/random.js';
import { getData, type Session } from './session.js';

export type CallName = 'baseline' | 'worklist' | 'search';

/** One request of a mix; `kind` groups the requests reported together (e.g. 'ID number'). */
export interface MixRequest {
  kind: string;
  path: string;
}

export interface CallMix {
  call: CallName;
  what: string;
  requests: MixRequest[];
}

/** The days the seed spreads its orders over: the 60 before `today` and today (seed-orders.ts). */
export const SEEDED_DAYS = 61;
const PAGE = { page: '1', size: '20' };
const REQUESTS_PER_KIND = 40;
// The commonest surnames and two compound ones; single characters match thousands of examinees.
const SURNAMES = ['张', '王', '李', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '胡', '欧阳', '司马'];

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today in China Standard Time, as the seed counts it. */
export function todayCst(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

const request = (kind: string, route: RouteDescriptor, query: Record<string, string>): MixRequest => ({
  kind,
  path: `${route.path}?${new URLSearchParams({ ...query, ...PAGE }).toString()}`,
});

/** The departments of the catalogue, from the items each one measures. */
export async function departments(session: Session): Promise<number[]> {
  const items = await getData(session, sysItemsRoute);
  return [...new Set(items.map((i) => i.dept_id))].sort((a, b) => a - b);
}

export function baselineMix(): CallMix {
  return {
    call: 'baseline',
    what: `GET ${userInfoRoute.path}: BFF session, signing and upstream token check, no search`,
    requests: [{ kind: 'user_info', path: userInfoRoute.path }],
  };
}

/** A day drawn from the days on which a status occurs. */
function dayOf(span: StatusSpan, random: () => number): string {
  const days = Math.round((Date.parse(span.last) - Date.parse(span.first)) / 86_400_000);
  return addDays(span.first, Math.floor(random() * (days + 1)));
}

/**
 * Every department on days drawn from the seeded range; half filtered by a department status, on
 * a day that status occurs (past days are all signed).
 */
export function worklistMix(depts: number[], deptSpans: StatusSpan[], today: string): CallMix {
  const random = rng(4);
  const requests = Array.from({ length: REQUESTS_PER_KIND * 4 }, (_, i) => {
    const exam_dept_id = String(depts[i % depts.length]);
    if (i % 2) {
      const exam_date = addDays(today, -Math.floor(random() * SEEDED_DAYS));
      return request('day', deptWorklistRoute, { exam_dept_id, exam_date });
    }
    const span = pick(deptSpans, random);
    return request('day + status', deptWorklistRoute, {
      exam_dept_id,
      exam_date: dayOf(span, random),
      dept_status: span.status,
    });
  });
  return {
    call: 'worklist',
    what: `GET ${deptWorklistRoute.path}: ${depts.length} departments × ${SEEDED_DAYS} days, with and without dept_status`,
    requests: shuffle(requests, random),
  };
}

/**
 * The order list searched the ways a registrar does, in equal parts; the week + status filter
 * is asked around a day on which the status occurs.
 */
export function searchMix(customers: SampleCustomer[], orderSpans: StatusSpan[]): CallMix {
  const random = rng(7);
  const take = <T>(list: T[]) => Array.from({ length: REQUESTS_PER_KIND }, (_, i) => list[i % list.length]!);
  const keyed = (kind: string, keys: string[]) => take(keys).map((key) => request(kind, orderListRoute, { key }));
  const ranges = Array.from({ length: REQUESTS_PER_KIND }, () => {
    const span = pick(orderSpans, random);
    const day = dayOf(span, random);
    return request('week + status', orderListRoute, {
      date_from: addDays(day, -3),
      date_to: addDays(day, 3),
      status: span.status,
    });
  });
  const requests = [
    ...keyed('surname', SURNAMES),
    ...keyed(
      'full name',
      customers.map((c) => c.name),
    ),
    ...keyed(
      'order id',
      customers.map((c) => c.orderId),
    ),
    ...keyed(
      'ID number',
      customers.map((c) => c.idCard),
    ),
    ...keyed(
      'phone',
      customers.map((c) => c.phone),
    ),
    ...ranges,
  ];
  return {
    call: 'search',
    what: `GET ${orderListRoute.path}: surname prefix, full name, order id, ID number, phone, a week + status`,
    requests: shuffle(requests, random),
  };
}
