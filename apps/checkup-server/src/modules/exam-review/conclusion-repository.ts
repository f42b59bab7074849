import { and, eq, isNotNull } from 'drizzle-orm';
import type { ReviewConclusion } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, orderDepts, orderDiagnoses, users } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

/** The columns the grid and the report order conclusions by. */
export interface OrderedConclusion {
  id: number;
  deptId: number | null;
  /** The department's place in the department list; null for what 总检 added. */
  deptSort: number | null;
  sort: number;
  reviewSort: number | null;
  mergedInto: number | null;
}

/**
 * The order of 总检's grid, which the report prints: the places a chief examiner gave (up/down,
 * merge), then the departments' diagnoses in department order, then what 总检 added, oldest first.
 */
export function byGridOrder<T extends OrderedConclusion>(rows: readonly T[]): T[] {
  const last = Number.MAX_SAFE_INTEGER;
  return [...rows].sort(
    (a, b) =>
      (a.reviewSort ?? last) - (b.reviewSort ?? last) ||
      (a.deptId === null ? 1 : 0) - (b.deptId === null ? 1 : 0) ||
      (a.deptSort ?? 0) - (b.deptSort ?? 0) ||
      (a.deptId ?? 0) - (b.deptId ?? 0) ||
      a.sort - b.sort ||
      a.id - b.id,
  );
}

/** Every conclusion row of a visit with its department, in grid order (merged parts included). */
export async function conclusionRows(db: Reader, orderId: string) {
  const rows = await db
    .select({
      id: orderDiagnoses.id,
      deptId: orderDiagnoses.deptId,
      deptName: departments.deptName,
      deptSort: departments.sort,
      diagId: orderDiagnoses.diagId,
      diagName: orderDiagnoses.diagName,
      advice: orderDiagnoses.advice,
      groupAdvice: orderDiagnoses.groupAdvice,
      sort: orderDiagnoses.sort,
      reviewSort: orderDiagnoses.reviewSort,
      mergedInto: orderDiagnoses.mergedInto,
      hidden: orderDiagnoses.hidden,
      addedByName: orderDiagnoses.addedByName,
    })
    .from(orderDiagnoses)
    .leftJoin(departments, eq(departments.id, orderDiagnoses.deptId))
    .where(eq(orderDiagnoses.orderId, orderId));
  return byGridOrder(rows);
}

export type ConclusionRow = Awaited<ReturnType<typeof conclusionRows>>[number];

/** The top-level conclusions (not part of a merge), in grid order. */
export const topLevel = <T extends OrderedConclusion>(rows: readonly T[]) => rows.filter((r) => r.mergedInto === null);

/** 总检's grid of one visit: each conclusion with its department, who added it, and a merge's parts. */
export async function readConclusions(db: Reader, orderId: string): Promise<ReviewConclusion[]> {
  const rows = await conclusionRows(db, orderId);
  // Rows saved before issue 20 name no one: the department's signing doctor stands for them.
  const signers = new Map(
    (
      await db
        .select({ deptId: orderDepts.deptId, name: users.userName })
        .from(orderDepts)
        .innerJoin(users, eq(users.id, orderDepts.signUserId))
        .where(and(eq(orderDepts.orderId, orderId), isNotNull(orderDepts.signUserId)))
    ).map((s) => [s.deptId, s.name]),
  );
  return topLevel(rows).map((row) => {
    const members = rows.filter((m) => m.mergedInto === row.id);
    return {
      id: row.id,
      diag_id: row.diagId,
      diag_name: row.diagName,
      advice: row.advice,
      group_advice: row.groupAdvice,
      dept_id: row.deptId,
      dept_name: row.deptName,
      origin: row.deptId !== null ? 'dept' : members.length > 0 ? 'merge' : 'review',
      added_by_name: row.addedByName ?? (row.deptId !== null ? (signers.get(row.deptId) ?? null) : null),
      hidden: row.hidden,
      members: members.map((m) => ({ id: m.id, diag_name: m.diagName, dept_name: m.deptName })),
    };
  });
}
