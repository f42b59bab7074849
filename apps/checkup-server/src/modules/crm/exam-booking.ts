import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  approveBookingRoute,
  bookableGroupOrdersRoute,
  BOOKING_MESSAGES,
  BOOKING_STATE_LABELS,
  bookGroupRoute,
  bookingPrefillRoute,
  bookPersonRoute,
  cancelBookingRoute,
  confirmBookingRoute,
  examBookingResource,
  maskIdNumber,
  maskPhone,
  mayCall,
  OVER_CAPACITY_ACCESS,
  type BookingState,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { todayCst } from '../../db/demo/dates.js';
import { companies, customers, examBookings, groupOrders, packages, scheduleSlots, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource, type ResourceBinding, type Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { assertChosen } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';
import type { PersonalData } from '../people/personal-data.js';
import { bookedCount } from './schedule-slot.js';

const GONE = '该体检预约不存在或已被删除';
const creator = alias(users, 'booking_creator');
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** 体检预约 on exam_bookings, with the slot's times, the package and the group order named. */
export function examBookingBinding(personalData: PersonalData): ResourceBinding<typeof examBookingResource> {
  return {
    table: examBookings,
    id: examBookings.id,
    fields: {
      kind: examBookings.kind,
      state: examBookings.state,
      approval_state: examBookings.approvalState,
      slot_type: examBookings.slotType,
      slot_id: examBookings.slotId,
      book_date: examBookings.bookDate,
      date_to: examBookings.dateTo,
      start_time: scheduleSlots.startTime,
      end_time: scheduleSlots.endTime,
      cust_name: examBookings.custName,
      sex: examBookings.sex,
      id_card: examBookings.custIdCardEnc,
      phone: examBookings.phoneEnc,
      company_name: examBookings.companyName,
      package_name: packages.packageName,
      group_order_no: groupOrders.orderNo,
      head_count: examBookings.headCount,
      remark: examBookings.remark,
      order_id: examBookings.orderId,
      created_by_name: creator.userName,
      created_at: examBookings.createdAt,
    },
    joins: [
      { table: scheduleSlots, on: eq(scheduleSlots.id, examBookings.slotId) },
      { table: packages, on: eq(packages.id, examBookings.packageId) },
      { table: groupOrders, on: eq(groupOrders.id, examBookings.groupOrderId) },
      { table: creator, on: eq(creator.id, examBookings.createdBy) },
    ],
    values: () => ({}),
    where: (filter) => [
      wordsMatch(filter.key, [examBookings.custName, examBookings.companyName], [examBookings.orderId]),
      filter.state ? eq(examBookings.state, filter.state) : undefined,
      filter.kind ? eq(examBookings.kind, filter.kind) : undefined,
      filter.approval_state ? eq(examBookings.approvalState, filter.approval_state) : undefined,
      // A group booking spans days: it is on a day of the filter when its span meets the range.
      filter.date_from
        ? or(gte(examBookings.bookDate, filter.date_from), gte(examBookings.dateTo, filter.date_from))
        : undefined,
      filter.date_to ? lte(examBookings.bookDate, filter.date_to) : undefined,
    ],
    orderBy: [desc(examBookings.bookDate), desc(examBookings.id)],
    toRow: (row) => {
      const identity = personalData.openIdentity({
        custIdCardEnc: row.id_card as string | null,
        phoneEnc: row.phone as string | null,
      });
      return {
        ...row,
        id_card: identity.idCard ? maskIdNumber(identity.idCard) : null,
        phone: identity.phone ? maskPhone(identity.phone) : null,
        created_at: iso(row.created_at),
      };
    },
  };
}

async function lockBooking(tx: Tx, id: number) {
  const [row] = await tx.select().from(examBookings).where(eq(examBookings.id, id)).for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', GONE);
  return row;
}

const audit = (tx: Tx, request: FastifyRequest, user: UserInfo, action: string, id: number, detail: object) =>
  recordAudit(tx, request, action, {
    userId: user.id,
    userAccount: user.user_account,
    target: `exam_booking:${id}`,
    detail,
  });

const moved = (user: UserInfo) => ({ updatedAt: sql`now()`, updatedBy: user.id });

/**
 * 预约转登记 (breadth §2.6 完成预约): the registration saved from an individual booking ends it with the
 * visit's 体检号, in the registration's transaction; a booking not 已预约 refuses the registration.
 */
export async function finishBooking(
  tx: Tx,
  bookingId: number,
  visit: { orderId: string; customerId: number; userId: number },
): Promise<void> {
  const booking = await lockBooking(tx, bookingId);
  if (booking.kind !== 'person') throw new AppError('VALIDATION', '团体预约不能直接转登记');
  if (booking.state === 'finished') throw new AppError('CONFLICT', BOOKING_MESSAGES.repeat);
  if (booking.state !== 'booked') {
    throw new AppError('CONFLICT', `该预约${BOOKING_STATE_LABELS[booking.state]}，不能转登记`);
  }
  await tx
    .update(examBookings)
    .set({
      state: 'finished',
      orderId: visit.orderId,
      customerId: visit.customerId,
      updatedAt: sql`now()`,
      updatedBy: visit.userId,
    })
    .where(eq(examBookings.id, bookingId));
}

/** 体检预约: the list, individual and group bookings, confirm, cancel, 超额审核 and the 转登记 prefill. */
export function examBookingRoutes(app: FastifyInstance, db: Db, personalData: PersonalData) {
  serveResource(app, db, examBookingResource, examBookingBinding(personalData));

  defineRoute(app, bookPersonRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const [slot] = await tx.select().from(scheduleSlots).where(eq(scheduleSlots.id, input.slot_id)).for('update');
      if (!slot) throw new AppError('VALIDATION', '所选预约时段不存在或已被删除，请刷新后重选');
      if (slot.slotType !== input.slot_type) throw new AppError('VALIDATION', BOOKING_MESSAGES.slotType);
      if (slot.day < todayCst()) throw new AppError('VALIDATION', BOOKING_MESSAGES.past);
      if (!slot.isActive) throw new AppError('VALIDATION', BOOKING_MESSAGES.closed);
      await assertChosen(tx, packages.id, input.package_id ?? null, '套餐');
      const identity = personalData.sealIdentity({ idCard: input.cust_id_card, phone: input.phone });
      const [same] = await tx
        .select({ id: examBookings.id })
        .from(examBookings)
        .where(
          and(
            eq(examBookings.custIdCardHash, identity.custIdCardHash!),
            eq(examBookings.bookDate, slot.day),
            inArray(examBookings.state, ['pending', 'booked', 'finished']),
          ),
        )
        .limit(1);
      if (same) throw new AppError('CONFLICT', BOOKING_MESSAGES.repeat);
      const full = (await bookedCount(tx, slot.id)) >= slot.cap;
      if (full && !mayCall({ access: [OVER_CAPACITY_ACCESS] }, user.role_menu)) {
        throw new AppError('CONFLICT', `${BOOKING_MESSAGES.full}`);
      }
      if (full && input.over_capacity !== '1') {
        throw new AppError('CONFLICT', `${BOOKING_MESSAGES.full}，可提交超额预约申请`);
      }
      const [archive] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.custIdCardHash, identity.custIdCardHash!))
        .orderBy(customers.id)
        .limit(1);
      const state: BookingState = full ? 'pending' : 'booked';
      const [row] = await tx
        .insert(examBookings)
        .values({
          kind: 'person',
          state,
          slotType: input.slot_type,
          slotId: slot.id,
          bookDate: slot.day,
          custName: input.cust_name,
          sex: input.sex,
          ...identity,
          companyName: input.company_name,
          packageId: input.package_id ?? null,
          remark: input.remark,
          approvalState: full ? 'pending' : null,
          customerId: archive?.id ?? null,
          createdBy: user.id,
        })
        .returning({ id: examBookings.id });
      await audit(tx, request, user, 'booking_create', row!.id, { slot_id: slot.id, state, over_capacity: full });
      return { id: row!.id, state, approval_state: full ? ('pending' as const) : null };
    }),
  );

  defineRoute(app, bookGroupRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          id: groupOrders.id,
          approvalState: groupOrders.approvalState,
          closed: groupOrders.closed,
          companyName: companies.companyName,
        })
        .from(groupOrders)
        .leftJoin(companies, eq(companies.id, groupOrders.companyId))
        .where(eq(groupOrders.id, input.group_order_id));
      if (!order) throw new AppError('VALIDATION', '所选团检订单不存在或已被删除，请刷新后重选');
      if (order.approvalState !== 'approved') throw new AppError('VALIDATION', '只有审核通过的团检订单才能预约');
      if (order.closed) throw new AppError('VALIDATION', '订单已结束，不能预约');
      if (input.date_from < todayCst()) throw new AppError('VALIDATION', BOOKING_MESSAGES.past);
      await assertChosen(tx, packages.id, input.package_id ?? null, '套餐');
      const [row] = await tx
        .insert(examBookings)
        .values({
          kind: 'group',
          state: 'pending',
          slotType: input.slot_type,
          bookDate: input.date_from,
          dateTo: input.date_to,
          companyName: order.companyName,
          groupOrderId: order.id,
          packageId: input.package_id ?? null,
          headCount: input.head_count,
          remark: input.remark,
          createdBy: user.id,
        })
        .returning({ id: examBookings.id });
      await audit(tx, request, user, 'booking_create', row!.id, {
        group_order_id: order.id,
        head_count: input.head_count,
        date_from: input.date_from,
        date_to: input.date_to,
      });
      return { id: row!.id, state: 'pending' as const, approval_state: null };
    }),
  );

  defineRoute(app, confirmBookingRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const booking = await lockBooking(tx, input.id);
      if (booking.state === 'booked' || booking.state === 'finished') {
        throw new AppError('CONFLICT', BOOKING_MESSAGES.repeat);
      }
      if (booking.state === 'cancelled') throw new AppError('CONFLICT', '该预约已取消，不能确认');
      if (booking.approvalState === 'pending') throw new AppError('CONFLICT', '该预约待超额审核，审核通过后即为已预约');
      if ((booking.dateTo ?? booking.bookDate) < todayCst()) throw new AppError('VALIDATION', BOOKING_MESSAGES.past);
      await tx
        .update(examBookings)
        .set({ state: 'booked', ...moved(user) })
        .where(eq(examBookings.id, input.id));
      await audit(tx, request, user, 'booking_confirm', input.id, { from: booking.state, to: 'booked' });
      return { id: input.id, state: 'booked' as const };
    }),
  );

  defineRoute(app, cancelBookingRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const booking = await lockBooking(tx, input.id);
      if (booking.state === 'finished') throw new AppError('CONFLICT', BOOKING_MESSAGES.cancelFinished);
      if (booking.state === 'cancelled') throw new AppError('CONFLICT', '该预约已取消，请勿重复操作');
      await tx
        .update(examBookings)
        .set({ state: 'cancelled', cancelReason: input.reason, ...moved(user) })
        .where(eq(examBookings.id, input.id));
      await audit(tx, request, user, 'booking_cancel', input.id, { from: booking.state, reason: input.reason });
      return { id: input.id, state: 'cancelled' as const };
    }),
  );

  defineRoute(app, approveBookingRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const booking = await lockBooking(tx, input.id);
      if (booking.approvalState !== 'pending' || booking.state !== 'pending') {
        throw new AppError('CONFLICT', '该预约不在待审核状态，不能审核');
      }
      const state: BookingState = input.decision === 'passed' ? 'booked' : 'cancelled';
      await tx
        .update(examBookings)
        .set({
          state,
          approvalState: input.decision,
          approvalNote: input.note,
          approvedBy: user.id,
          approvedAt: sql`now()`,
          ...moved(user),
        })
        .where(eq(examBookings.id, input.id));
      await audit(tx, request, user, 'booking_over_capacity', input.id, { decision: input.decision, note: input.note });
      return { id: input.id, state, approval_state: input.decision };
    }),
  );

  defineRoute(app, bookableGroupOrdersRoute, async () =>
    db
      .select({
        id: groupOrders.id,
        order_no: groupOrders.orderNo,
        order_name: groupOrders.orderName,
        company_name: companies.companyName,
        plan_from: groupOrders.planFrom,
        plan_to: groupOrders.planTo,
      })
      .from(groupOrders)
      .leftJoin(companies, eq(companies.id, groupOrders.companyId))
      .where(and(eq(groupOrders.approvalState, 'approved'), eq(groupOrders.closed, false)))
      .orderBy(desc(groupOrders.id))
      .limit(200),
  );

  defineRoute(app, bookingPrefillRoute, async ({ input }) => {
    const [booking] = await db.select().from(examBookings).where(eq(examBookings.id, input.id));
    if (!booking) throw new AppError('RECORD_NOT_FOUND', GONE);
    if (booking.kind !== 'person') throw new AppError('VALIDATION', '团体预约不能直接转登记');
    if (booking.state === 'finished') throw new AppError('CONFLICT', BOOKING_MESSAGES.repeat);
    if (booking.state !== 'booked') {
      throw new AppError('CONFLICT', `该预约${BOOKING_STATE_LABELS[booking.state]}，不能转登记`);
    }
    const identity = personalData.openIdentity(booking);
    const idCard = identity.idCard;
    // GB 11643: the 18-character number carries the birthday at 7–14.
    const birthday =
      idCard && idCard.length === 18 ? `${idCard.slice(6, 10)}-${idCard.slice(10, 12)}-${idCard.slice(12, 14)}` : null;
    return {
      id: booking.id,
      cust_name: booking.custName ?? '',
      sex: booking.sex ?? '1',
      birthday,
      cust_id_card: idCard,
      phone: identity.phone,
      company_name: booking.companyName,
      package_id: booking.packageId,
      book_date: booking.bookDate,
    };
  });
}
