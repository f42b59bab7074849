import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import {
  AppError,
  GROUP_ORDER_MESSAGES,
  groupOrderApproveRoute,
  groupOrderChangeApproveRoute,
  groupOrderChangeRoute,
  groupOrderChangeSubmitRoute,
  groupOrderCloseRoute,
  groupOrderDeliveryRoute,
  groupOrderOptionsRoute,
  groupOrderResource,
  groupOrderSubmitRoute,
  groupOrderUnapproveRoute,
  groupOrderWithdrawRoute,
  fenOf,
  moneyText,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { branches, companies, companyGroups, contracts, groupOrders, packages, users } from '../../db/schema.js';
import { listTotalOf } from './group-routes.js';
import { todayCst } from '../../lib/hospital-day.js';
import { defineRoute } from '../../lib/define-route.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { assertChosen } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';
import {
  assertVersion,
  isMine,
  isPrepared,
  lockOrder,
  mineCondition,
  orderRowOf,
  selectOrders,
  type GroupOrder,
} from './order-rows.js';
import * as rules from './order-rules.js';

const COUNT_CAP = 10_000;
const routes = groupOrderResource.routes;
type Filter = z.output<typeof groupOrderResource.spec.filter> & { page: number; size: number; ids?: number[] };
type Form = z.output<typeof groupOrderResource.spec.form> & { id?: number; version?: number };

/** TD + the hospital day + a 4-digit number of the day: TD202611290001. */
async function nextOrderNo(tx: Tx) {
  // One number at a time, so two orders saved at once never take the same one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('group_order_no'))`);
  const prefix = `TD${todayCst().replaceAll('-', '')}`;
  const [last] = await tx
    .select({ no: groupOrders.orderNo })
    .from(groupOrders)
    .where(like(groupOrders.orderNo, `${prefix}____`))
    .orderBy(desc(groupOrders.orderNo))
    .limit(1);
  const next = last ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}

function assertMine(order: GroupOrder, user: UserInfo) {
  if (!isMine(order, user)) throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.notMine);
}

function assertLeader(user: UserInfo) {
  if (!user.leader) throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.notLeader);
}

async function detailOf(db: Db | Tx, id: number) {
  const [raw] = await selectOrders(db, eq(groupOrders.id, id)).limit(1);
  if (!raw) throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在或已被删除');
  return orderRowOf(raw);
}

/** The order's groups must have a package to be submitted (请添加体检套餐). */
async function assertHasPackage(tx: Tx, orderId: number) {
  const [group] = await tx
    .select({ id: companyGroups.id })
    .from(companyGroups)
    .where(and(eq(companyGroups.groupOrderId, orderId), isNotNull(companyGroups.packageId)))
    .limit(1);
  if (!group) throw new AppError('VALIDATION', GROUP_ORDER_MESSAGES.noPackage);
}

/** 团检单位's list, detail, save and the approval and change moves (breadth §2.3). */
export function groupOrderRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, routes.list, async ({ input, user }) => {
    const { page, size, ids, key, company_id, approval_state, exam_type, branch_id, sales_user_id, occu, view } =
      input as Filter;
    // 团检单位(全部) is the leaders' view of every salesperson's orders; the other lists are one's own.
    if (view === 'all') assertLeader(user);
    const where = and(
      mineCondition(user),
      wordsMatch(key, [groupOrders.orderName, companies.companyName], [groupOrders.orderNo]),
      company_id ? eq(groupOrders.companyId, company_id) : undefined,
      approval_state ? eq(groupOrders.approvalState, approval_state) : undefined,
      exam_type ? eq(groupOrders.examType, exam_type) : undefined,
      occu === '1' ? inArray(groupOrders.examType, ['occupational', 'both']) : undefined,
      branch_id ? eq(groupOrders.branchId, branch_id) : undefined,
      sales_user_id ? eq(groupOrders.salesUserId, sales_user_id) : undefined,
      ids ? inArray(groupOrders.id, ids) : undefined,
    );
    const rows = await selectOrders(db, where)
      .orderBy(desc(groupOrders.id))
      .limit(size)
      .offset((page - 1) * size);
    const capped = db
      .select({ one: sql`1` })
      .from(groupOrders)
      .leftJoin(companies, eq(companies.id, groupOrders.companyId))
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('capped');
    const [total] = await db.select({ n: count() }).from(capped);
    const n = Number(total?.n ?? 0);
    return { list: rows.map(orderRowOf), total: Math.min(n, COUNT_CAP), total_capped: n > COUNT_CAP, page, size };
  });

  defineRoute(app, routes.detail, async ({ input }) => detailOf(db, input.id));

  defineRoute(app, groupOrderOptionsRoute, async () => {
    const pkgs = await db
      .select({
        value: packages.id,
        label: packages.packageName,
        price: packages.price,
        list: listTotalOf(packages.id),
      })
      .from(packages)
      .where(eq(packages.isActive, true))
      .orderBy(asc(packages.sort), asc(packages.id));
    return {
      companies: await db
        .select({ value: companies.id, label: companies.companyName })
        .from(companies)
        .where(eq(companies.isActive, true))
        .orderBy(asc(companies.companyName)),
      contracts: await db
        .select({ value: contracts.id, label: contracts.contractNo, company_id: contracts.companyId })
        .from(contracts)
        .where(eq(contracts.isActive, true))
        .orderBy(desc(contracts.validTo)),
      packages: pkgs.map((p) => ({
        value: p.value,
        label: p.label,
        price: moneyText(fenOf(p.price)),
        list_total: moneyText(p.list === null ? 0 : fenOf(Number(p.list).toFixed(2))),
      })),
      branches: await db
        .select({ value: branches.id, label: branches.branchName })
        .from(branches)
        .orderBy(asc(branches.id)),
      sales_users: await db
        .select({ value: users.id, label: users.userName })
        .from(users)
        .where(eq(users.status, '1'))
        .orderBy(asc(users.userName)),
    };
  });

  defineRoute(app, routes.save, async ({ input, user, request }) => {
    const { id, version, ...form } = input as Form;
    if (id !== undefined && version === undefined) throw new AppError('VALIDATION', '请传递版本号');
    if (form.plan_from > form.plan_to) throw new AppError('VALIDATION', '计划检期从不能晚于计划检期到');
    return db.transaction(async (tx) => {
      await assertChosen(tx, companies.id, form.company_id, '客户单位');
      if (form.contract_id !== null) {
        const [contract] = await tx.select().from(contracts).where(eq(contracts.id, form.contract_id));
        if (!contract) throw new AppError('VALIDATION', '所选合同不存在或已被删除，请刷新后重选');
        if (contract.companyId !== form.company_id) throw new AppError('VALIDATION', '所选合同不属于该客户单位');
      }
      const values = {
        orderName: form.order_name,
        companyId: form.company_id,
        contractId: form.contract_id,
        branchId: form.branch_id,
        examType: form.exam_type,
        planFrom: form.plan_from,
        planTo: form.plan_to,
        planMale: form.plan_male,
        planFemale: form.plan_female,
        budget: form.budget === null ? null : moneyText(form.budget),
        avgPrice: form.avg_price === null ? null : moneyText(form.avg_price),
        discountRate: form.discount === null ? null : (form.discount / 100).toFixed(4),
        examMode: form.exam_mode,
        reportDelivery: form.report_delivery,
        deskNote: form.desk_note,
        salesUserId: form.sales_user_id,
        remark: form.remark,
        updatedAt: new Date(),
        updatedBy: user.id,
      };
      let savedId: number;
      if (id === undefined) {
        const [inserted] = await tx
          .insert(groupOrders)
          .values({
            ...values,
            orderNo: await nextOrderNo(tx),
            createdBy: user.id,
            salesUserId: form.sales_user_id ?? user.id,
          })
          .returning({ id: groupOrders.id });
        savedId = inserted!.id;
      } else {
        const order = await lockOrder(tx, id);
        assertMine(order, user);
        await assertVersion(tx, order, version!);
        rules.assertEditable(order);
        if (order.companyId !== form.company_id) {
          const [grouped] = await tx
            .select({ n: count() })
            .from(companyGroups)
            .where(eq(companyGroups.groupOrderId, id));
          if (Number(grouped?.n ?? 0) > 0) throw new AppError('VALIDATION', '订单已有分组，不能更换客户单位');
        }
        await tx
          .update(groupOrders)
          .set({ ...values, version: sql`${groupOrders.version} + 1` })
          .where(eq(groupOrders.id, id));
        savedId = id;
      }
      await recordAudit(tx, request, 'config_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: `group_order:${savedId}`,
        detail: { resource: 'group_order', title: '团检订单', change: id === undefined ? 'insert' : 'update', form },
      });
      return detailOf(tx, savedId);
    });
  });

  /** One move: the order locked, the version checked, the rule applied, the change written and audited. */
  const moveOn = async (
    request: FastifyRequest,
    user: UserInfo,
    input: { id: number; version: number },
    action: string,
    step: (order: GroupOrder, tx: Tx) => Promise<Partial<typeof groupOrders.$inferInsert>>,
    detail: Record<string, unknown> = {},
  ) =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.id);
      assertMine(order, user);
      await assertVersion(tx, order, input.version);
      const set = await step(order, tx);
      await tx
        .update(groupOrders)
        .set({ ...set, updatedAt: new Date(), updatedBy: user.id, version: sql`${groupOrders.version} + 1` })
        .where(eq(groupOrders.id, order.id));
      await recordAudit(tx, request, `group_order_${action}`, {
        userId: user.id,
        userAccount: user.user_account,
        target: `group_order:${order.orderNo}`,
        detail: { from: order.approvalState, change_from: order.changeState, ...set, ...detail },
      });
      return detailOf(tx, order.id);
    });

  defineRoute(app, groupOrderSubmitRoute, ({ input, user, request }) =>
    moveOn(request, user, input, 'submit', async (order, tx) => {
      rules.assertSubmittable(order);
      await assertHasPackage(tx, order.id);
      return { approvalState: 'submitted', submittedBy: user.id, submittedAt: new Date() };
    }),
  );

  defineRoute(app, groupOrderWithdrawRoute, ({ input, user, request }) =>
    moveOn(request, user, input, 'withdraw', async (order) => {
      rules.assertWithdrawable(order);
      return { approvalState: 'withdrawn' };
    }),
  );

  defineRoute(app, groupOrderApproveRoute, ({ input, user, request }) => {
    assertLeader(user);
    return moveOn(request, user, input, 'approve', async (order) => {
      rules.assertApprovable(order);
      return {
        approvalState: input.pass === '1' ? 'approved' : 'rejected',
        approvalNote: input.note,
        approvedBy: user.id,
        approvedAt: new Date(),
        changeState: 'none',
      };
    });
  });

  defineRoute(app, groupOrderUnapproveRoute, ({ input, user, request }) => {
    assertLeader(user);
    return moveOn(request, user, input, 'unapprove', async (order, tx) => {
      rules.assertUnapprovable(order);
      if (await isPrepared(tx, order.id)) throw new AppError('VALIDATION', GROUP_ORDER_MESSAGES.prepared);
      return { approvalState: 'submitted', approvedBy: null, approvedAt: null, changeState: 'none' };
    });
  });

  defineRoute(app, groupOrderChangeRoute, ({ input, user, request }) =>
    moveOn(request, user, input, 'change', async (order) => {
      rules.assertChangeable(order);
      return { changeState: 'changed', changeNote: input.note };
    }),
  );

  defineRoute(app, groupOrderChangeSubmitRoute, ({ input, user, request }) =>
    moveOn(request, user, input, 'change_submit', async (order) => {
      rules.assertChangeSubmittable(order);
      return { changeState: 'change_submitted' };
    }),
  );

  defineRoute(app, groupOrderChangeApproveRoute, ({ input, user, request }) => {
    assertLeader(user);
    return moveOn(request, user, input, 'change_approve', async (order) => {
      rules.assertChangeApprovable(order);
      return {
        changeState: input.pass === '1' ? 'change_approved' : 'change_rejected',
        approvalNote: input.note,
        approvedBy: user.id,
        approvedAt: new Date(),
      };
    });
  });

  defineRoute(app, groupOrderCloseRoute, ({ input, user, request }) =>
    moveOn(request, user, input, 'close', async (order) => {
      rules.assertClosable(order);
      return { closed: true, closedAt: new Date() };
    }),
  );

  defineRoute(app, groupOrderDeliveryRoute, ({ input, user, request }) =>
    moveOn(request, user, input, 'delivery', async (order) => {
      rules.assertOpen(order);
      return { reportDelivery: input.report_delivery, deskNote: input.desk_note };
    }),
  );
}
