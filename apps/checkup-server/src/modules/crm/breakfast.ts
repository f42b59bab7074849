import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, gte, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  breakfastCountsRoute,
  breakfastListRoute,
  breakfastTakeRoute,
  breakfastUndoRoute,
  maskName,
  type BreakfastRow,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { breakfasts, customers, orders, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { CST_OFFSET_MS, todayCst } from '../../lib/hospital-day.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';

const MAX_DAYS = 62;

/** The centre's clock time of a moment, HH:mm. */
const cstClock = (at: Date) => new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(11, 16);

/** The centre's day of a timestamp column, YYYY-MM-DD. */
const cstDayOf = (column: typeof breakfasts.takenAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

async function rowsOf(db: Db | Tx, where: SQL | undefined): Promise<BreakfastRow[]> {
  const rows = await db
    .select({
      id: breakfasts.id,
      order_id: breakfasts.orderId,
      cust_name: customers.custName,
      taken_at: breakfasts.takenAt,
      taken_by_name: users.userName,
    })
    .from(breakfasts)
    .innerJoin(orders, eq(orders.orderId, breakfasts.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(users, eq(users.id, breakfasts.takenBy))
    .where(where)
    .orderBy(asc(breakfasts.takenAt), asc(breakfasts.id));
  return rows.map((r) => ({ ...r, cust_name: maskName(r.cust_name), taken_at: r.taken_at.toISOString() }));
}

/** 早餐管理: a checked-in visit of today takes its breakfast once; an undo keeps the row with its reason. */
export function breakfastRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, breakfastTakeRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({ examDate: orders.examDate, status: orders.status })
        .from(orders)
        .where(eq(orders.orderId, input.order_id));
      if (!order) throw new AppError('VALIDATION', '体检号不存在，请核对后重新输入');
      if (order.examDate !== todayCst()) {
        throw new AppError('VALIDATION', `该体检号不是今天的体检（体检日期 ${order.examDate}），不能领取早餐`);
      }
      if (order.status === 'prepared') throw new AppError('VALIDATION', '该体检者尚未登记，请先登记报到再领取早餐');
      if (order.status === 'registered') throw new AppError('VALIDATION', '该体检者尚未报到，请先报到再领取早餐');
      const [taken] = await tx
        .select({ takenAt: breakfasts.takenAt })
        .from(breakfasts)
        .where(and(eq(breakfasts.orderId, input.order_id), eq(breakfasts.undone, false)));
      if (taken) throw new AppError('CONFLICT', `该体检者已于 ${cstClock(taken.takenAt)} 领取过早餐，不能重复领取`);
      const [inserted] = await tx
        .insert(breakfasts)
        .values({ orderId: input.order_id, takenBy: user.id })
        .onConflictDoNothing()
        .returning({ id: breakfasts.id });
      if (!inserted) throw new AppError('CONFLICT', '该体检者刚刚已领取过早餐，不能重复领取');
      await recordAudit(tx, request, 'breakfast_take', {
        userId: user.id,
        userAccount: user.user_account,
        target: input.order_id,
      });
      const [row] = await rowsOf(tx, and(eq(breakfasts.id, inserted.id)));
      return row!;
    }),
  );

  defineRoute(app, breakfastUndoRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const [found] = await tx
        .select({ orderId: breakfasts.orderId, undone: breakfasts.undone })
        .from(breakfasts)
        .where(eq(breakfasts.id, input.id));
      if (!found) throw new AppError('RECORD_NOT_FOUND', '该早餐记录不存在');
      if (found.undone) throw new AppError('CONFLICT', '该早餐记录已撤销，不能再次撤销');
      await tx
        .update(breakfasts)
        .set({ undone: true, undoReason: input.reason, undoneBy: user.id, undoneAt: sql`now()` })
        .where(eq(breakfasts.id, input.id));
      await recordAudit(tx, request, 'breakfast_undo', {
        userId: user.id,
        userAccount: user.user_account,
        target: found.orderId,
        detail: { reason: input.reason },
      });
      return { id: input.id };
    }),
  );

  defineRoute(app, breakfastListRoute, async ({ input }) => {
    const day = input.day ?? todayCst();
    const list = await rowsOf(
      db,
      and(
        eq(breakfasts.undone, false),
        gte(breakfasts.takenAt, cstTime(day, 0)),
        lt(breakfasts.takenAt, cstTime(addDays(day, 1), 0)),
      ),
    );
    return { day, list };
  });

  defineRoute(app, breakfastCountsRoute, async ({ input }) => {
    const to = input.date_to ?? todayCst();
    const from = input.date_from ?? to;
    const days: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      days.push(d);
      if (days.length > MAX_DAYS) throw new AppError('VALIDATION', `统计的日期范围不能超过${MAX_DAYS}天`);
    }
    const day = cstDayOf(breakfasts.takenAt);
    const taken = await db
      .select({ day, n: count() })
      .from(breakfasts)
      .where(
        and(
          eq(breakfasts.undone, false),
          gte(breakfasts.takenAt, cstTime(from, 0)),
          lt(breakfasts.takenAt, cstTime(addDays(to, 1), 0)),
        ),
      )
      .groupBy(day);
    const checkedIn = await db
      .select({ day: orders.examDate, n: count() })
      .from(orders)
      .where(
        and(
          gte(orders.examDate, from),
          lte(orders.examDate, to),
          notInArray(orders.status, ['prepared', 'registered']),
        ),
      )
      .groupBy(orders.examDate);
    const takenOf = new Map(taken.map((r) => [r.day, Number(r.n)]));
    const checkedOf = new Map(checkedIn.map((r) => [r.day, Number(r.n)]));
    return days.map((d) => ({ day: d, taken: takenOf.get(d) ?? 0, checked_in: checkedOf.get(d) ?? 0 }));
  });
}
