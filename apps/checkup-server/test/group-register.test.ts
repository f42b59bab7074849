import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  groupOrderChoicesRoute,
  groupPauseRoute,
  groupPersonBanRoute,
  groupPersonResource,
  groupPersonUnbanRoute,
  groupPrintMarkRoute,
  groupPriceLimitRoute,
  groupRegisterResource,
  groupRegisterRoute,
  splitPackagePrice,
  subgroupAddItemsRoute,
  subgroupDiscountRoute,
  subgroupListRoute,
  subgroupMoveRoute,
  subgroupRemoveItemsRoute,
  toFen,
  todayStatsRoute,
} from '@checkup/api-contract';
import {
  auditLog,
  companies,
  companyGroups,
  groupOrders,
  groupPersons,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  packages,
  unions,
  users,
} from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { staffSession } from './support/access.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';

const SAVE = '/manager/api/order/save';
const DEPT_API = '/manager/api/departmentdiagnosis';
const UNREGISTER = '/manager/api/order/unregister';
const LIST = groupRegisterResource.routes.list.path;

/** Issue 22: 团检登记名单, 分组调整 and 团检人员 over prepared group visits. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  const unionId = new Map<string, number>();
  const unionList = new Map<number, string>();
  let companyId = 0;
  let orderNo = 0;
  let serial = 0;

  beforeAll(async () => {
    const clerkId = await addStaff(db(), 'gr_clerk', '登记员甲');
    await db().update(users).set({ discountFloor: '80' }).where(eq(users.id, clerkId));
    clerk = callerFor(server, await tokenFor(server, 'gr_clerk'));
    for (const u of await db().select({ id: unions.id, code: unions.unionCode, price: unions.price }).from(unions)) {
      unionId.set(u.code, u.id);
      unionList.set(u.id, u.price);
    }
    const [company] = await db().insert(companies).values({ companyName: '团检登记测试单位' }).returning();
    companyId = company!.id;
  });

  const pkgId = async (code: string) =>
    (await db().select({ id: packages.id }).from(packages).where(eq(packages.packageCode, code)))[0]!.id;

  /** An approved order with group A (入职套餐 at 150.00, 统收) and group B (职业套餐 at its own price, 自费). */
  async function newOrder(closed = false) {
    orderNo += 1;
    const [order] = await db()
      .insert(groupOrders)
      .values({
        orderNo: `TDGR${String(orderNo).padStart(6, '0')}`,
        orderName: `登记测试订单${orderNo}`,
        companyId,
        planFrom: '2026-11-01',
        planTo: '2026-12-31',
        approvalState: 'approved',
        closed,
      })
      .returning();
    const [a] = await db()
      .insert(companyGroups)
      .values({
        companyId,
        groupOrderId: order!.id,
        groupName: 'A组',
        packageId: await pkgId('RZTJ'),
        price: '150.00',
        payMode: 'company',
      })
      .returning();
    const [b] = await db()
      .insert(companyGroups)
      .values({
        companyId,
        groupOrderId: order!.id,
        groupName: 'B组',
        packageId: await pkgId('ZYJK-ZS'),
        payMode: 'self',
      })
      .returning();
    return { orderId: order!.id, a: a!.id, b: b!.id };
  }

  /**
   * What 预登记 leaves (built by another piece): a visit saved through the registration service, then
   * set to 已预登记 and linked to its 名单 row.
   */
  async function prepared(order: { orderId: number }, groupId: number, opts: { extras?: string[] } = {}) {
    serial += 1;
    const name = `团检人${serial}`;
    const res = await clerk.post(SAVE, {
      cust_name: name,
      sex: '1',
      birthday: '1990-03-15',
      exam_type: 'health',
      exam_date: todayCst(),
      company_id: companyId,
      group_id: groupId,
      union_ids: JSON.stringify((opts.extras ?? []).map((c) => unionId.get(c)!)),
      phone: `1380000${String(serial).padStart(4, '0')}`,
    });
    expect(res.json().status).toBe(200);
    const visit = res.json().data.order_id as string;
    await db().update(orders).set({ status: 'prepared' }).where(eq(orders.orderId, visit));
    const [person] = await db()
      .insert(groupPersons)
      .values({
        groupOrderId: order.orderId,
        groupId,
        custName: name,
        sex: '1',
        birthday: '1990-03-15',
        orderId: visit,
        deptName: '生产部',
      })
      .returning({ id: groupPersons.id });
    return { id: person!.id, visit, name };
  }

  async function unprepared(order: { orderId: number }, groupId: number) {
    serial += 1;
    const [person] = await db()
      .insert(groupPersons)
      .values({ groupOrderId: order.orderId, groupId, custName: `未生成${serial}`, sex: '2', birthday: '1995-01-01' })
      .returning({ id: groupPersons.id });
    return person!.id;
  }

  const statusOf = async (visit: string) =>
    (await db().select({ s: orders.status }).from(orders).where(eq(orders.orderId, visit)))[0]?.s;
  const linesOf = (visit: string) => db().select().from(orderUnions).where(eq(orderUnions.orderId, visit));

  describe('a prepared visit is not yet at the desk', () => {
    it("is refused by department entry (未登记), left out of the worklist and of today's registered count", async () => {
      const order = await newOrder();
      const before = (await clerk.get(todayStatsRoute.path, { date: todayCst() })).json().data.registered;
      const p = await prepared(order, order.a);
      const [dept] = await db().select().from(orderDepts).where(eq(orderDepts.orderId, p.visit)).limit(1);
      const view = await clerk.get(`${DEPT_API}/get_order_union_diagnosis_list`, {
        order_id: p.visit,
        exam_dept_id: dept!.deptId,
      });
      expect([view.statusCode, view.json().msg]).toEqual([409, '该体检者尚未登记，不能录入']);
      const worklist = await clerk.get(`${DEPT_API}/dept_worklist`, {
        exam_dept_id: dept!.deptId,
        exam_date: todayCst(),
        keyword: p.visit,
      });
      expect(worklist.json().data.list).toEqual([]);
      expect((await clerk.get(todayStatsRoute.path, { date: todayCst() })).json().data.registered).toBe(before);

      expect((await clerk.post(groupRegisterRoute.path, { ids: String(p.id) })).json().data.done).toEqual([p.id]);
      expect((await clerk.get(todayStatsRoute.path, { date: todayCst() })).json().data.registered).toBe(before + 1);
      const after = await clerk.get(`${DEPT_API}/dept_worklist`, {
        exam_dept_id: dept!.deptId,
        exam_date: todayCst(),
        keyword: p.visit,
      });
      expect(after.json().data.list).toMatchObject([{ order_id: p.visit }]);
    });

    it('反登记 of a prepared visit removes it and sends the person back to 未预登记', async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a);
      const res = await clerk.post(UNREGISTER, { order_id: p.visit });
      expect(res.json().status).toBe(200);
      expect(await statusOf(p.visit)).toBeUndefined();
      const [person] = await db().select().from(groupPersons).where(eq(groupPersons.id, p.id));
      expect(person!.orderId).toBeNull();
    });
  });

  describe('登记 and 批量登记', () => {
    it('registers through the status machine (logged and audited) and refuses per row with reasons', async () => {
      const order = await newOrder();
      const ok = await prepared(order, order.a);
      const banned = await prepared(order, order.a);
      const done = await prepared(order, order.a);
      await clerk.post(groupRegisterRoute.path, { ids: String(done.id) });
      expect(
        (await clerk.post(groupPersonBanRoute.path, { ids: String(banned.id), reason: '未缴费' })).json().data,
      ).toMatchObject({ done: [banned.id] });
      const res = await clerk.post(groupRegisterRoute.path, {
        ids: JSON.stringify([ok.id, banned.id, done.id]),
        batch: '1',
      });
      expect(res.json().data.done).toEqual([ok.id]);
      expect(res.json().data.refused).toEqual([
        { id: banned.id, cust_name: banned.name, order_id: banned.visit, reason: '已禁检（原因：未缴费）' },
        { id: done.id, cust_name: done.name, order_id: done.visit, reason: '订单当前状态为「已登记」，不能登记' },
      ]);
      expect(await statusOf(ok.visit)).toBe('registered');
      expect(await statusOf(banned.visit)).toBe('prepared');
      const log = await db()
        .select()
        .from(orderStatusLog)
        .where(and(eq(orderStatusLog.orderId, ok.visit), eq(orderStatusLog.fromStatus, 'prepared')));
      expect(log.map((l) => l.toStatus)).toEqual(['registered']);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order_status'), eq(auditLog.target, ok.visit)));
      expect(audits.map((a) => (a.detail as { action: string }).action)).toEqual(['register']);
    });

    it('a batch needs every row to have a 体检号; a single 登记 refuses that row only', async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a);
      const none = await unprepared(order, order.a);
      const batch = await clerk.post(groupRegisterRoute.path, { ids: JSON.stringify([p.id, none]), batch: '1' });
      expect(batch.statusCode).toBe(400);
      expect(batch.json().msg).toMatch(/^以下人员未生成体检号，不能批量登记：未生成\d+$/);
      expect(await statusOf(p.visit)).toBe('prepared');
      const single = await clerk.post(groupRegisterRoute.path, { ids: JSON.stringify([p.id, none]) });
      expect(single.json().data.done).toEqual([p.id]);
      expect(single.json().data.refused).toMatchObject([{ id: none, reason: '未生成体检号，请先预登记' }]);
    });

    it('a paused group registers nobody; 反禁检 of the group is refused on a closed order', async () => {
      const order = await newOrder();
      const p = await prepared(order, order.b);
      expect((await clerk.post(groupPauseRoute.path, { group_id: order.b, paused: '1' })).json().data).toEqual({
        group_id: order.b,
        paused: true,
      });
      const res = await clerk.post(groupRegisterRoute.path, { ids: String(p.id) });
      expect(res.json().data.refused).toMatchObject([{ id: p.id, reason: '所在分组已禁检' }]);
      await db().update(groupOrders).set({ closed: true }).where(eq(groupOrders.id, order.orderId));
      const unpause = await clerk.post(groupPauseRoute.path, { group_id: order.b, paused: '0' });
      expect([unpause.statusCode, unpause.json().msg]).toEqual([409, '订单已结束，不能反禁检']);
      const unban = await clerk.post(groupPersonUnbanRoute.path, { ids: String(p.id) });
      expect(unban.json().data.refused).toMatchObject([{ id: p.id, reason: '未禁检' }]);
    });
  });

  describe('禁检 of people', () => {
    it('bans the visit with its reason (entry refuses it), lifts it, and refuses 反禁检 on a closed order', async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a);
      await clerk.post(groupPersonBanRoute.path, { ids: String(p.id), reason: '单位通知暂缓' });
      const [visit] = await db().select().from(orders).where(eq(orders.orderId, p.visit));
      expect(visit!.banReason).toBe('单位通知暂缓');
      const again = await clerk.post(groupPersonBanRoute.path, { ids: String(p.id), reason: '再次' });
      expect(again.json().data.refused[0].reason).toBe('已禁检（原因：单位通知暂缓），请勿重复操作');
      const list = (await clerk.get(LIST, { group_order_id: order.orderId, banned: '1' })).json().data.list;
      expect(list).toMatchObject([{ id: p.id, banned: true, ban_reason: '单位通知暂缓', status: 'prepared' }]);

      await db().update(groupOrders).set({ closed: true }).where(eq(groupOrders.id, order.orderId));
      const closed = await clerk.post(groupPersonUnbanRoute.path, { ids: String(p.id) });
      expect(closed.json().data.refused).toMatchObject([{ id: p.id, reason: '订单已结束，不能反禁检' }]);
      await db().update(groupOrders).set({ closed: false }).where(eq(groupOrders.id, order.orderId));
      expect((await clerk.post(groupPersonUnbanRoute.path, { ids: String(p.id) })).json().data.done).toEqual([p.id]);
      const [lifted] = await db().select().from(orders).where(eq(orders.orderId, p.visit));
      expect(lifted!.banReason).toBeNull();
    });
  });

  describe('the register list', () => {
    it('filters by status, 体检号 range, phone exact and 打印, masks ID and phone, and counts prints', async () => {
      const order = await newOrder();
      const p1 = await prepared(order, order.a);
      const p2 = await prepared(order, order.b);
      const none = await unprepared(order, order.a);
      const all = (await clerk.get(LIST, { group_order_id: order.orderId })).json().data;
      expect(all.total).toBe(3);
      const row = all.list.find((r: { id: number }) => r.id === p1.id);
      expect(row).toMatchObject({ order_id: p1.visit, group_name: 'A组', status: 'prepared', print_count: 0 });
      expect(row.phone).toMatch(/^138\*+\d{4}$/);
      const byStatus = (await clerk.get(LIST, { group_order_id: order.orderId, status: 'none' })).json().data.list;
      expect(byStatus.map((r: { id: number }) => r.id)).toEqual([none]);
      const range = (await clerk.get(LIST, { group_order_id: order.orderId, order_from: p2.visit, order_to: p2.visit }))
        .json()
        .data.list.map((r: { id: number }) => r.id);
      expect(range).toEqual([p2.id]);
      const phone = `1380000${String(serial - 1).padStart(4, '0')}`;
      const byPhone = (await clerk.get(LIST, { phone })).json().data.list.map((r: { id: number }) => r.id);
      expect(byPhone).toEqual([p2.id]);

      const mark = await clerk.post(groupPrintMarkRoute.path, { id: p1.id, kind: 'guide_sheet' });
      expect(mark.json().data).toEqual({ id: p1.id, print_count: 1 });
      const printed = (await clerk.get(LIST, { group_order_id: order.orderId, printed: '1' })).json().data.list;
      expect(printed.map((r: { id: number; print_count: number }) => [r.id, r.print_count])).toEqual([[p1.id, 1]]);
      const noVisit = await clerk.post(groupPrintMarkRoute.path, { id: none, kind: 'labels' });
      expect([noVisit.statusCode, noVisit.json().msg]).toEqual([400, '未生成体检号，请先预登记']);
    });

    it('exports .xlsx; 团检人员 reads the same people across orders', async () => {
      const order = await newOrder();
      await prepared(order, order.a);
      const exported = await clerk.get(groupRegisterResource.routes.export.path, { group_order_id: order.orderId });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      const persons = (await clerk.get(groupPersonResource.routes.list.path, { company_id: companyId })).json().data;
      expect(persons.total).toBeGreaterThan(1);
      const orders = (await clerk.get(groupOrderChoicesRoute.path)).json().data;
      expect(
        orders
          .find((o: { id: number }) => o.id === order.orderId)
          .groups.map((g: { group_name: string }) => g.group_name),
      ).toEqual(['A组', 'B组']);
    });

    it("统收限额 for the order's people of a sex and ages, audited; none matching is refused", async () => {
      const order = await newOrder();
      const men = [await prepared(order, order.a), await prepared(order, order.b)];
      const woman = await unprepared(order, order.a);
      const res = await clerk.post(groupPriceLimitRoute.path, {
        group_order_id: order.orderId,
        amount: '300.5',
        sex: '1',
      });
      expect(res.json().data).toEqual({ count: 2, amount: '300.50' });
      const rows = await db().select().from(groupPersons).where(eq(groupPersons.groupOrderId, order.orderId));
      expect(new Map(rows.map((r) => [r.id, r.priceLimit]))).toEqual(
        new Map([
          [men[0]!.id, '300.50'],
          [men[1]!.id, '300.50'],
          [woman, null],
        ]),
      );
      const none = await clerk.post(groupPriceLimitRoute.path, {
        group_order_id: order.orderId,
        amount: '100',
        age_from: 60,
      });
      expect([none.statusCode, none.json().msg]).toEqual([400, '没有符合条件的体检人员']);
      const noAmount = await clerk.post(groupPriceLimitRoute.path, { group_order_id: order.orderId });
      expect(noAmount.json().msg).toBe('请填写限额金额');
      expect(
        await db().$count(
          auditLog,
          and(eq(auditLog.action, 'group_price_limit'), eq(auditLog.target, `group_order:${order.orderId}`)),
        ),
      ).toBe(1);
    });
  });

  describe('分组调整', () => {
    const lineMap = async (visit: string) => new Map((await linesOf(visit)).map((l) => [l.unionId, l]));

    it('moves people of one group to another, re-priced exactly with the new package and price', async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a, { extras: ['KFXT'] });
      const q = await prepared(order, order.a);
      const res = await clerk.post(subgroupMoveRoute.path, { ids: JSON.stringify([p.id, q.id]), group_id: order.b });
      expect(res.json().data).toEqual({ moved: 2 });

      const zyjk = await db().select({ unions: packages.id }).from(packages).where(eq(packages.packageCode, 'ZYJK-ZS'));
      expect(zyjk).toHaveLength(1);
      const lines = await linesOf(p.visit);
      const pkgLines = lines.filter((l) => l.origin === 'package').sort((x, y) => x.unionId - y.unionId);
      expect(pkgLines.map((l) => toFen(l.price))).toEqual(
        splitPackagePrice(
          18000,
          pkgLines.map((l) => toFen(unionList.get(l.unionId)!)),
        ),
      );
      expect(pkgLines.every((l) => l.payMode === 'self')).toBe(true);
      const extra = lines.find((l) => l.origin === 'extra')!;
      expect([extra.unionId, extra.price]).toEqual([unionId.get('KFXT'), '8.00']);
      const [visit] = await db().select().from(orders).where(eq(orders.orderId, p.visit));
      expect([visit!.groupId, visit!.totalPrice]).toEqual([order.b, '188.00']);

      // Back to A: the group's own price (150.00), 统收.
      await clerk.post(subgroupMoveRoute.path, { ids: String(q.id), group_id: order.a });
      const back = (await linesOf(q.visit)).filter((l) => l.origin === 'package').sort((x, y) => x.unionId - y.unionId);
      expect(back.map((l) => toFen(l.price))).toEqual(
        splitPackagePrice(
          15000,
          back.map((l) => toFen(unionList.get(l.unionId)!)),
        ),
      );
      expect(back.reduce((s, l) => s + toFen(l.price), 0)).toBe(15000);
      const [qv] = await db().select().from(orders).where(eq(orders.orderId, q.visit));
      expect([qv!.groupId, qv!.totalPrice]).toEqual([order.a, '150.00']);
      const [qp] = await db().select().from(groupPersons).where(eq(groupPersons.id, q.id));
      expect(qp!.groupId).toBe(order.a);
      // The departments follow the lines: none without a line.
      const depts = await db().select().from(orderDepts).where(eq(orderDepts.orderId, q.visit));
      expect(new Set(depts.map((d) => d.deptId))).toEqual(new Set(back.map((l) => l.deptId)));
    });

    it("refuses people of different groups, another order's group, and a checked-in visit", async () => {
      const order = await newOrder();
      const other = await newOrder();
      const a = await prepared(order, order.a);
      const b = await prepared(order, order.b);
      const mixed = await clerk.post(subgroupMoveRoute.path, { ids: JSON.stringify([a.id, b.id]), group_id: order.b });
      expect([mixed.statusCode, mixed.json().msg]).toEqual([400, '请选择同一分组的体检人员']);
      const foreign = await clerk.post(subgroupMoveRoute.path, { ids: String(a.id), group_id: other.b });
      expect(foreign.json().msg).toBe('目标分组不属于该订单');
      await db().update(orders).set({ status: 'checked_in' }).where(eq(orders.orderId, a.visit));
      const checkedIn = await clerk.post(subgroupMoveRoute.path, { ids: String(a.id), group_id: order.b });
      expect(checkedIn.json().msg).toBe(`「${a.name}」当前为「已报到」，已报到的人员不能调整`);
      const [visit] = await db().select().from(orders).where(eq(orders.orderId, a.visit));
      expect(visit!.groupId).toBe(order.a);
    });

    it('adds items to many (no duplicates) and removes added ones not yet done, re-pricing the visit', async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a);
      const q = await prepared(order, order.a, { extras: ['KFXT'] });
      const ids = JSON.stringify([p.id, q.id]);
      const dup = await clerk.post(subgroupAddItemsRoute.path, { ids, union_ids: String(unionId.get('KFXT')) });
      expect(dup.json().msg).toBe(`存在相同的收费项目：「${q.name}」已有「空腹血糖」`);
      expect((await lineMap(p.visit)).has(unionId.get('KFXT')!)).toBe(false);

      const add = await clerk.post(subgroupAddItemsRoute.path, {
        ids,
        union_ids: JSON.stringify([unionId.get('SGN'), unionId.get('XZSX')]),
      });
      expect(add.json().data).toEqual({ changed: 2 });
      const pLines = await lineMap(p.visit);
      expect([pLines.get(unionId.get('SGN')!)?.price, pLines.get(unionId.get('XZSX')!)?.origin]).toEqual([
        '30.00',
        'extra',
      ]);
      const [pv] = await db().select().from(orders).where(eq(orders.orderId, p.visit));
      expect(pv!.totalPrice).toBe('268.00');

      await db()
        .update(orderUnions)
        .set({ status: '1' })
        .where(and(eq(orderUnions.orderId, q.visit), eq(orderUnions.unionId, unionId.get('SGN')!)));
      const doneRemove = await clerk.post(subgroupRemoveItemsRoute.path, {
        ids,
        union_ids: String(unionId.get('SGN')),
      });
      expect(doneRemove.json().msg).toBe('组合项目「肾功能」已有检查记录或执行状态，不能删除');
      expect((await lineMap(p.visit)).has(unionId.get('SGN')!)).toBe(true);
      const pkgRemove = await clerk.post(subgroupRemoveItemsRoute.path, { ids, union_ids: String(unionId.get('XDT')) });
      expect(pkgRemove.json().msg).toBe(`「${p.name}」收费项目「心电图」不是加项，不能退项`);

      const remove = await clerk.post(subgroupRemoveItemsRoute.path, {
        ids: String(p.id),
        union_ids: JSON.stringify([unionId.get('SGN'), unionId.get('XZSX')]),
      });
      expect(remove.json().data).toEqual({ changed: 1 });
      const [after] = await db().select().from(orders).where(eq(orders.orderId, p.visit));
      expect(after!.totalPrice).toBe('198.00');
    });

    it("a batch discount keeps to the clerk's floor (issue 19) and prices every discountable line", async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a, { extras: ['KFXT'] });
      const low = await clerk.post(subgroupDiscountRoute.path, { ids: String(p.id), rate: 70 });
      expect(low.json().msg).toBe('折扣低于您的权限下限（最低8折），需领导授权');
      const ok = await clerk.post(subgroupDiscountRoute.path, { ids: String(p.id), rate: 90 });
      expect(ok.json().data).toEqual({ changed: 1 });
      const lines = await linesOf(p.visit);
      const total = lines.reduce((s, l) => s + toFen(l.price), 0);
      const [visit] = await db().select().from(orders).where(eq(orders.orderId, p.visit));
      expect(toFen(visit!.totalPrice)).toBe(total);
      expect(lines.find((l) => l.unionId === unionId.get('KFXT'))!.price).toBe('7.20');
    });

    it("lists an order's people with their items", async () => {
      const order = await newOrder();
      const p = await prepared(order, order.b, { extras: ['KFXT'] });
      const res = await clerk.get(subgroupListRoute.path, { group_order_id: order.orderId, group_id: order.b });
      const data = res.json().data;
      expect(data.total).toBe(1);
      expect(data.list[0]).toMatchObject({ id: p.id, group_name: 'B组' });
      expect(data.list[0].items.map((i: { union_name: string }) => i.union_name)).toContain('空腹血糖');
    });
  });

  describe('access', () => {
    it("refuses each screen's calls to an account without the screen", async () => {
      const order = await newOrder();
      const p = await prepared(order, order.a);
      const other = callerFor(server, await staffSession(db(), 'gr_other', ['crm/cmp_arch']));
      const subgroupOnly = callerFor(server, await staffSession(db(), 'gr_sub', ['crm/subgroup_modify_list']));
      for (const res of [
        await other.post(groupRegisterRoute.path, { ids: String(p.id) }),
        await other.get(LIST, {}),
        await other.get(groupPersonResource.routes.list.path, {}),
        await other.post(subgroupMoveRoute.path, { ids: String(p.id), group_id: order.b }),
        await subgroupOnly.post(groupRegisterRoute.path, { ids: String(p.id) }),
        await subgroupOnly.post(groupPriceLimitRoute.path, { group_order_id: order.orderId, amount: '1' }),
      ]) {
        expect(res.statusCode).toBe(403);
      }
      expect(await statusOf(p.visit)).toBe('prepared');
      // 分组调整 may 禁检 (pause) its people.
      const ban = await subgroupOnly.post(groupPersonBanRoute.path, { ids: String(p.id), reason: '暂缓' });
      expect(ban.json().data.done).toEqual([p.id]);
      const rows = await db()
        .select()
        .from(groupPersons)
        .where(inArray(groupPersons.id, [p.id]));
      expect(rows[0]!.paused).toBe(true);
    });
  });
});
