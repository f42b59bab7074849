import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitPackagePrice, toFen } from '@checkup/api-contract';
import {
  auditLog,
  companies,
  companyGroups,
  customers,
  orderUnions,
  orders,
  packages,
  unions,
  users,
} from '../src/db/schema.js';
import { saveParameterValue } from '../src/modules/parameters/repository.js';
import { encrypt, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';

const SAVE = '/manager/api/order/save';
const DETAIL = '/manager/api/order/detail';
const UPDATE_UNIONS = '/manager/api/order/update_unions';
// The password support/domain.ts gives every account it adds.
const PASSWORD = 'Test@2026pass';

/** Issue 19: prices, discounts and package limits of the registration desk, as the server keeps them. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  const unionId = new Map<string, number>();
  const packageId = new Map<string, number>();
  let serial = 0;

  /** A new examinee each time (no ID number: no duplicate-visit question). */
  const person = (overrides: Record<string, string | number> = {}) => ({
    cust_name: `价格测试${++serial}`,
    sex: '1',
    birthday: '1990-03-15',
    exam_type: 'health',
    exam_date: '2026-12-01',
    ...overrides,
  });
  const ids = (...codes: string[]) => JSON.stringify(codes.map((c) => unionId.get(c)!));
  const discount = (d: Record<string, unknown>) =>
    JSON.stringify({ skip_company: true, skip_no_discount: true, lines: [], ...d });
  const linesOf = async (orderId: string) => {
    const rows = await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId));
    const code = new Map([...unionId].map(([c, id]) => [id, c]));
    return new Map(rows.map((r) => [code.get(r.unionId)!, r]));
  };
  const auditsOf = (action: string, target?: string) =>
    db()
      .select()
      .from(auditLog)
      .where(target ? and(eq(auditLog.action, action), eq(auditLog.target, target)) : eq(auditLog.action, action));
  const leaderSecret = (password: string) => encrypt(password, server.keys.publicKeyPem);
  const nobodyNamed = async (name: string) =>
    expect(await db().select().from(customers).where(eq(customers.custName, name))).toHaveLength(0);

  beforeAll(async () => {
    const clerkId = await addStaff(db(), 'price_clerk', '登记员丙');
    await db().update(users).set({ discountFloor: '90' }).where(eq(users.id, clerkId));
    const leaderId = await addStaff(db(), 'price_leader', '主任丁');
    await db().update(users).set({ isLeader: true, discountFloor: '70' }).where(eq(users.id, leaderId));
    const strictId = await addStaff(db(), 'price_strict', '主任戊');
    await db().update(users).set({ isLeader: true, discountFloor: '85' }).where(eq(users.id, strictId));
    await addStaff(db(), 'price_plain', '职员己');
    clerk = callerFor(server, await tokenFor(server, 'price_clerk'));
    for (const u of await db().select({ id: unions.id, code: unions.unionCode }).from(unions))
      unionId.set(u.code, u.id);
    for (const p of await db().select({ id: packages.id, code: packages.packageCode }).from(packages))
      packageId.set(p.code, p.id);
    await db().update(unions).set({ noDiscount: true }).where(eq(unions.unionCode, 'XDT'));
  });

  describe('prices', () => {
    it('splits the package price over its lines by list price, keeping 原价, and answers the totals', async () => {
      const res = await clerk.post(SAVE, { ...person(), package_id: packageId.get('RZTJ')!, union_ids: ids('KFXT') });
      expect(res.json()).toMatchObject({ status: 200, data: { total_price: '206.00' } });
      const orderId = res.json().data.order_id as string;
      const lines = [...(await linesOf(orderId)).values()].filter((l) => l.origin === 'package');
      lines.sort((a, b) => a.unionId - b.unionId);
      expect(lines.map((l) => toFen(l.price))).toEqual(
        splitPackagePrice(
          19800,
          lines.map((l) => toFen(l.listPrice)),
        ),
      );
      expect(lines.every((l) => !l.feeCharged)).toBe(true);

      const detail = (await clerk.get(DETAIL, { order_id: orderId })).json().data;
      expect(detail.totals).toEqual({
        package_price: '198.00',
        list_total: '258.00',
        discount_total: '52.00',
        payable: '206.00',
        paid: '0.00',
        unpaid: '206.00',
      });
      const xbdr = detail.depts
        .flatMap((d: { unions: unknown[] }) => d.unions)
        .find((u: { union_id: number }) => u.union_id === unionId.get('XBDR'));
      expect(xbdr).toMatchObject({ list_price: '80.00', fee_charged: false, origin: 'package' });
    });

    it('applies a batch rate (90 = 九折), leaving a 禁止打折 line out, and refuses it when not left out', async () => {
      const res = await clerk.post(SAVE, {
        ...person(),
        union_ids: ids('XCG', 'XDT'),
        discount: discount({ rate: 90 }),
      });
      expect(res.json().data.total_price).toBe('43.00');
      const lines = await linesOf(res.json().data.order_id);
      expect([lines.get('XCG')!.price, lines.get('XDT')!.price]).toEqual(['18.00', '25.00']);

      const name = `价格测试${++serial}`;
      const refused = await clerk.post(SAVE, {
        ...person({ cust_name: name }),
        union_ids: ids('XCG', 'XDT'),
        discount: discount({ rate: 90, skip_no_discount: false }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('组合项目「心电图」禁止打折，请勾选“禁止打折项目不参与整单折扣”');
      await nobodyNamed(name);
    });

    it('leaves the 统收 package lines of a group out of a batch rate when asked, and discounts them when not', async () => {
      const [company] = await db()
        .insert(companies)
        .values({ companyName: '价格测试单位' })
        .returning({ id: companies.id });
      const [group] = await db()
        .insert(companyGroups)
        .values({ companyId: company!.id, groupName: '统收组', packageId: packageId.get('JKZ')!, payMode: 'company' })
        .returning({ id: companyGroups.id });
      const member = (skipCompany: boolean) =>
        clerk.post(SAVE, {
          ...person(),
          company_id: company!.id,
          group_id: group!.id,
          union_ids: ids('XCG'),
          discount: discount({ rate: 90, skip_company: skipCompany }),
        });
      // 健康证体检套餐 100.00 统收 stays; the examinee's 血常规 20.00 takes 九折.
      expect((await member(true)).json().data.total_price).toBe('118.00');
      expect((await member(false)).json().data.total_price).toBe('108.00');
    });

    it('takes one line at a typed price, and never trusts a price sent for a line', async () => {
      const res = await clerk.post(SAVE, {
        ...person(),
        union_ids: ids('GGN', 'NCG'),
        discount: discount({ lines: [{ union_id: unionId.get('GGN')!, price: '54.00' }] }),
      });
      expect(res.json().data.total_price).toBe('64.00');
      const lines = await linesOf(res.json().data.order_id);
      expect([lines.get('GGN')!.price, lines.get('NCG')!.price]).toEqual(['54.00', '10.00']);
      expect(lines.get('GGN')!.listPrice).toBe('60.00');
    });

    it('rounds the payable total as parameter 0140 says, the difference on the dearest self-paid line', async () => {
      await saveParameterValue(db(), '0140', '登记收费设置', { rounding: 'yuan', pay_timing: 'after' });
      try {
        // 血常规 20.00 and 空腹血糖 8.00 at 九折: 18.00 + 7.20 = 25.20 → 25.00, the 0.20 off 血常规.
        const res = await clerk.post(SAVE, {
          ...person(),
          union_ids: ids('XCG', 'KFXT'),
          discount: discount({ rate: 90 }),
        });
        expect(res.json().data.total_price).toBe('25.00');
        const lines = await linesOf(res.json().data.order_id);
        expect([lines.get('XCG')!.price, lines.get('KFXT')!.price]).toEqual(['17.80', '7.20']);
      } finally {
        await saveParameterValue(db(), '0140', '登记收费设置', { rounding: 'fen', pay_timing: 'after' });
      }
    });

    it('prices 修改加项 again with the discount the visit was registered with', async () => {
      const res = await clerk.post(SAVE, { ...person(), union_ids: ids('XCG'), discount: discount({ rate: 90 }) });
      const orderId = res.json().data.order_id as string;
      const updated = await clerk.post(UPDATE_UNIONS, { order_id: orderId, union_ids: ids('XCG', 'NCG') });
      expect(updated.json().data.total_price).toBe('27.00');
      const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      expect(order!.totalPrice).toBe('27.00');
      expect((await linesOf(orderId)).get('NCG')!.price).toBe('9.00');
    });

    it('keeps a kept extra’s state, who set it and its payment through 修改加项, and refuses dropping a waived one', async () => {
      const res = await clerk.post(SAVE, { ...person(), union_ids: ids('XCG', 'NCG') });
      const orderId = res.json().data.order_id as string;
      await db()
        .update(orderUnions)
        .set({ status: '2', execReason: '体检者放弃', feeCharged: true })
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, unionId.get('NCG')!)));

      const updated = await clerk.post(UPDATE_UNIONS, { order_id: orderId, union_ids: ids('XCG', 'NCG', 'SGN') });
      expect(updated.json().msg).toBe('操作成功');
      const lines = await linesOf(orderId);
      expect(lines.get('NCG')).toMatchObject({ status: '2', execReason: '体检者放弃', feeCharged: true });
      expect(lines.get('SGN')).toMatchObject({ status: '0', feeCharged: false, origin: 'extra' });

      await db()
        .update(orderUnions)
        .set({ feeCharged: false })
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, unionId.get('NCG')!)));
      const dropped = await clerk.post(UPDATE_UNIONS, { order_id: orderId, union_ids: ids('XCG', 'SGN') });
      expect(dropped.json().msg).toBe('组合项目「尿常规」已有检查记录或执行状态，不能删除');
      expect((await linesOf(orderId)).get('NCG')).toMatchObject({ status: '2' });
    });
  });

  describe('discount floor and leader confirmation', () => {
    const belowFloor = (extra: Record<string, string | number> = {}) => ({
      ...person(),
      union_ids: ids('XCG', 'NCG'),
      discount: discount({ rate: 80 }),
      ...extra,
    });

    it('refuses a rate below the clerk’s floor, naming the limit, and writes nothing', async () => {
      const input = belowFloor();
      const res = await clerk.post(SAVE, input);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('折扣低于您的权限下限（最低9折），需领导授权');
      await nobodyNamed(input.cust_name);
    });

    it('refuses one line below the floor though the whole order keeps to it', async () => {
      const res = await clerk.post(SAVE, {
        ...person(),
        union_ids: ids('XBCT', 'NCG'),
        discount: discount({ lines: [{ union_id: unionId.get('NCG')!, price: '5.00' }] }),
      });
      expect(res.json().msg).toBe('折扣低于您的权限下限（最低9折），需领导授权');
    });

    it('accepts it when a leader confirms with their password, auditing both accounts', async () => {
      const res = await clerk.post(SAVE, {
        ...belowFloor(),
        leader_account: 'price_leader',
        leader_password: leaderSecret(PASSWORD),
      });
      expect(res.json()).toMatchObject({ status: 200, data: { total_price: '24.00' } });
      const orderId = res.json().data.order_id as string;
      const [audit] = await auditsOf('discount_leader_confirm', orderId);
      expect(audit).toMatchObject({
        userAccount: 'price_clerk',
        detail: { leader_account: 'price_leader', clerk_floor: 90, lowest_rate: 80 },
      });
    });

    it.each([
      ['a wrong password', 'price_leader', 'Wrong@2026', '领导账号或密码错误', 'discount_leader_failed'],
      [
        'an account that is no leader',
        'price_plain',
        PASSWORD,
        '账号「price_plain」不是领导，不能授权折扣',
        'discount_leader_refused',
      ],
      [
        'a leader whose own floor is higher',
        'price_strict',
        PASSWORD,
        '领导「主任戊」的折扣权限不足（最低8.5折）',
        'discount_leader_refused',
      ],
    ])(
      'refuses the confirmation of %s, writing nothing but its audit row',
      async (_t, account, password, msg, action) => {
        const before = (await auditsOf(action)).length;
        const input = belowFloor({ leader_account: account, leader_password: leaderSecret(password) });
        const res = await clerk.post(SAVE, input);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(msg);
        await nobodyNamed(input.cust_name);
        const audits = await auditsOf(action);
        expect(audits).toHaveLength(before + 1);
        expect(audits.at(-1)).toMatchObject({ userAccount: 'price_clerk', detail: { leader_account: account } });
      },
    );
  });

  describe('package limits', () => {
    it('refuses an age outside the package range with exactly the range', async () => {
      const input = {
        ...person({ birthday: '1960-01-01' }),
        package_id: packageId.get('JXTJ')!,
        option_union_ids: ids('XBDR'),
      };
      const res = await clerk.post(SAVE, input);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('需要体检者的年龄在18岁-60岁之间！');
      await nobodyNamed(input.cust_name);
      const older = await clerk.post(SAVE, {
        ...person({ birthday: '1990-01-01' }),
        package_id: packageId.get('ZLNTJ')!,
      });
      expect(older.json().msg).toBe('需要体检者的年龄在45岁及以上！');
    });

    it('registers a package for the other sex only with the clerk’s confirmation, audited', async () => {
      const refused = await clerk.post(SAVE, { ...person(), package_id: packageId.get('JCTJ-F')! });
      expect(refused.json().msg).toBe('套餐「基础体检套餐(女)」与体检者性别不符，请确认后再登记');
      const res = await clerk.post(SAVE, { ...person(), package_id: packageId.get('JCTJ-F')!, confirm_gender: '1' });
      expect(res.json().status).toBe(200);
      const [audit] = await auditsOf('package_gender_confirm', res.json().data.order_id);
      expect(audit).toMatchObject({ userAccount: 'price_clerk', detail: { package_name: '基础体检套餐(女)' } });
    });

    it('asks exactly one union of each optional group, ordering the chosen one in the package price', async () => {
      const pkg = { package_id: packageId.get('JXTJ')! };
      expect((await clerk.post(SAVE, { ...person(), ...pkg })).json().msg).toBe('「可选组：胸部影像」须选择一项');
      expect((await clerk.post(SAVE, { ...person(), ...pkg, option_union_ids: ids('XBDR', 'XBCT') })).json().msg).toBe(
        '「可选组：胸部影像」只能选择一项',
      );
      expect((await clerk.post(SAVE, { ...person(), ...pkg, option_union_ids: ids('GGN2') })).json().msg).toBe(
        '所选可选项目不属于该套餐',
      );
      const res = await clerk.post(SAVE, { ...person(), ...pkg, option_union_ids: ids('XBCT') });
      expect(res.json().data.total_price).toBe('298.00');
      const lines = await linesOf(res.json().data.order_id);
      expect(lines.get('XBCT')).toMatchObject({ origin: 'package', listPrice: '260.00' });
      expect(lines.has('XBDR')).toBe(false);
    });
  });
});
