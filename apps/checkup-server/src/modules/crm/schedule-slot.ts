import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  AppError,
  DEFAULT_SLOT_TIMES,
  scheduleBatchCloseRoute,
  scheduleBatchSetRoute,
  scheduleSlotResource,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { addDays } from '../../db/demo/dates.js';
import { examBookings, scheduleSlots } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource, type ResourceBinding, type Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';

/** What fills a slot: the person bookings on it that are 已预约 or 预约结束 (a pending request does not). */
export const COUNTED_STATES = ['booked', 'finished'] as const;

const bookedOn = (slotId: unknown) =>
  sql<number>`(select count(*)::int from ${examBookings} where ${examBookings.slotId} = ${slotId} and ${examBookings.state} in ('booked', 'finished'))`;

/** How many bookings fill a slot now. */
export async function bookedCount(tx: Db | Tx, slotId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(examBookings)
    .where(and(eq(examBookings.slotId, slotId), inArray(examBookings.state, [...COUNTED_STATES])));
  return Number(row?.n ?? 0);
}

/** 排期 on schedule_slots: is_active is the 开放 flag; 已预约 and 剩余 counted from the bookings. */
export const scheduleSlotBinding: ResourceBinding<typeof scheduleSlotResource> = {
  ...recordColumnsOf(scheduleSlots),
  fields: {
    day: scheduleSlots.day,
    start_time: scheduleSlots.startTime,
    end_time: scheduleSlots.endTime,
    slot_type: scheduleSlots.slotType,
    cap: scheduleSlots.cap,
    is_open: scheduleSlots.isActive,
    remark: scheduleSlots.remark,
    booked: bookedOn(scheduleSlots.id),
  },
  values: (form) => ({
    day: form.day,
    startTime: form.start_time,
    endTime: form.end_time,
    slotType: form.slot_type,
    cap: form.cap,
    isActive: form.is_open,
    remark: form.remark,
  }),
  where: (filter) => [
    filter.date_from ? gte(scheduleSlots.day, filter.date_from) : undefined,
    filter.date_to ? lte(scheduleSlots.day, filter.date_to) : undefined,
    filter.slot_type ? eq(scheduleSlots.slotType, filter.slot_type) : undefined,
    filter.is_open ? eq(scheduleSlots.isActive, filter.is_open === '1') : undefined,
    filter.enabled ? eq(scheduleSlots.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(scheduleSlots.day), asc(scheduleSlots.startTime), asc(scheduleSlots.slotType)],
  unique: [
    {
      column: scheduleSlots.startTime,
      field: 'start_time',
      label: '该日期同类型的时段',
      within: [
        { column: scheduleSlots.day, field: 'day' },
        { column: scheduleSlots.slotType, field: 'slot_type' },
      ],
    },
  ],
  references: [{ label: '体检预约', column: examBookings.slotId }],
  beforeSave: async (tx, form, id) => {
    if (id === undefined) return;
    const booked = await bookedCount(tx, id);
    if (form.cap < booked) throw new AppError('VALIDATION', `预约上限不能小于已预约人数（${booked}）`);
  },
  toRow: (row) => {
    const booked = Number(row.booked ?? 0);
    return { ...row, booked, remaining: Math.max(0, Number(row.cap) - booked) };
  },
};

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 排期: the resource, 批量设置 over a date range and 批量关闭. */
export function scheduleSlotRoutes(app: FastifyInstance, db: Db) {
  serveResource(app, db, scheduleSlotResource, scheduleSlotBinding);

  defineRoute(app, scheduleBatchSetRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const days = daysOf(input.date_from, input.date_to);
      const existing = await tx
        .select({ id: scheduleSlots.id, day: scheduleSlots.day, start: scheduleSlots.startTime })
        .from(scheduleSlots)
        .where(
          and(
            gte(scheduleSlots.day, input.date_from),
            lte(scheduleSlots.day, input.date_to),
            eq(scheduleSlots.slotType, input.slot_type),
            inArray(
              scheduleSlots.startTime,
              DEFAULT_SLOT_TIMES.map(([start]) => start),
            ),
          ),
        );
      const have = new Map(existing.map((e) => [`${e.day} ${e.start}`, e.id]));
      // A cap below what is already booked would leave the slot over-full: refused, naming the first.
      for (const e of existing) {
        const booked = await bookedCount(tx, e.id);
        if (booked > input.cap) {
          throw new AppError('VALIDATION', `${e.day} ${e.start} 已预约${booked}人，每时段上限不能小于已预约人数`);
        }
      }
      const fresh = days.flatMap((day) =>
        DEFAULT_SLOT_TIMES.filter(([start]) => !have.has(`${day} ${start}`)).map(([start, end]) => ({
          day,
          startTime: start,
          endTime: end,
          slotType: input.slot_type,
          cap: input.cap,
          isActive: input.is_open,
          updatedAt: sql`now()`,
          updatedBy: user.id,
        })),
      );
      for (let i = 0; i < fresh.length; i += 500) await tx.insert(scheduleSlots).values(fresh.slice(i, i + 500));
      if (existing.length > 0) {
        await tx
          .update(scheduleSlots)
          .set({
            cap: input.cap,
            isActive: input.is_open,
            version: sql`${scheduleSlots.version} + 1`,
            updatedAt: sql`now()`,
            updatedBy: user.id,
          })
          .where(
            inArray(
              scheduleSlots.id,
              existing.map((e) => e.id),
            ),
          );
      }
      const result = { created: fresh.length, updated: existing.length };
      await recordAudit(tx, request, 'schedule_batch_set', {
        userId: user.id,
        userAccount: user.user_account,
        target: `schedule:${input.date_from}~${input.date_to}`,
        detail: { slot_type: input.slot_type, cap: input.cap, is_open: input.is_open, ...result },
      });
      return result;
    }),
  );

  defineRoute(app, scheduleBatchCloseRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const closed = await tx
        .update(scheduleSlots)
        .set({
          isActive: false,
          version: sql`${scheduleSlots.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: user.id,
        })
        .where(
          and(
            gte(scheduleSlots.day, input.date_from),
            lte(scheduleSlots.day, input.date_to),
            input.slot_type ? eq(scheduleSlots.slotType, input.slot_type) : undefined,
            eq(scheduleSlots.isActive, true),
          ),
        )
        .returning({ id: scheduleSlots.id });
      await recordAudit(tx, request, 'schedule_batch_close', {
        userId: user.id,
        userAccount: user.user_account,
        target: `schedule:${input.date_from}~${input.date_to}`,
        detail: { slot_type: input.slot_type ?? null, closed: closed.length },
      });
      return { closed: closed.length };
    }),
  );
}
