import { sql } from 'drizzle-orm';
import {
  maskName,
  ORDER_STATUS_LABELS,
  UNION_EXEC,
  type GroupReportSnapshot,
  type OrderStatus,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import type { groupReports } from '../../db/schema.js';
import { refreshStatistics } from './refresh.js';
import { selectRows } from './sql-rows.js';

type Definition = typeof groupReports.$inferSelect;

interface Person {
  order_id: string;
  name: string;
  sex: string;
  age: number;
  exam_date: string;
  status: string;
  chief_id: number | null;
  printed: boolean;
}

/** 未检: a visit prepared or registered but not yet checked in (nobody has come to the desk). */
const NOT_COME: ReadonlySet<string> = new Set(['prepared', 'registered']);
const attended = (p: Person) => !NOT_COME.has(p.status);
/** 未检项目: items still to do (未检, 迟检, 补检); 弃检 and 拒检 are settled. */
const PENDING: ReadonlySet<string> = new Set([UNION_EXEC.todo, UNION_EXEC.deferred, UNION_EXEC.makeup]);

const AGE_BANDS = [
  { label: '30岁以下', below: 30 },
  { label: '30～39岁', below: 40 },
  { label: '40～49岁', below: 50 },
  { label: '50～59岁', below: 60 },
  { label: '60岁及以上', below: Infinity },
] as const;

/** num / den as a percentage with one decimal, rounded half up in whole numbers ('0.0' for none). */
export function percentOf(num: number, den: number): string {
  if (den <= 0) return '0.0';
  const tenths = Math.floor((2000 * num + den) / (2 * den));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const split = (people: readonly Person[]) => {
  const male = people.filter((p) => p.sex === '1').length;
  return { male, female: people.length - male, total: people.length };
};

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

/**
 * The visits a report is over: the group order's, of its company, registered in the range at the
 * 分中心, of one sex when the report says so (bi_visit_facts, brought up to date first).
 */
function visitsOf(r: Definition) {
  return sql`select f.order_id from bi_visit_facts f
    where f.group_order_id = ${r.groupOrderId} and f.company_id = ${r.companyId}
      and f.exam_date between ${r.dateFrom} and ${r.dateTo} and f.branch_id = ${r.branchId}
      ${r.sex ? sql`and f.sex = ${r.sex}` : sql``}`;
}

/** 生成: the analysis tabs of breadth §4.3 from the report's visits, to be kept with the report. */
export async function analyseGroupReport(db: Db, r: Definition, now: Date): Promise<GroupReportSnapshot> {
  await refreshStatistics(db);
  const visits = visitsOf(r);
  const people = await selectRows<Person>(
    db,
    sql`select f.order_id, c.cust_name as name, f.sex, f.age::int as age, f.exam_date::text as exam_date,
        f.status, f.chief_id, f.printed
      from bi_visit_facts f join orders o on o.order_id = f.order_id join customers c on c.id = o.customer_id
      where f.order_id in (${visits}) order by f.exam_date, f.order_id`,
  );
  const lines = await selectRows<{ order_id: string; union_name: string; status: string }>(
    db,
    sql`select l.order_id, u.union_name, l.status from bi_line_facts l join unions u on u.id = l.union_id
      where l.order_id in (${visits}) and not l.returned order by u.sort, u.id`,
  );
  const diags = await selectRows<{ order_id: string; diag_name: string; advice: string }>(
    db,
    sql`select f.order_id, f.diag_name, coalesce(nullif(d.group_advice, ''), d.advice) as advice
      from bi_diag_facts f join order_diagnoses d on d.id = f.diag_row_id
      where f.order_id in (${visits}) order by f.order_id, coalesce(d.review_sort, d.sort), d.id`,
  );

  const counted = r.includeAbsent ? people : people.filter(attended);
  const countedIds = new Set(counted.map((p) => p.order_id));
  const byId = new Map(people.map((p) => [p.order_id, p]));
  const population = counted.length;

  const ages = AGE_BANDS.map((band, i) => {
    const floor = i === 0 ? -Infinity : AGE_BANDS[i - 1]!.below;
    const inBand = counted.filter((p) => p.age >= floor && p.age < band.below);
    const s = split(inBand);
    return { label: band.label, ...s, percent: percentOf(s.total, population) };
  });

  const dates = [...groupBy(counted, (p) => p.exam_date)].map(([date, ps]) => ({ date, ...split(ps) }));

  const countedDiags = diags.filter((d) => countedIds.has(d.order_id));
  const findings = [...groupBy(countedDiags, (d) => d.diag_name)]
    .map(([diag_name, rows]) => {
      const s = split([...new Set(rows.map((d) => d.order_id))].map((id) => byId.get(id)!));
      return { diag_name, ...s, population, percent: percentOf(s.total, population) };
    })
    .sort((a, b) => b.total - a.total || a.diag_name.localeCompare(b.diag_name, 'zh-CN'));

  const countedLines = lines.filter((l) => countedIds.has(l.order_id));
  const items = [...groupBy(countedLines, (l) => l.union_name)].map(([union_name, rows]) => {
    const ordered = new Set(rows.map((l) => l.order_id)).size;
    const done = [...new Set(rows.filter((l) => l.status === UNION_EXEC.done).map((l) => l.order_id))];
    const s = split(done.map((id) => byId.get(id)!));
    return { union_name, ordered, ...s, percent: percentOf(s.total, ordered) };
  });

  const positives = countedDiags.map((d) => {
    const p = byId.get(d.order_id)!;
    return {
      order_id: p.order_id,
      name: maskName(p.name),
      sex: p.sex === '1' ? '男' : '女',
      age: p.age,
      diag_name: d.diag_name,
      advice: d.advice,
    };
  });

  const linesOf = groupBy(lines, (l) => l.order_id);
  const completion = people.map((p) => ({
    order_id: p.order_id,
    name: maskName(p.name),
    status_label: ORDER_STATUS_LABELS[p.status as OrderStatus] ?? p.status,
    pending_items: (linesOf.get(p.order_id) ?? []).filter((l) => PENDING.has(l.status)).map((l) => l.union_name),
    chief_done: p.chief_id !== null,
    printed: p.printed,
  }));

  const came = people.filter(attended);
  return {
    generated_at: now.toISOString(),
    people: [
      { label: '参检', ...split(came) },
      { label: '未检', ...split(people.filter((p) => !attended(p))) },
      { label: '合计', ...split(people) },
    ],
    ages,
    dates,
    findings,
    items,
    positives,
    completion,
    population,
  };
}
