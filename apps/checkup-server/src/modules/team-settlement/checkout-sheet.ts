import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  checkoutSheetExportRoute,
  isOrderStatus,
  maskName,
  moneyText,
  ORDER_STATUS_LABELS,
  toFen,
  XLSX_TYPE,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companyGroups,
  groupOrders,
  groupPersons,
  orderUnions,
  orders,
  settlementLines,
  settlements,
} from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { banPeople, type GroupActor } from '../group-register/register-service.js';
import { FINISHED_STATUSES } from './statement-math.js';

type SheetState = '未登记' | '已登记' | '已完成' | '禁检';
const FINISHED: ReadonlySet<string> = new Set(FINISHED_STATUSES);

function stateOf(p: { paused: boolean; banReason: string | null; status: string | null }): SheetState {
  if (p.paused || p.banReason !== null) return '禁检';
  if (p.status === null || p.status === 'prepared') return '未登记';
  return FINISHED.has(p.status) ? '已完成' : '已登记';
}

async function assertOrder(db: Db, groupOrderId: number) {
  const [order] = await db
    .select({ orderNo: groupOrders.orderNo, state: groupOrders.approvalState })
    .from(groupOrders)
    .where(eq(groupOrders.id, groupOrderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在');
  if (order.state !== 'approved') throw new AppError('ILLEGAL_TRANSITION', '只有审核通过的团检订单有结账单');
  return order;
}

/**
 * 体检结账单 (§3.6 inspect_accounts): each person of the order with their state (未登记, 已登记,
 * 已完成, 禁检), their company-paid total (not returned) and the live statement that took them.
 */
export async function checkoutSheet(db: Db, groupOrderId: number) {
  await assertOrder(db, groupOrderId);
  const people = await db
    .select({
      id: groupPersons.id,
      custName: groupPersons.custName,
      groupName: companyGroups.groupName,
      orderId: groupPersons.orderId,
      paused: groupPersons.paused,
      banReason: orders.banReason,
      status: orders.status,
    })
    .from(groupPersons)
    .leftJoin(companyGroups, eq(companyGroups.id, groupPersons.groupId))
    .leftJoin(orders, eq(orders.orderId, groupPersons.orderId))
    .where(eq(groupPersons.groupOrderId, groupOrderId))
    .orderBy(asc(groupPersons.id));
  const visitIds = people.flatMap((p) => (p.orderId ? [p.orderId] : []));
  const totals = visitIds.length
    ? await db
        .select({ orderId: orderUnions.orderId, total: sql<string>`sum(${orderUnions.price})::text` })
        .from(orderUnions)
        .where(
          and(
            inArray(orderUnions.orderId, visitIds),
            eq(orderUnions.payMode, 'company'),
            isNull(orderUnions.returnedAt),
          ),
        )
        .groupBy(orderUnions.orderId)
    : [];
  const settledIn = visitIds.length
    ? await db
        .selectDistinct({ orderId: settlementLines.orderId, no: settlements.settlementNo })
        .from(settlementLines)
        .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
        .where(and(inArray(settlementLines.orderId, visitIds), eq(settlementLines.live, true)))
    : [];
  const rows = people.map((p) => {
    const state = stateOf(p);
    return {
      person_id: p.id,
      cust_name: maskName(p.custName),
      group_name: p.groupName,
      order_id: p.orderId,
      state,
      status_label: p.status && isOrderStatus(p.status) ? ORDER_STATUS_LABELS[p.status] : null,
      company_total: moneyText(toFen(totals.find((t) => t.orderId === p.orderId)?.total ?? '0')),
      settled_in:
        settledIn
          .filter((s) => s.orderId === p.orderId)
          .map((s) => s.no)
          .join('、') || null,
    };
  });
  const count = (state: SheetState) => rows.filter((r) => r.state === state).length;
  return {
    people: rows,
    summary: {
      total: rows.length,
      not_registered: count('未登记'),
      registered: count('已登记') + count('已完成'),
      finished: count('已完成'),
      banned: count('禁检'),
    },
  };
}

/** 未检禁检 (§3.6): everyone of the order who never came (未登记, not yet 禁检), through 团检登记名单's 禁检. */
export async function banAbsent(db: Db, groupOrderId: number, reason: string, actor: GroupActor) {
  await assertOrder(db, groupOrderId);
  const absent = await db
    .select({ id: groupPersons.id })
    .from(groupPersons)
    .leftJoin(orders, eq(orders.orderId, groupPersons.orderId))
    .where(
      and(
        eq(groupPersons.groupOrderId, groupOrderId),
        eq(groupPersons.paused, false),
        isNull(orders.banReason),
        sql`(${orders.status} is null or ${orders.status} = 'prepared')`,
      ),
    );
  if (absent.length === 0) throw new AppError('VALIDATION', '没有未登记的人员需要禁检');
  const result = await banPeople(
    db,
    absent.map((p) => p.id),
    reason,
    actor,
  );
  return { banned: result.done.length };
}

const COLUMNS = [
  { header: '姓名', key: 'cust_name', width: 10 },
  { header: '分组', key: 'group_name', width: 16 },
  { header: '体检号', key: 'order_id', width: 18 },
  { header: '状态', key: 'state', width: 8 },
  { header: '体检进度', key: 'status_label', width: 12 },
  { header: '统收金额', key: 'company_total', width: 12 },
  { header: '结算单', key: 'settled_in', width: 18 },
] as const;

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/** 导出 the checkout sheet as .xlsx (names masked as listed); audited. */
export function serveSheetExport(app: FastifyInstance, db: Db) {
  const route = checkoutSheetExportRoute;
  app.get(route.path, { config: { access: route.access } }, async (request, reply) => {
    const parsed = route.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const user = request.user as UserInfo;
    const { orderNo } = await assertOrder(db, parsed.data.group_order_id);
    const { people, summary } = await checkoutSheet(db, parsed.data.group_order_id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('体检结账单');
    sheet.columns = COLUMNS.map((c) => ({ ...c }));
    for (const p of people) sheet.addRow(p);
    sheet.addRow({});
    sheet.addRow({
      cust_name: '合计',
      group_name: `共${summary.total}人`,
      order_id: `登记${summary.registered}人，完成${summary.finished}人`,
      state: `未登记${summary.not_registered}`,
      status_label: `禁检${summary.banned}`,
    });
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    await db.insert(auditLog).values({
      action: 'team_settlement_sheet_export',
      userId: user.id,
      userAccount: user.user_account,
      target: orderNo,
      detail: { rows: people.length },
      ip: request.ip,
    });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', attachment(`体检结账单-${orderNo}-${todayCst()}.xlsx`))
      .send(body);
  });
}
