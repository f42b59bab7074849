import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, diagnoses, orderDiagnoses } from '../../db/schema.js';
import { assertNotLockedByOther } from '../locks/record-locks.js';
import { assertNotBanned } from '../orders/order-ban.js';
import { isUniqueViolation } from '../print-config/workstation-repository.js';
import { conclusionRows, readConclusions, topLevel, type ConclusionRow } from './conclusion-repository.js';
import { reviewLock, statusForReview } from './review-service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Actor {
  user: UserInfo;
  ip: string;
}

export interface ConclusionText {
  diagName: string;
  advice: string;
  groupAdvice: string;
}

/**
 * One change of 总检's grid: by the review lock's holder (or anyone while it is free), on a visit
 * waiting for a review step and not banned, in one transaction with its audit row. Answers the grid.
 */
async function changeGrid(
  db: Db,
  orderId: string,
  actor: Actor,
  op: string,
  change: (tx: Tx, rows: ConclusionRow[]) => Promise<Record<string, unknown>>,
) {
  await assertNotLockedByOther(db, reviewLock(orderId), actor.user.id);
  await db.transaction(async (tx) => {
    await assertNotBanned(tx, orderId);
    // Locks the visit's row: two changes of one grid run one after the other.
    await statusForReview(tx, orderId);
    const detail = await change(tx, await conclusionRows(tx, orderId));
    await tx.insert(auditLog).values({
      action: 'review_conclusion',
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      target: orderId,
      detail: { op, ...detail },
      ip: actor.ip,
    });
  });
  return readConclusions(db, orderId);
}

function rowOf(rows: ConclusionRow[], id: number) {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该结论不存在或已被删除，请刷新后重试');
  return row;
}

const membersOf = (rows: ConclusionRow[], id: number) => rows.filter((r) => r.mergedInto === id);

function refuseMember(rows: ConclusionRow[], row: ConclusionRow, doing: string) {
  if (row.mergedInto === null) return;
  const merged = rows.find((r) => r.id === row.mergedInto);
  throw new AppError(
    'ILLEGAL_TRANSITION',
    `「${row.diagName}」已合并到「${merged?.diagName ?? ''}」，请先拆分再${doing}`,
  );
}

/** Writes the grid's order: each top-level conclusion's place, 1 to n. */
async function writeOrder(tx: Tx, orderId: string, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(orderDiagnoses)
      .set({ reviewSort: index + 1 })
      .where(and(eq(orderDiagnoses.orderId, orderId), eq(orderDiagnoses.id, id)));
  }
}

export async function addConclusion(
  db: Db,
  orderId: string,
  input: ConclusionText & { diagId?: number },
  actor: Actor,
) {
  return changeGrid(db, orderId, actor, 'add', async (tx, rows) => {
    if (topLevel(rows).some((r) => r.diagName === input.diagName)) {
      throw new AppError('VALIDATION', `结论「${input.diagName}」已在列表中`);
    }
    if (input.diagId !== undefined) {
      const [known] = await tx
        .select({ id: diagnoses.id })
        .from(diagnoses)
        .where(and(eq(diagnoses.id, input.diagId), eq(diagnoses.isActive, true)));
      if (!known) throw new AppError('VALIDATION', '所选诊断不存在或已停用');
    }
    // A grid a chief examiner has ordered keeps its order; a new conclusion goes last.
    const places = rows.map((r) => r.reviewSort).filter((s): s is number => s !== null);
    const [added] = await tx
      .insert(orderDiagnoses)
      .values({
        orderId,
        deptId: null,
        diagId: input.diagId ?? null,
        diagName: input.diagName,
        advice: input.advice,
        groupAdvice: input.groupAdvice,
        reviewSort: places.length ? Math.max(...places) + 1 : null,
        addedBy: actor.user.id,
        addedByName: actor.user.user_name,
      })
      .returning({ id: orderDiagnoses.id });
    return { id: added!.id, diag_name: input.diagName };
  });
}

export async function editConclusion(db: Db, orderId: string, id: number, input: ConclusionText, actor: Actor) {
  return changeGrid(db, orderId, actor, 'edit', async (tx, rows) => {
    const row = rowOf(rows, id);
    refuseMember(rows, row, '调整');
    if (topLevel(rows).some((r) => r.id !== id && r.diagName === input.diagName)) {
      throw new AppError('VALIDATION', `结论「${input.diagName}」已在列表中`);
    }
    await tx
      .update(orderDiagnoses)
      .set({ diagName: input.diagName, advice: input.advice, groupAdvice: input.groupAdvice })
      .where(eq(orderDiagnoses.id, id));
    return { id, before: row.diagName, diag_name: input.diagName };
  });
}

export async function deleteConclusion(db: Db, orderId: string, id: number, actor: Actor) {
  return changeGrid(db, orderId, actor, 'delete', async (tx, rows) => {
    const row = rowOf(rows, id);
    if (membersOf(rows, id).length > 0) {
      throw new AppError('ILLEGAL_TRANSITION', `「${row.diagName}」是合并的结论，请先拆分再删除`);
    }
    refuseMember(rows, row, '删除');
    if (row.deptId !== null) {
      throw new AppError(
        'ILLEGAL_TRANSITION',
        `「${row.diagName}」是${row.deptName ?? ''}的诊断，不能在总检中删除，可设为报告中隐藏`,
      );
    }
    await tx.delete(orderDiagnoses).where(eq(orderDiagnoses.id, id));
    return { id, diag_name: row.diagName };
  });
}

export async function hideConclusion(db: Db, orderId: string, id: number, hidden: boolean, actor: Actor) {
  return changeGrid(db, orderId, actor, hidden ? 'hide' : 'show', async (tx, rows) => {
    const row = rowOf(rows, id);
    refuseMember(rows, row, hidden ? '隐藏' : '显示');
    await tx.update(orderDiagnoses).set({ hidden }).where(eq(orderDiagnoses.id, id));
    return { id, diag_name: row.diagName };
  });
}

export async function moveConclusion(db: Db, orderId: string, id: number, direction: 'up' | 'down', actor: Actor) {
  return changeGrid(db, orderId, actor, `move_${direction}`, async (tx, rows) => {
    const row = rowOf(rows, id);
    refuseMember(rows, row, '移动');
    const ids = topLevel(rows).map((r) => r.id);
    const from = ids.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0) throw new AppError('VALIDATION', `「${row.diagName}」已在最前`);
    if (to >= ids.length) throw new AppError('VALIDATION', `「${row.diagName}」已在最后`);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await writeOrder(tx, orderId, ids);
    return { id, diag_name: row.diagName, place: to + 1 };
  });
}

/** Two or more top-level conclusions become one, printed in the first one's place; split undoes it. */
export async function mergeConclusions(db: Db, orderId: string, ids: number[], input: ConclusionText, actor: Actor) {
  const picked = [...new Set(ids)];
  if (picked.length < 2) throw new AppError('VALIDATION', '请至少选择两条不同的结论合并');
  return changeGrid(db, orderId, actor, 'merge', async (tx, rows) => {
    const parts = picked.map((id) => rowOf(rows, id));
    for (const part of parts) {
      refuseMember(rows, part, '合并');
      if (membersOf(rows, part.id).length > 0) {
        throw new AppError('ILLEGAL_TRANSITION', `「${part.diagName}」已是合并的结论，请先拆分`);
      }
    }
    const [merged] = await tx
      .insert(orderDiagnoses)
      .values({
        orderId,
        deptId: null,
        diagName: input.diagName,
        advice: input.advice,
        groupAdvice: input.groupAdvice,
        addedBy: actor.user.id,
        addedByName: actor.user.user_name,
      })
      .returning({ id: orderDiagnoses.id });
    await tx.update(orderDiagnoses).set({ mergedInto: merged!.id }).where(inArray(orderDiagnoses.id, picked));
    const order = topLevel(rows).map((r) => r.id);
    const first = Math.min(...picked.map((id) => order.indexOf(id)));
    const kept = order.filter((id) => !picked.includes(id));
    kept.splice(first, 0, merged!.id);
    await writeOrder(tx, orderId, kept);
    return { id: merged!.id, diag_name: input.diagName, parts: parts.map((p) => p.diagName) };
  });
}

export async function splitConclusion(db: Db, orderId: string, id: number, actor: Actor) {
  return changeGrid(db, orderId, actor, 'split', async (tx, rows) => {
    const row = rowOf(rows, id);
    const parts = membersOf(rows, id);
    if (parts.length === 0) throw new AppError('ILLEGAL_TRANSITION', `「${row.diagName}」不是合并的结论，无需拆分`);
    await tx.update(orderDiagnoses).set({ mergedInto: null }).where(eq(orderDiagnoses.mergedInto, id));
    const order = topLevel(rows).map((r) => r.id);
    order.splice(order.indexOf(id), 1, ...parts.map((p) => p.id));
    await writeOrder(tx, orderId, order);
    await tx.delete(orderDiagnoses).where(eq(orderDiagnoses.id, id));
    return { id, diag_name: row.diagName, parts: parts.map((p) => p.diagName) };
  });
}

/** A code for a word 总检 saved to the dictionary: ZJ and a number not yet used. */
async function nextDictCode(tx: Tx) {
  const [row] = await tx
    .select({
      next: sql<number>`coalesce(max(case when ${diagnoses.diagCode} ~ '^ZJ[0-9]+$' then substring(${diagnoses.diagCode} from 3)::int end), 0) + 1`,
    })
    .from(diagnoses);
  return `ZJ${String(Number(row?.next ?? 1)).padStart(5, '0')}`;
}

/**
 * 存入诊断库: a free-text conclusion becomes a word of 体检配置's diagnosis dictionary — the
 * conclusion's department (general when 总检 wrote it), its advice, ordinary (not contagious, not
 * serious), enabled — and the conclusion is linked to it. Refused when the word is there already.
 */
export async function saveConclusionToDict(db: Db, orderId: string, id: number, actor: Actor) {
  let created: { id: number; code: string } | undefined;
  try {
    await assertNotLockedByOther(db, reviewLock(orderId), actor.user.id);
    await db.transaction(async (tx) => {
      await statusForReview(tx, orderId);
      const row = rowOf(await conclusionRows(tx, orderId), id);
      if (row.diagId !== null) throw new AppError('VALIDATION', `「${row.diagName}」已是诊断库中的诊断`);
      const [existing] = await tx
        .select({ code: diagnoses.diagCode })
        .from(diagnoses)
        .where(eq(diagnoses.diagNameFolded, row.diagName.toLowerCase()));
      if (existing) {
        throw new AppError('VALIDATION', `诊断库中已有「${row.diagName}」（编码 ${existing.code}），请从诊断库选择`);
      }
      const code = await nextDictCode(tx);
      const [dict] = await tx
        .insert(diagnoses)
        .values({
          diagCode: code,
          diagName: row.diagName,
          deptId: row.deptId,
          advice: row.advice,
          isContagion: false,
          seriousType: '0',
          isActive: true,
          updatedAt: sql`now()`,
          updatedBy: actor.user.id,
        })
        .returning({ id: diagnoses.id });
      await tx.update(orderDiagnoses).set({ diagId: dict!.id }).where(eq(orderDiagnoses.id, id));
      await tx.insert(auditLog).values({
        action: 'review_diag_to_dict',
        userId: actor.user.id,
        userAccount: actor.user.user_account,
        target: orderId,
        detail: { id, diag_id: dict!.id, diag_code: code, diag_name: row.diagName, dept_id: row.deptId },
        ip: actor.ip,
      });
      created = { id: dict!.id, code };
    });
  } catch (error) {
    // Another user saved the same word a moment earlier.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', '诊断库中已有同名或同编码的诊断，请刷新后重试');
    throw error;
  }
  return { diag_id: created!.id, diag_code: created!.code, conclusions: await readConclusions(db, orderId) };
}
