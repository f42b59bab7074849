import { and, asc, eq } from 'drizzle-orm';
import { AppError, reviewSettingsSchema, totalCheckBlockers, totalCheckRefusal } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, orderDepts, orderUnions, unions } from '../../db/schema.js';
import { PARAM } from '../parameters/codes.js';
import { getParameterValue } from '../parameters/repository.js';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Parameter 0030 may let 总检 start while lines are deferred (迟检); by default it does not. */
export async function deferredAllowed(db: Executor): Promise<boolean> {
  const stored = reviewSettingsSchema.shape.allow_deferred.safeParse(
    ((await getParameterValue(db as Db, PARAM.AI_REVIEW)) as { allow_deferred?: unknown } | undefined)?.allow_deferred,
  );
  return stored.success ? stored.data : false;
}

/**
 * The entry gate of 总检 (issue 20): a visit with lines neither done nor waived, or deferred ones
 * unless 0030 allows them, is refused with the lines named (libs/api-contract review-levels.ts).
 */
export async function assertMayEnterTotalCheck(db: Executor, orderId: string): Promise<void> {
  const lines = await db
    .select({ unionName: unions.unionName, state: orderUnions.status, deptStatus: orderDepts.status })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .leftJoin(orderDepts, and(eq(orderDepts.orderId, orderUnions.orderId), eq(orderDepts.deptId, orderUnions.deptId)))
    .where(eq(orderUnions.orderId, orderId))
    .orderBy(asc(departments.sort), asc(departments.id), asc(unions.sort), asc(unions.id));
  const blockers = totalCheckBlockers(
    lines.map((l) => ({ union_name: l.unionName, state: l.state, dept_signed: l.deptStatus === '2' })),
    await deferredAllowed(db),
  );
  const refusal = totalCheckRefusal(blockers);
  if (refusal) throw new AppError('ILLEGAL_TRANSITION', refusal);
}
