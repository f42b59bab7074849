import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  REVIEW_EXAM_TYPE,
  REVIEW_MG_MESSAGES,
  ageInYears,
  checkOrderSelection,
  fenText,
  lowestRate,
  type DeskDiscount,
  type reviewRegisterRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, customers, orderStatusLog, orders, reviewPlans } from '../../db/schema.js';
import { unionOptions } from '../registration/catalogue-repository.js';
import { confirmFloor, priceLines } from '../registration/order-pricing.js';
import {
  auditConfirmations,
  nextOrderId,
  priceLine,
  withLeaderAudit,
  writeUnions,
  type Actor,
  type DeskDeps,
} from '../registration/order-save-service.js';
import { deskBranchId } from '../system-register/desk-branch.js';
import { lockPlan, refuseDuplicates } from './review-plan-service.js';

type RegisterInput = z.output<(typeof reviewRegisterRoute)['input']>;

const refuse = (msg: string): never => {
  throw new AppError('VALIDATION', msg);
};

/**
 * 登记复查: the re-exam visit of a waiting 复查 — the same examinee, exam type 复查, the unions as
 * suggested and edited by the clerk (no duplicates, the desk's sex and exclusion rules), linked to the
 * first visit through the plan. It is charged by 复查收费方式 (自费, or 统收 by the first visit's
 * company) and 复查折扣, priced and floor-checked as the desk prices (a leader confirms below the
 * clerk's floor). One re-exam per plan: a second registration is refused.
 */
export function registerReview(db: Db, input: RegisterInput, actor: Actor, deps: DeskDeps) {
  return withLeaderAudit(db, actor, null, () =>
    db.transaction(async (tx) => {
      const plan = await lockPlan(tx, input.id);
      if (plan.status === 'cancelled') refuse(REVIEW_MG_MESSAGES.cancelled);
      if (plan.status !== 'pending') refuse(REVIEW_MG_MESSAGES.registered(plan.reviewOrderId ?? ''));
      const [first] = await tx
        .select({
          customerId: orders.customerId,
          companyId: orders.companyId,
          groupId: orders.groupId,
          sex: customers.sex,
          birthday: customers.birthday,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.orderId, plan.orderId));
      if (!first) throw new AppError('RECORD_NOT_FOUND', '首次体检不存在');
      if (input.pay_mode === 'company' && first.companyId === null) refuse(REVIEW_MG_MESSAGES.companyPay);

      await refuseDuplicates(tx, input.union_ids);
      const found = await unionOptions(tx, input.union_ids);
      const chosen = input.union_ids.map((id) => found.get(id) ?? refuse('所选组合项目不存在或已停用'));
      const selection = checkOrderSelection({
        sex: first.sex as '1' | '2',
        pkg: null,
        packageUnions: [],
        extraUnions: chosen,
        age: ageInYears(first.birthday, input.exam_date),
      });
      if (!selection.ok) refuse(selection.msg);

      const discount: DeskDiscount | undefined =
        input.discount_rate === undefined || input.discount_rate >= 100
          ? undefined
          : { rate: input.discount_rate, skip_company: false, skip_no_discount: true, lines: [] };
      const priced = await priceLines(
        tx,
        null,
        chosen.map((u) => priceLine(u, 'extra', input.pay_mode)),
        discount,
      );
      const leader = await confirmFloor(tx, deps.keys, actor, priced, {
        account: input.leader_account,
        password: input.leader_password,
      });

      const orderId = await nextOrderId(tx, input.exam_date);
      const totalPrice = fenText(priced.totals.payable_fen);
      await tx.insert(orders).values({
        orderId,
        customerId: first.customerId,
        examType: REVIEW_EXAM_TYPE,
        packageId: null,
        // The company stays on the re-exam: its lines may be 统收 and group lists find it.
        companyId: first.companyId,
        groupId: first.groupId,
        status: 'registered',
        examDate: input.exam_date,
        totalPrice,
        deskDiscount: discount ?? null,
        registeredBy: actor.userId,
        branchId: await deskBranchId(tx, actor.userId),
      });
      await writeUnions(
        tx,
        orderId,
        input.exam_date,
        chosen.map((union, i) => ({
          union,
          origin: 'extra' as const,
          payMode: input.pay_mode,
          priceFen: priced.lines[i]!.price_fen,
        })),
      );
      await tx
        .insert(orderStatusLog)
        .values({ orderId, fromStatus: null, toStatus: 'registered', userId: actor.userId });
      await tx
        .update(reviewPlans)
        .set({
          status: 'registered',
          reviewOrderId: orderId,
          registeredBy: actor.userId,
          registeredAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(reviewPlans.id, plan.id));
      await tx.insert(auditLog).values({
        action: 'review_register',
        userId: actor.userId,
        userAccount: actor.userAccount,
        target: orderId,
        detail: {
          plan_id: plan.id,
          first_order_id: plan.orderId,
          customer_id: first.customerId,
          union_ids: input.union_ids,
          suggested_union_ids: plan.unionIds,
          pay_mode: input.pay_mode,
          ...(discount ? { discount_rate: input.discount_rate } : {}),
          total_price: totalPrice,
        },
        ip: actor.ip ?? null,
      });
      await auditConfirmations(tx, actor, orderId, { leader, lowestRate: lowestRate(priced) });
      return { id: plan.id, order_id: orderId, total_price: totalPrice };
    }),
  );
}
