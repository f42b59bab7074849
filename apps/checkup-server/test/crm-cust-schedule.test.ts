import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approveBookingRoute,
  BOOKING_MESSAGES,
  bookGroupRoute,
  bookingPrefillRoute,
  bookPersonRoute,
  cancelBookingRoute,
  confirmBookingRoute,
  customerArchiveResource,
  customerMergeRoute,
  customerVisitsRoute,
  examBookingResource,
  MERGE_DIFFERENT_ID,
  MERGE_PICK_TWO,
  orderSaveRoute,
  scheduleBatchCloseRoute,
  scheduleBatchSetRoute,
  scheduleSlotResource,
} from '@checkup/api-contract';
import {
  auditLog,
  companies,
  customers,
  examBookings,
  groupOrders,
  orders,
  scheduleSlots,
  unions,
} from '../src/db/schema.js';
import { addDays, todayCst } from '../src/db/demo/dates.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

const SLOTS = scheduleSlotResource.routes;
const ARCHIVES = customerArchiveResource.routes;
const BOOKINGS = examBookingResource.routes;
// Valid GB 11643 numbers (checksums right), one per person of these tests.
const ID_A = '11010519491231002X';
const ID_B = '110101199003070054';
const ID_C = '110101199003076296';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: ReturnType<typeof callerFor>;
  let serial = 0;
  const caller = async (menu: string[]) =>
    callerFor(server, await staffSession(db(), `cs_${(serial += 1)}_${Date.now() % 100000}`, menu));
  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });
  const audits = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

  describeResource(server, scheduleSlotResource, {
    valid: (n) => ({
      day: addDays('2030-01-01', n),
      start_time: '09:00',
      end_time: '10:00',
      slot_type: 'normal',
      cap: '5',
      is_open: '1',
    }),
    invalid: [
      {
        form: { day: '2030-01-01', start_time: '10:00', end_time: '09:00', slot_type: 'normal', cap: '5' },
        message: '开始时间须早于结束时间',
      },
      {
        form: { day: '2030-01-01', start_time: '9点', end_time: '10:00', slot_type: 'normal', cap: '5' },
        message: '开始时间格式应为 时:分',
      },
      {
        form: { day: '2030-01-01', start_time: '09:00', end_time: '10:00', slot_type: 'vvip', cap: '5' },
        message: '请选择预约类型',
      },
      {
        form: { day: '2030-01-01', start_time: '09:00', end_time: '10:00', slot_type: 'normal', cap: '-1' },
        message: '预约上限应在0到9999之间',
      },
    ],
    filterFor: (n) => ({ date_from: addDays('2030-01-01', n), date_to: addDays('2030-01-01', n) }),
    reference: async (database, id) => {
      await database
        .insert(examBookings)
        .values({ kind: 'person', state: 'booked', slotType: 'normal', slotId: id, bookDate: '2030-01-01' });
    },
  });

  describeResource(server, customerArchiveResource, {
    valid: () => ({}),
    insert: async (database, n) => {
      await database.insert(customers).values({ custName: `档案${n}号`, sex: '1', birthday: '1980-01-01' });
    },
    invalid: [],
    filterFor: (n) => ({ name: `档案${n}号` }),
  });

  describeResource(server, examBookingResource, {
    valid: () => ({}),
    insert: async (database, n) => {
      await database.insert(examBookings).values({
        kind: 'person',
        state: 'booked',
        slotType: 'normal',
        bookDate: '2030-01-01',
        custName: `预约${n}号`,
      });
    },
    invalid: [],
    filterFor: (n) => ({ key: `预约${n}号` }),
  });

  /** One open slot of `day` with `cap`, answered by id. */
  const slotOf = async (day: string, cap: number, slotType: 'normal' | 'vip' = 'normal', start = '09:00') => {
    const [row] = await db()
      .insert(scheduleSlots)
      .values({ day, startTime: start, endTime: '23:00', slotType, cap, isActive: true })
      .returning({ id: scheduleSlots.id });
    return row!.id;
  };
  const person = (slotId: number, idCard: string, extra: Record<string, string> = {}) => ({
    slot_type: 'normal',
    slot_id: String(slotId),
    cust_name: '王预约',
    sex: '1',
    cust_id_card: idCard,
    phone: '13900001111',
    company_name: '测试单位',
    ...extra,
  });

  describe('排期', () => {
    it('批量设置 creates the default 09:00–18:00 hourly slots of every day, then updates them; 批量关闭 closes them', async () => {
      const from = addDays(todayCst(), 400);
      const to = addDays(from, 1);
      const set = await admin.post(scheduleBatchSetRoute.path, {
        date_from: from,
        date_to: to,
        slot_type: 'vip',
        cap: 3,
        is_open: '1',
      });
      expect(set.json().data).toEqual({ created: 18, updated: 0 });
      const again = await admin.post(scheduleBatchSetRoute.path, {
        date_from: from,
        date_to: to,
        slot_type: 'vip',
        cap: 4,
        is_open: '1',
      });
      expect(again.json().data).toEqual({ created: 0, updated: 18 });
      const list = (
        await admin.get(SLOTS.list.path, { date_from: from, date_to: from, slot_type: 'vip', size: 50 })
      ).json().data;
      expect(list.list.map((r: { start_time: string }) => r.start_time)).toEqual([
        '09:00',
        '10:00',
        '11:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
        '17:00',
      ]);
      expect(list.list[8]).toMatchObject({ end_time: '18:00', cap: 4, booked: 0, remaining: 4, is_open: true });
      const closed = await admin.post(scheduleBatchCloseRoute.path, {
        date_from: from,
        date_to: from,
        slot_type: 'vip',
      });
      expect(closed.json().data).toEqual({ closed: 9 });
      const open = (await admin.get(SLOTS.list.path, { date_from: from, date_to: to, is_open: '1' })).json().data;
      expect(open.total).toBe(9);
      expect(await audits('schedule_batch_set')).toHaveLength(2);
      expect(await audits('schedule_batch_close')).toHaveLength(1);
    });

    it('counts 已预约 and 剩余, and refuses a cap below what is booked', async () => {
      const day = addDays(todayCst(), 3);
      const slotId = await slotOf(day, 2, 'normal', '08:00');
      expect((await admin.post(bookPersonRoute.path, person(slotId, ID_A))).json().data.state).toBe('booked');
      const [row] = (await admin.get(SLOTS.list.path, { date_from: day, date_to: day })).json().data.list;
      expect(row).toMatchObject({ cap: 2, booked: 1, remaining: 1 });
      const lower = await admin.post(SLOTS.save.path, {
        id: slotId,
        version: row.version,
        day,
        start_time: '08:00',
        end_time: '23:00',
        slot_type: 'normal',
        cap: '0',
        is_open: '1',
      });
      expect([lower.statusCode, lower.json().msg]).toEqual([400, '预约上限不能小于已预约人数（1）']);
    });
  });

  describe('体检预约', () => {
    it('books a slot, refuses a full one with 已约满, a closed one, a past one and the wrong type', async () => {
      const day = addDays(todayCst(), 5);
      const slotId = await slotOf(day, 1);
      const clerk = await caller(['crm/exam_schedule']);
      expect((await clerk.post(bookPersonRoute.path, person(slotId, ID_A))).json().data).toMatchObject({
        state: 'booked',
        approval_state: null,
      });
      const full = await clerk.post(bookPersonRoute.path, person(slotId, ID_B));
      expect([full.statusCode, full.json().msg]).toEqual([409, BOOKING_MESSAGES.full]);
      const wrongType = await clerk.post(bookPersonRoute.path, person(slotId, ID_B, { slot_type: 'vip' }));
      expect(wrongType.json().msg).toBe(BOOKING_MESSAGES.slotType);
      const past = await slotOf(addDays(todayCst(), -1), 5);
      expect((await clerk.post(bookPersonRoute.path, person(past, ID_B))).json().msg).toBe(BOOKING_MESSAGES.past);
      const closed = await slotOf(day, 5, 'normal', '10:00');
      await db().update(scheduleSlots).set({ isActive: false }).where(eq(scheduleSlots.id, closed));
      expect((await clerk.post(bookPersonRoute.path, person(closed, ID_B))).json().msg).toBe(BOOKING_MESSAGES.closed);
      const missing = await clerk.post(bookPersonRoute.path, { ...person(slotId, ID_B), phone: '' });
      expect(missing.json().msg).toBe('请填写手机号');
      // The same person twice on one day is refused as a repeated submission.
      const other = await slotOf(day, 5, 'normal', '11:00');
      const again = await clerk.post(bookPersonRoute.path, person(other, ID_A));
      expect(again.json().msg).toBe(BOOKING_MESSAGES.repeat);
      const [stored] = await db().select().from(examBookings).where(eq(examBookings.slotId, slotId));
      expect(stored!.custIdCardEnc).not.toContain(ID_A);
      const [listed] = (await clerk.get(BOOKINGS.list.path, { key: '王预约', date_from: day, date_to: day })).json()
        .data.list;
      expect(listed.id_card).not.toBe(ID_A);
      expect(listed.phone).toMatch(/^139\*+1111$/);
    });

    it('past a full slot, only the approval holder records a pending request; passing it books, refusing cancels', async () => {
      const day = addDays(todayCst(), 6);
      const slotId = await slotOf(day, 0);
      const approver = await caller(['crm/exam_schedule', 'crm/exam_schedule:over_capacity']);
      const asked = await approver.post(bookPersonRoute.path, person(slotId, ID_A));
      expect(asked.json().msg).toBe(`${BOOKING_MESSAGES.full}，可提交超额预约申请`);
      const requested = (await approver.post(bookPersonRoute.path, person(slotId, ID_A, { over_capacity: '1' }))).json()
        .data;
      expect(requested).toMatchObject({ state: 'pending', approval_state: 'pending' });
      const second = (await approver.post(bookPersonRoute.path, person(slotId, ID_B, { over_capacity: '1' }))).json()
        .data;

      const clerk = await caller(['crm/exam_schedule']);
      const forbidden = await clerk.post(approveBookingRoute.path, { id: requested.id, decision: 'passed' });
      expect(forbidden.statusCode).toBe(403);
      expect((await clerk.post(confirmBookingRoute.path, { id: requested.id })).json().msg).toBe(
        '该预约待超额审核，审核通过后即为已预约',
      );
      const passed = await approver.post(approveBookingRoute.path, { id: requested.id, decision: 'passed' });
      expect(passed.json().data).toMatchObject({ state: 'booked', approval_state: 'passed' });
      const noReason = await approver.post(approveBookingRoute.path, { id: second.id, decision: 'refused' });
      expect(noReason.json().msg).toBe('请填写不通过的原因');
      const refused = await approver.post(approveBookingRoute.path, {
        id: second.id,
        decision: 'refused',
        note: '当日满员',
      });
      expect(refused.json().data).toMatchObject({ state: 'cancelled', approval_state: 'refused' });
      const twice = await approver.post(approveBookingRoute.path, { id: second.id, decision: 'passed' });
      expect(twice.json().msg).toBe('该预约不在待审核状态，不能审核');
      // The passed request now fills the slot past its cap.
      const [slot] = (await clerk.get(SLOTS.list.path, { date_from: day, date_to: day })).json().data.list;
      expect(slot).toMatchObject({ booked: 1, remaining: 0 });
      expect(await audits('booking_over_capacity')).toHaveLength(2);
    });

    it('a group booking needs an approved order, a head-count and a future range; confirm once, cancel before the end', async () => {
      const [company] = await db().insert(companies).values({ companyName: '预约测试单位' }).returning();
      const orderOf = async (no: string, approvalState: string) =>
        (
          await db()
            .insert(groupOrders)
            .values({
              orderNo: no,
              orderName: no,
              companyId: company!.id,
              planFrom: '2026-01-01',
              planTo: '2030-12-31',
              approvalState,
            })
            .returning()
        )[0]!.id;
      const draft = await orderOf('TDBOOK0001', 'draft');
      const approved = await orderOf('TDBOOK0002', 'approved');
      const from = addDays(todayCst(), 2);
      const body = (id: number, extra: Record<string, string | number> = {}) => ({
        group_order_id: id,
        slot_type: 'normal',
        head_count: 20,
        date_from: from,
        date_to: addDays(from, 3),
        ...extra,
      });
      expect((await admin.post(bookGroupRoute.path, body(draft))).json().msg).toBe('只有审核通过的团检订单才能预约');
      expect((await admin.post(bookGroupRoute.path, body(approved, { head_count: 0 }))).json().msg).toBe(
        '预约人数应在1到100000之间',
      );
      const past = await admin.post(bookGroupRoute.path, body(approved, { date_from: addDays(todayCst(), -2) }));
      expect(past.json().msg).toBe(BOOKING_MESSAGES.past);
      const made = (await admin.post(bookGroupRoute.path, body(approved))).json().data;
      expect(made.state).toBe('pending');
      const row = (await admin.get(BOOKINGS.detail.path, { id: made.id })).json().data;
      expect(row).toMatchObject({
        kind: 'group',
        head_count: 20,
        company_name: '预约测试单位',
        group_order_no: 'TDBOOK0002',
      });
      expect((await admin.post(confirmBookingRoute.path, { id: made.id })).json().data.state).toBe('booked');
      expect((await admin.post(confirmBookingRoute.path, { id: made.id })).json().msg).toBe(BOOKING_MESSAGES.repeat);
      expect((await admin.post(cancelBookingRoute.path, { id: made.id, reason: '单位改期' })).json().data.state).toBe(
        'cancelled',
      );
      expect((await admin.post(cancelBookingRoute.path, { id: made.id })).json().msg).toBe(
        '该预约已取消，请勿重复操作',
      );
    });

    it('转登记: the desk reads the person, the registration ends the booking with its 体检号; a finished one is not cancelled', async () => {
      const day = todayCst();
      const slotId = await slotOf(day, 5, 'normal', '17:00');
      const booked = (await admin.post(bookPersonRoute.path, person(slotId, ID_C, { cust_name: '李转登' }))).json()
        .data;
      const prefill = (await admin.get(bookingPrefillRoute.path, { id: booked.id })).json().data;
      expect(prefill).toMatchObject({
        cust_name: '李转登',
        cust_id_card: ID_C,
        phone: '13900001111',
        birthday: '1990-03-07',
      });
      const [xcg] = await db().select({ id: unions.id }).from(unions).where(eq(unions.unionCode, 'XCG'));
      const clerkOfSchedule = await caller(['crm/exam_schedule']);
      expect((await clerkOfSchedule.get(bookingPrefillRoute.path, { id: booked.id })).statusCode).toBe(403);

      const saved = await admin.post(orderSaveRoute.path, {
        cust_name: '李转登',
        sex: '1',
        birthday: '1990-03-07',
        cust_id_card: ID_C,
        exam_type: 'health',
        exam_date: day,
        union_ids: JSON.stringify([xcg!.id]),
        booking_id: booked.id,
      });
      expect(saved.json().data.outcome).toBe('saved');
      const orderId = saved.json().data.order_id;
      const row = (await admin.get(BOOKINGS.detail.path, { id: booked.id })).json().data;
      expect(row).toMatchObject({ state: 'finished', order_id: orderId });
      const cancel = await admin.post(cancelBookingRoute.path, { id: booked.id });
      expect(cancel.json().msg).toBe(BOOKING_MESSAGES.cancelFinished);
      // A second registration from the same booking is refused, and nothing of it is written.
      const before = (await db().select().from(orders)).length;
      const twice = await admin.post(orderSaveRoute.path, {
        cust_name: '李转登',
        sex: '1',
        birthday: '1990-03-07',
        cust_id_card: ID_C,
        exam_type: 'health',
        exam_date: day,
        union_ids: JSON.stringify([xcg!.id]),
        booking_id: booked.id,
        confirm_duplicate: '1',
      });
      expect(twice.json().msg).toBe(BOOKING_MESSAGES.repeat);
      expect((await db().select().from(orders)).length).toBe(before);
    });
  });

  describe('客户档案', () => {
    it('lists archives by name prefix, ID number and phone exactly, masked, with the visit count', async () => {
      const orderId = await addOrder(db(), { status: 'registered', name: '赵档案', idCard: ID_B });
      const [visit] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      await db()
        .update(customers)
        .set(testPersonalData.sealIdentity({ idCard: ID_B, phone: '13711112222' }))
        .where(eq(customers.id, visit!.customerId));
      const byId = (await admin.get(ARCHIVES.list.path, { id_card: ID_B.toLowerCase() })).json().data;
      expect(byId.list.map((r: { id: number }) => r.id)).toContain(visit!.customerId);
      const row = byId.list.find((r: { id: number }) => r.id === visit!.customerId);
      expect(row).toMatchObject({ cust_name: '赵档案', visit_count: 1 });
      expect(row.id_card).not.toBe(ID_B);
      expect(row.phone).toMatch(/^137\*+2222$/);
      expect((await admin.get(ARCHIVES.list.path, { phone: '13711112222' })).json().data.total).toBe(1);
      expect((await admin.get(ARCHIVES.list.path, { name: '赵档' })).json().data.total).toBeGreaterThanOrEqual(1);
      expect(
        (await admin.get(ARCHIVES.list.path, { name: '档案' }))
          .json()
          .data.list.some((r: { cust_name: string }) => r.cust_name === '赵档案'),
      ).toBe(false);
      const ranged = await admin.get(ARCHIVES.list.path, {
        phone: '13711112222',
        date_from: '2026-11-22',
        date_to: '2026-12-31',
      });
      expect(ranged.json().data.total).toBe(0);
      const visits = (await admin.get(customerVisitsRoute.path, { id: visit!.customerId })).json().data;
      expect(visits).toEqual([expect.objectContaining({ order_id: orderId, status_label: '已登记' })]);
    });

    it("合并 moves the other archive's visits and bookings to the kept one, audited; refusals in Chinese", async () => {
      const keptOrder = await addOrder(db(), { status: 'registered', name: '孙合并', idCard: ID_A });
      const otherOrder = await addOrder(db(), { status: 'checked_in', name: '孙合并' });
      const customerOf = async (orderId: string) =>
        (await db().select().from(orders).where(eq(orders.orderId, orderId)))[0]!.customerId;
      const keptId = await customerOf(keptOrder);
      const otherId = await customerOf(otherOrder);
      const [booking] = await db()
        .insert(examBookings)
        .values({ kind: 'person', state: 'finished', slotType: 'normal', bookDate: '2026-11-21', customerId: otherId })
        .returning();
      const merger = await caller(['crm/cust_arch', 'crm/cust_arch:merge']);
      const viewer = await caller(['crm/cust_arch']);
      expect(
        (await viewer.post(customerMergeRoute.path, { ids: `${keptId},${otherId}`, keep_id: keptId })).statusCode,
      ).toBe(403);
      expect((await merger.post(customerMergeRoute.path, { ids: `${keptId}`, keep_id: keptId })).json().msg).toBe(
        MERGE_PICK_TWO,
      );
      expect(
        (await merger.post(customerMergeRoute.path, { ids: `${keptId},${otherId},1`, keep_id: keptId })).json().msg,
      ).toBe(MERGE_PICK_TWO);
      const differentOrder = await addOrder(db(), { status: 'registered', name: '孙合并', idCard: ID_B });
      const differentId = await customerOf(differentOrder);
      const different = await merger.post(customerMergeRoute.path, {
        ids: `${keptId},${differentId}`,
        keep_id: keptId,
      });
      expect([different.statusCode, different.json().msg]).toEqual([400, MERGE_DIFFERENT_ID]);

      // The archive without an ID number is kept: it takes the other's number.
      const merged = await merger.post(customerMergeRoute.path, { ids: `${keptId},${otherId}`, keep_id: otherId });
      expect(merged.json().data).toEqual({ kept_id: otherId, removed_id: keptId, moved_visits: 1 });
      expect(await customerOf(keptOrder)).toBe(otherId);
      expect((await db().select().from(customers).where(eq(customers.id, keptId))).length).toBe(0);
      const [kept] = await db().select().from(customers).where(eq(customers.id, otherId));
      expect(kept!.custIdCardHash).toBe(testPersonalData.idCardLookup(ID_A));
      const [moved] = await db().select().from(examBookings).where(eq(examBookings.id, booking!.id));
      expect(moved!.customerId).toBe(otherId);
      const visits = (await merger.get(customerVisitsRoute.path, { id: otherId })).json().data;
      expect(visits.map((v: { order_id: string }) => v.order_id).sort()).toEqual([keptOrder, otherOrder].sort());
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'customer_merge'), eq(auditLog.target, `customer:${otherId}`)));
      expect(entry!.detail).toMatchObject({ kept_id: otherId, removed_id: keptId });
      const gone = await merger.post(customerMergeRoute.path, { ids: `${keptId},${otherId}`, keep_id: otherId });
      expect(gone.json().msg).toBe('该客户档案不存在或已被合并');
    });
  });
});
