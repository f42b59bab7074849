import type { FastifyRequest } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  GROUP_LIST_ERRORS_SHOWN,
  GROUP_LIST_MESSAGES as MSG,
  XLSX_TYPE,
  type GroupListRowError,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companyGroups, groupOrders, groupPersons } from '../../db/schema.js';
import { UploadedFile } from '../../plugins/multipart-body.js';
import { recordAudit } from '../audit/repository.js';
import { storeFile } from '../files/file-store.js';
import type { PersonalData } from '../people/personal-data.js';
import { errorReport, readList } from './list-excel.js';
import { checkRow, matchGroup, type ListPerson } from './list-rows.js';
import type { Progress } from './progress.js';

/** Rows written per transaction: a failure loses at most one batch, and locks stay short. */
export const WRITE_BATCH = 500;
export const IMPORT_REPORT = 'group_list_import_report';

/** The order a list goes into: it must exist, be approved and not closed. */
export async function openGroupOrder(db: Pick<Db, 'select'>, id: number, purpose: 'import' | 'prepare') {
  const [order] = await db.select().from(groupOrders).where(eq(groupOrders.id, id));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '团检订单不存在');
  if (order.closed) throw new AppError('VALIDATION', purpose === 'import' ? MSG.closed : MSG.closedPrepare);
  if (order.approvalState !== 'approved') {
    throw new AppError('VALIDATION', purpose === 'import' ? MSG.notApproved : MSG.notApprovedPrepare);
  }
  return order;
}

interface Matched extends ListPerson {
  groupId: number;
}

export interface ImportOutcome {
  total: number;
  imported: number;
  updated: number;
  failed: number;
  errors: GroupListRowError[];
  report_id: number | null;
}

/**
 * Imports a list into an approved, open order (breadth §2.7): the order checked at once, then (in the
 * function answered) the file read, every row checked and matched to a group,
 * refused rows reported per row; the valid ones written in batches, each an `insert … on conflict`
 * on the order's ID-number index, so a person imported again is updated while they have no visit and
 * reported otherwise (已生成体检号，未更新), never duplicated.
 */
export async function beginImport(
  db: Db,
  personalData: PersonalData,
  ctx: { orderId: number; data: Buffer; user: UserInfo; request: FastifyRequest },
): Promise<(progress?: Progress) => Promise<ImportOutcome>> {
  const order = await openGroupOrder(db, ctx.orderId, 'import');
  // Reading 10,000 rows takes seconds on a busy server: it is the background's work too, and a file
  // that is not a list fails the task with the reason.
  return async (progress) => {
    const list = await readList(ctx.data);
    if (list.rows.length === 0) throw new AppError('VALIDATION', '导入文件没有数据行');
    return writeList(db, personalData, { ...ctx, order, list, progress });
  };
}

async function writeList(
  db: Db,
  personalData: PersonalData,
  ctx: {
    order: Awaited<ReturnType<typeof openGroupOrder>>;
    list: Awaited<ReturnType<typeof readList>>;
    user: UserInfo;
    request: FastifyRequest;
    progress?: Progress;
  },
): Promise<ImportOutcome> {
  const { user, request, progress, order } = ctx;
  const { kind, rows } = ctx.list;
  const groups = await db
    .select()
    .from(companyGroups)
    .where(eq(companyGroups.groupOrderId, order.id))
    .orderBy(asc(companyGroups.id));

  const errors: (GroupListRowError & { idCard?: string })[] = [];
  const seen = new Map<string, number>();
  const matched: (Matched & { hash: string })[] = [];
  for (const [index, { line, cells }] of rows.entries()) {
    // The checks are CPU work: other requests (this import's progress polls among them) get a turn.
    if (index % WRITE_BATCH === 0) {
      progress?.set('reading', index, rows.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const name = cells.cust_name ?? '';
    const checked = checkRow(kind, line, cells);
    if (!checked.ok) {
      errors.push({ line, name, reason: checked.reason, idCard: cells.id_card });
      continue;
    }
    const person = checked.person;
    // One keyed hash per row: the duplicate check and the look-up of an earlier import both use it.
    const hash = personalData.idCardLookup(person.idCard);
    const first = seen.get(hash);
    if (first !== undefined) {
      errors.push({ line, name, reason: MSG.duplicate(first), idCard: person.idCard });
      continue;
    }
    seen.set(hash, line);
    const match = matchGroup(person, groups, order, kind);
    if (!match.ok) {
      errors.push({ line, name, reason: match.reason, idCard: person.idCard });
      continue;
    }
    matched.push({ ...person, groupId: match.groupId, hash });
  }

  let imported = 0;
  let updated = 0;
  progress?.set('writing', 0, matched.length);
  for (let start = 0; start < matched.length; start += WRITE_BATCH) {
    const batch = matched.slice(start, start + WRITE_BATCH);
    const written = await db.transaction(async (tx) => {
      const values = batch.map((p) => {
        const sealed = personalData.sealIdentity({ idCard: p.idCard, phone: p.phone });
        return {
          groupOrderId: order.id,
          groupId: p.groupId,
          custName: p.custName,
          sex: p.sex,
          birthday: p.birthday,
          custIdCardEnc: sealed.custIdCardEnc,
          custIdCardHash: p.hash,
          phoneEnc: sealed.phoneEnc,
          marital: p.marital,
          deptName: p.deptName,
          employeeNo: p.employeeNo,
          jobName: p.jobName,
          harmFactors: p.harmFactors,
          workYears: p.workYears,
          remark: p.remark,
          priceLimit: p.priceLimit,
          createdBy: user.id,
        };
      });
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      return tx
        .insert(groupPersons)
        .values(values)
        .onConflictDoUpdate({
          target: [groupPersons.groupOrderId, groupPersons.custIdCardHash],
          targetWhere: sql.raw('cust_id_card_hash is not null'),
          set: {
            groupId: excluded('group_id'),
            custName: excluded('cust_name'),
            sex: excluded('sex'),
            birthday: excluded('birthday'),
            custIdCardEnc: excluded('cust_id_card_enc'),
            phoneEnc: excluded('phone_enc'),
            marital: excluded('marital'),
            deptName: excluded('dept_name'),
            employeeNo: excluded('employee_no'),
            jobName: excluded('job_name'),
            harmFactors: excluded('harm_factors'),
            workYears: excluded('work_years'),
            remark: excluded('remark'),
            priceLimit: excluded('price_limit'),
            updatedAt: sql`now()`,
          },
          // A person with a visit keeps what they registered with.
          setWhere: sql`${groupPersons.orderId} is null`,
        })
        .returning({ hash: groupPersons.custIdCardHash, inserted: sql<boolean>`(xmax = 0)` });
    });
    const done = new Map(written.map((w) => [w.hash, w.inserted]));
    for (const person of batch) {
      const inserted = done.get(person.hash);
      if (inserted === undefined) {
        errors.push({ line: person.line, name: person.custName, reason: MSG.prepared, idCard: person.idCard });
      } else if (inserted) imported += 1;
      else updated += 1;
    }
    progress?.set('writing', Math.min(start + WRITE_BATCH, matched.length), matched.length);
  }

  errors.sort((a, b) => a.line - b.line);
  const reportId = await db.transaction(async (tx) => {
    let id: number | null = null;
    if (errors.length > 0) {
      id = await storeFile(tx, request, user, {
        purpose: IMPORT_REPORT,
        ownerRef: String(order.id),
        file: new UploadedFile('file', `${order.orderNo}名单导入错误报告.xlsx`, XLSX_TYPE, await errorReport(errors)),
        contentType: XLSX_TYPE,
      });
    }
    await recordAudit(tx, request, 'group_list_import', {
      userId: user.id,
      userAccount: user.user_account,
      target: `group_order:${order.orderNo}`,
      detail: { kind, total: rows.length, imported, updated, failed: errors.length, report_id: id },
    });
    return id;
  });
  return {
    total: rows.length,
    imported,
    updated,
    failed: errors.length,
    errors: errors.slice(0, GROUP_LIST_ERRORS_SHOWN).map(({ line, name, reason }) => ({ line, name, reason })),
    report_id: reportId,
  };
}
