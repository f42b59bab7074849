import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idNumberCheckChar } from '@checkup/api-contract';
import {
  auditLog,
  companies,
  companyGroups,
  customers,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  packages,
  queueEntries,
  unions,
} from '../src/db/schema.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';

const SAVE = '/manager/api/order/save';
const DETAIL = '/manager/api/order/detail';
const CHECK_IN = '/manager/api/order/check_in';
const UPDATE_UNIONS = '/manager/api/order/update_unions';
const STATS = '/manager/api/order/today_stats';
const PACKAGES = '/manager/api/package/list';
const SEARCH = '/manager/api/customer/search';

/** A valid GB 11643 number: region, birthday, a sequence whose last digit is odd for a man. */
function idNumber(birthday: string, sequence: string): string {
  const first17 = `110105${birthday.replaceAll('-', '')}${sequence}`;
  return `${first17}${idNumberCheckChar(first17)}`;
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  let chief: ReturnType<typeof callerFor>;
  const unionId = new Map<string, number>();
  const packageId = new Map<string, number>();

  const person = (overrides: Record<string, string | number> = {}) => ({
    cust_name: '王建国',
    sex: '1',
    birthday: '1990-03-15',
    cust_id_card: idNumber('1990-03-15', '013'),
    phone: '13800138000',
    exam_type: 'health',
    exam_date: '2026-12-01',
    ...overrides,
  });
  const ids = (...codes: string[]) => JSON.stringify(codes.map((c) => unionId.get(c)!));

  beforeAll(async () => {
    await addStaff(db(), 'reg_clerk', '登记员甲');
    await addStaff(db(), 'reg_chief', '主任乙', '1');
    clerk = callerFor(server, await tokenFor(server, 'reg_clerk'));
    chief = callerFor(server, await tokenFor(server, 'reg_chief'));
    for (const u of await db().select({ id: unions.id, code: unions.unionCode }).from(unions))
      unionId.set(u.code, u.id);
    for (const p of await db().select({ id: packages.id, code: packages.packageCode }).from(packages))
      packageId.set(p.code, p.id);
  });

  describe('order save', () => {
    it('registers a package with extras: one order, its unions and departments, priced with two decimals', async () => {
      const res = await clerk.post(SAVE, {
        ...person(),
        package_id: packageId.get('RZTJ')!,
        union_ids: ids('JZXCC', 'KFXT'),
      });

      expect(res.json()).toMatchObject({ status: 200, data: { status: 'registered', total_price: '286.00' } });
      const orderId = res.json().data.order_id as string;
      expect(orderId).toMatch(/^20261201\d{6}$/);
      const rows = await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId));
      expect(rows.filter((r) => r.origin === 'package')).toHaveLength(9);
      expect(
        rows
          .filter((r) => r.origin === 'extra')
          .map((r) => r.unionId)
          .sort(),
      ).toEqual([unionId.get('JZXCC')!, unionId.get('KFXT')!].sort());
      const depts = await db().select().from(orderDepts).where(eq(orderDepts.orderId, orderId));
      expect(depts.map((d) => d.deptId).sort()).toEqual([...new Set(rows.map((r) => r.deptId))].sort());
      expect(await db().select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId))).toMatchObject([
        { fromStatus: null, toStatus: 'registered' },
      ]);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order_register'), eq(auditLog.target, orderId)));
      expect(audits).toHaveLength(1);
    });

    it('finds a returning examinee by ID number instead of adding a second one', async () => {
      const id = idNumber('1985-07-20', '024');
      const first = await clerk.post(SAVE, {
        ...person({ cust_name: '李秀英', sex: '2', birthday: '1985-07-20', cust_id_card: id }),
        union_ids: ids('XCG'),
      });
      const again = await clerk.post(SAVE, {
        ...person({ cust_name: '李秀英', sex: '2', birthday: '1985-07-20', cust_id_card: id, phone: '13900139000' }),
        exam_date: '2026-12-08',
        union_ids: ids('NCG'),
      });

      expect(again.json().data.customer_id).toBe(first.json().data.customer_id);
      expect(again.json().data.order_id).not.toBe(first.json().data.order_id);
      const [row] = await db()
        .select()
        .from(customers)
        .where(eq(customers.custIdCardHash, testPersonalData.idCardLookup(id)));
      expect(testPersonalData.openIdentity(row!).phone).toBe('13900139000');
    });

    it.each<[string, { package_id?: string; union_ids: string[] }, string]>([
      [
        'a union the package already holds',
        { package_id: 'RZTJ', union_ids: ['XCG'] },
        '组合项目「血常规」已选择，不能重复选择',
      ],
      [
        'a union excluded by one of the package',
        { package_id: 'RZTJ', union_ids: ['XBCT'] },
        '组合项目「胸部CT」与已选的「胸部DR」互斥，不能同时选择',
      ],
      ['a union for the other sex', { union_ids: ['RXCC'] }, '组合项目「乳腺彩超」与体检者性别不符，不能选择'],
      [
        // Issue 19: asked, not refused; without the clerk's confirmation nothing is written.
        'a package for the other sex, unconfirmed',
        { package_id: 'JCTJ-F', union_ids: [] },
        '套餐「基础体检套餐(女)」与体检者性别不符，请确认后再登记',
      ],
      ['neither a package nor a union', { union_ids: [] }, '请选择套餐或项目'],
    ])('refuses %s and writes nothing', async (_title, choice, msg) => {
      const name = `拒绝${msg.length}${choice.union_ids.length}`;
      const res = await clerk.post(SAVE, {
        ...person({ cust_name: name, cust_id_card: '' }),
        ...(choice.package_id ? { package_id: packageId.get(choice.package_id)! } : {}),
        union_ids: ids(...choice.union_ids),
      });

      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
      expect(await db().select().from(customers).where(eq(customers.custName, name))).toHaveLength(0);
    });

    it('refuses an ID number that disagrees with the sex, or fails its check digit', async () => {
      const wrongSex = await clerk.post(SAVE, { ...person({ sex: '2' }), union_ids: ids('XCG') });
      expect(wrongSex.json().msg).toBe('性别与身份证号码不符，请核对');

      const badDigit = await clerk.post(SAVE, {
        ...person({ cust_id_card: '110105199003150131' }),
        union_ids: ids('XCG'),
      });
      expect(badDigit.json().msg).toBe('错误的身份证号码，请核对！');
    });

    it('refuses a phone number that is neither an 11-digit mobile nor a landline with area code', async () => {
      const res = await clerk.post(SAVE, {
        ...person({ cust_name: '短号码', cust_id_card: '', phone: '1381234' }),
        union_ids: ids('XCG'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('电话号码格式不正确，请输入11位手机号或带区号的固定电话（如 010-12345678）');
      expect(await db().select().from(customers).where(eq(customers.custName, '短号码'))).toHaveLength(0);

      const landline = await clerk.post(SAVE, {
        ...person({ cust_name: '座机', cust_id_card: '', phone: '0571-87654321' }),
        union_ids: ids('XCG'),
      });
      expect(landline.json().status).toBe(200);
    });

    it('refuses to register a returning confidential examinee for a clerk without the right', async () => {
      const id = idNumber('1966-06-06', '071');
      const first = await chief.post(SAVE, {
        ...person({ cust_name: '保密复诊', birthday: '1966-06-06', cust_id_card: id, special_flag: '1' }),
        union_ids: ids('XCG'),
      });
      expect(first.json().status).toBe(200);

      const refused = await clerk.post(SAVE, {
        ...person({ cust_name: '改名', birthday: '1966-06-06', cust_id_card: id }),
        union_ids: ids('XCG'),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe('当前账号没有查看保密人员的权限！');
      const [row] = await db()
        .select()
        .from(customers)
        .where(eq(customers.custIdCardHash, testPersonalData.idCardLookup(id)));
      expect(row!.custName).toBe('保密复诊');
    });

    it('refuses a group that is not of the chosen company', async () => {
      const res = await clerk.post(SAVE, {
        ...person(),
        company_id: 999_999,
        group_id: 999_998,
        union_ids: ids('XCG'),
      });
      expect(res.json().msg).toBe('所选分组不属于该单位');
    });

    it('leaves nothing written when a write fails half-way (one transaction)', async () => {
      const lab = (await db().select({ deptId: unions.deptId }).from(unions).where(eq(unions.unionCode, 'XCG')))[0]!
        .deptId;
      // The examinee, the order and its unions are written before the departments; the last write fails.
      await db().execute(
        sql.raw(`create function refuse_lab_dept() returns trigger language plpgsql as $$
          begin
            if new.dept_id = ${lab} then raise exception 'simulated failure'; end if;
            return new;
          end $$`),
      );
      await db().execute(
        sql.raw(`create trigger refuse_lab_dept before insert on order_depts
          for each row execute function refuse_lab_dept()`),
      );
      const before = await db().select({ n: count() }).from(orders);
      try {
        const res = await clerk.post(SAVE, {
          ...person({ cust_name: '原子性', cust_id_card: idNumber('1970-01-01', '055'), birthday: '1970-01-01' }),
          union_ids: ids('NKJC', 'XCG'),
        });
        expect(res.statusCode).toBe(500);
      } finally {
        await db().execute(sql.raw('drop trigger refuse_lab_dept on order_depts'));
        await db().execute(sql.raw('drop function refuse_lab_dept()'));
      }
      expect(await db().select({ n: count() }).from(orders)).toEqual(before);
      expect(await db().select().from(customers).where(eq(customers.custName, '原子性'))).toHaveLength(0);
    });
  });

  describe('a second visit of the same person on the same day', () => {
    const visitOf = (birthday: string, sequence: string, overrides: Record<string, string | number> = {}) => ({
      ...person({ cust_name: '重复者', birthday, cust_id_card: idNumber(birthday, sequence) }),
      exam_date: '2026-12-03',
      union_ids: ids('XCG'),
      ...overrides,
    });
    const visitsOf = async (idCard: string) =>
      db()
        .select({ orderId: orders.orderId, examDate: orders.examDate })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(customers.custIdCardHash, server.personalData.idCardLookup(idCard)));

    it('asks before registering a second open visit, answering the existing 体检号, and writes nothing', async () => {
      const visit = visitOf('1972-02-02', '013');
      const first = (await clerk.post(SAVE, visit)).json().data;
      expect(first).toMatchObject({ outcome: 'saved', status: 'registered' });
      await clerk.post(CHECK_IN, { order_id: first.order_id });

      const again = await clerk.post(SAVE, { ...visit, union_ids: ids('NCG') });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual({
        outcome: 'duplicate_visit',
        existing: { order_id: first.order_id, exam_date: '2026-12-03', status: 'checked_in' },
      });
      expect(await visitsOf(visit.cust_id_card)).toHaveLength(1);

      const confirmed = (await clerk.post(SAVE, { ...visit, union_ids: ids('NCG'), confirm_duplicate: '1' })).json()
        .data;
      expect(confirmed).toMatchObject({ outcome: 'saved', customer_id: first.customer_id });
      expect(confirmed.order_id).not.toBe(first.order_id);
      expect(await visitsOf(visit.cust_id_card)).toHaveLength(2);
    });

    it('does not ask for another day, nor when the visit of that day has its report printed', async () => {
      const visit = visitOf('1973-03-03', '013');
      await clerk.post(SAVE, visit);
      const otherDay = (await clerk.post(SAVE, { ...visit, exam_date: '2026-12-04' })).json().data;
      expect(otherDay.outcome).toBe('saved');

      const idCard = idNumber('1974-04-04', '013');
      await addOrder(db(), { status: 'report_printed', idCard, examDate: '2026-12-03' });
      const afterReport = (await clerk.post(SAVE, visitOf('1974-04-04', '013'))).json().data;
      expect(afterReport.outcome).toBe('saved');
    });

    it('refuses what is wrong before asking about a duplicate', async () => {
      const visit = visitOf('1975-05-05', '013');
      await clerk.post(SAVE, visit);
      const refused = await clerk.post(SAVE, { ...visit, union_ids: ids() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('请选择套餐或项目');
    });

    it('lets only one of two clerks registering the same person at once through without a question', async () => {
      const visit = visitOf('1976-06-06', '013');
      const other = callerFor(server, await tokenFor(server, 'reg_chief'));
      const answers = await Promise.all([clerk.post(SAVE, visit), other.post(SAVE, visit)]);
      expect(answers.map((a) => a.json().data.outcome).sort()).toEqual(['duplicate_visit', 'saved']);
      expect(await visitsOf(visit.cust_id_card)).toHaveLength(1);
      const customersWithId = await db()
        .select()
        .from(customers)
        .where(eq(customers.custIdCardHash, server.personalData.idCardLookup(visit.cust_id_card)));
      expect(customersWithId).toHaveLength(1);
    });
  });

  describe('团检: the group chosen decides the package and who pays', () => {
    const group: Record<string, number> = {};
    let companyId: number;

    beforeAll(async () => {
      const [company] = await db()
        .insert(companies)
        .values({ companyName: '登记测试单位' })
        .returning({ id: companies.id });
      companyId = company!.id;
      const rows = await db()
        .insert(companyGroups)
        .values([
          { companyId, groupName: '统收组', packageId: packageId.get('JKZ')!, payMode: 'company' },
          { companyId, groupName: '自费组', packageId: packageId.get('JKZ')!, payMode: 'self' },
          { companyId, groupName: '自选组', payMode: 'company' },
        ])
        .returning({ id: companyGroups.id, name: companyGroups.groupName });
      for (const row of rows) group[row.name] = row.id;
    });

    const member = (groupName: string, overrides: Record<string, string | number> = {}) => ({
      ...person({ cust_name: `团检${groupName}`, cust_id_card: '' }),
      company_id: companyId,
      group_id: group[groupName]!,
      ...overrides,
    });
    const linesOf = async (orderId: string) =>
      (await clerk.get(DETAIL, { order_id: orderId })).json().data as {
        package: { package_name: string } | null;
        group_pay_mode: string | null;
        depts: { unions: { union_name: string; origin: string; pay_mode: string }[] }[];
      };

    it("registers the group's package, the company paying for it (统收) and the examinee for extras", async () => {
      const saved = (await clerk.post(SAVE, member('统收组', { union_ids: ids('XCG') }))).json().data;
      expect(saved).toMatchObject({ outcome: 'saved', total_price: '120.00' });
      const detail = await linesOf(saved.order_id);
      expect(detail.package?.package_name).toBe('健康证体检套餐');
      expect(detail.group_pay_mode).toBe('company');
      const lines = detail.depts.flatMap((d) => d.unions);
      expect(lines.filter((u) => u.origin === 'package').every((u) => u.pay_mode === 'company')).toBe(true);
      expect(lines.filter((u) => u.origin === 'extra')).toMatchObject([{ union_name: '血常规', pay_mode: 'self' }]);
      const [row] = await db().select().from(orders).where(eq(orders.orderId, saved.order_id));
      expect(row).toMatchObject({ packageId: packageId.get('JKZ'), companyId, groupId: group['统收组'] });
    });

    it('has a 自费 group pay for its own package', async () => {
      const saved = (await clerk.post(SAVE, member('自费组'))).json().data;
      const detail = await linesOf(saved.order_id);
      expect(detail.group_pay_mode).toBe('self');
      expect(detail.depts.flatMap((d) => d.unions).every((u) => u.pay_mode === 'self')).toBe(true);
    });

    it("refuses another package than the group's, and leaves the choice to the clerk in a group without one", async () => {
      const other = await clerk.post(SAVE, member('统收组', { package_id: packageId.get('RZTJ')! }));
      expect(other.statusCode).toBe(400);
      expect(other.json().msg).toBe('该分组的套餐为「健康证体检套餐」，不能选择其他套餐');

      const free = (await clerk.post(SAVE, member('自选组', { package_id: packageId.get('RZTJ')! }))).json().data;
      const detail = await linesOf(free.order_id);
      expect(detail.package?.package_name).toBe('入职体检套餐');
      const lines = detail.depts.flatMap((d) => d.unions);
      expect(lines.every((u) => u.pay_mode === (u.origin === 'package' ? 'company' : 'self'))).toBe(true);
    });

    it('keeps an individual registration 自费 throughout', async () => {
      const saved = (
        await clerk.post(SAVE, { ...person({ cust_name: '个人自费', cust_id_card: '' }), union_ids: ids('XCG') })
      ).json().data;
      const detail = await linesOf(saved.order_id);
      expect(detail.group_pay_mode).toBeNull();
      expect(detail.depts.flatMap((d) => d.unions).every((u) => u.pay_mode === 'self')).toBe(true);
    });
  });

  describe('order detail, check-in and extras', () => {
    let orderId: string;

    beforeAll(async () => {
      const res = await clerk.post(SAVE, {
        ...person({ cust_name: '赵详情', cust_id_card: idNumber('1988-08-08', '037'), birthday: '1988-08-08' }),
        package_id: packageId.get('JKZ')!,
        union_ids: ids('XCG'),
      });
      orderId = res.json().data.order_id;
    });

    it('answers the unions grouped by department in exam order, with prices and specimens', async () => {
      const res = await clerk.get(DETAIL, { order_id: orderId });

      const data = res.json().data;
      expect(data).toMatchObject({ order_id: orderId, status: 'registered', total_price: '120.00' });
      expect(data.package).toMatchObject({ package_name: '健康证体检套餐', price: '100.00' });
      expect(data.customer).toMatchObject({ cust_name: '赵详情', age: 38, sex: '1' });
      const lab = data.depts.find((d: { dept_name: string }) => d.dept_name === '检验科');
      expect(lab.unions.map((u: { union_name: string }) => u.union_name).sort()).toEqual(['肝功能二项', '血常规']);
      expect(lab.unions.find((u: { union_name: string }) => u.union_name === '血常规')).toMatchObject({
        price: '20.00',
        origin: 'extra',
        specimen: 'blood',
      });
      const names = data.depts.map((d: { dept_name: string }) => d.dept_name);
      expect(new Set(names).size).toBe(names.length);
    });

    it('refuses a confidential examinee to a user without special_flag and audits an allowed look', async () => {
      const secret = await clerk.post(SAVE, {
        ...person({ cust_name: '保密者', cust_id_card: '', special_flag: '1' }),
        union_ids: ids('XCG'),
      });
      const secretId = secret.json().data.order_id as string;

      const refused = await clerk.get(DETAIL, { order_id: secretId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe('当前账号没有查看保密人员的权限！');

      const allowed = await chief.get(DETAIL, { order_id: secretId });
      expect(allowed.json().data.customer.cust_name).toBe('保密者');
      const audits = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(
          and(eq(auditLog.target, secretId), inArray(auditLog.action, ['confidential_denied', 'confidential_access'])),
        );
      expect(audits.map((a) => a.action).sort()).toEqual(['confidential_access', 'confidential_denied']);
    });

    it('replaces the extras of a registered order and prices it again', async () => {
      const res = await clerk.post(UPDATE_UNIONS, { order_id: orderId, union_ids: ids('NCG', 'XDT') });
      expect(res.json().data).toEqual({ order_id: orderId, total_price: '135.00' });
      const extras = await db()
        .select({ unionId: orderUnions.unionId })
        .from(orderUnions)
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.origin, 'extra')));
      expect(extras.map((e) => e.unionId).sort()).toEqual([unionId.get('NCG')!, unionId.get('XDT')!].sort());
    });

    it('checks the examinee in once, through the status machine', async () => {
      const res = await clerk.post(CHECK_IN, { order_id: orderId });
      expect(res.json().data).toEqual({ order_id: orderId, status: 'checked_in' });
      expect(await orderStatus(db(), orderId)).toBe('checked_in');

      const again = await clerk.post(CHECK_IN, { order_id: orderId });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('订单当前状态为「已报到」，不能报到');
    });

    it("queues a checked-in examinee of today in every department of the visit, and takes a removed one's out", async () => {
      const saved = await clerk.post(SAVE, {
        ...person({ cust_name: '排队甲', cust_id_card: idNumber('1985-05-05', '051'), birthday: '1985-05-05' }),
        exam_date: todayCst(),
        union_ids: ids('XCG', 'XDT'),
      });
      const visit = saved.json().data.order_id as string;
      const deptsOf = async () =>
        (await db().select({ deptId: orderDepts.deptId }).from(orderDepts).where(eq(orderDepts.orderId, visit)))
          .map((d) => d.deptId)
          .sort();
      const queued = async () =>
        (
          await db()
            .select({ deptId: queueEntries.deptId, status: queueEntries.status })
            .from(queueEntries)
            .where(eq(queueEntries.orderId, visit))
        ).sort((a, b) => a.deptId - b.deptId);
      const both = await deptsOf();
      expect(both).toHaveLength(2);
      expect(await queued()).toEqual([]);

      await clerk.post(CHECK_IN, { order_id: visit });
      // Nobody has read a queue: the check-in enrolled the examinee.
      expect(await queued()).toEqual(both.map((deptId) => ({ deptId, status: 'waiting' })));

      await clerk.post(UPDATE_UNIONS, { order_id: visit, union_ids: ids('XCG') });
      const [kept] = await deptsOf();
      expect(await queued()).toEqual(both.map((deptId) => ({ deptId, status: deptId === kept ? 'waiting' : 'done' })));
    });

    it('no longer changes the extras once the examination has begun', async () => {
      const busy = await addOrder(db(), { status: 'in_exam' });
      const res = await clerk.post(UPDATE_UNIONS, { order_id: busy, union_ids: ids('NCG') });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('订单当前状态为「检查中」，不能修改项目');
    });
  });

  describe('catalogue, search, fingerprint and numbers', () => {
    it('lists the packages a man may have, each with its unions and their exclusions', async () => {
      const list = (await clerk.get(PACKAGES, { sex: '1' })).json().data as {
        package_code: string;
        unions: { union_code: string; mutex_union_ids: number[] }[];
      }[];
      expect(list.map((p) => p.package_code)).not.toContain('JCTJ-F');
      const entry = list.find((p) => p.package_code === 'RZTJ')!;
      expect(entry.unions.find((u) => u.union_code === 'XBDR')!.mutex_union_ids).toEqual([unionId.get('XBCT')]);
    });

    it('finds a returning examinee by ID number, hiding a confidential one from a clerk', async () => {
      const id = idNumber('1979-09-09', '041');
      await clerk.post(SAVE, {
        ...person({ cust_name: '钱复诊', birthday: '1979-09-09', cust_id_card: id }),
        union_ids: ids('XCG'),
      });
      const found = (await clerk.get(SEARCH, { key: id })).json().data;
      expect(found).toMatchObject([
        { cust_name: '钱复诊', cust_id_card: id, restricted: false, last_exam_date: '2026-12-01' },
      ]);

      const hidden = (await clerk.get(SEARCH, { key: '保密者' })).json().data;
      expect(hidden[0]).toMatchObject({ cust_name: '***', cust_id_card: null, restricted: true });
    });

    it('stores a fingerprint template and reads it back for comparison', async () => {
      const [c] = await db()
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.custName, '王建国'))
        .limit(1);
      const saved = await clerk.post('/manager/api/customer/save_fingerprint', {
        customer_id: c!.id,
        fingerprint_template: 'TPL-123',
      });
      expect(saved.json().status).toBe(200);
      const read = (await clerk.get('/manager/api/customer/fingerprint_template', { customer_id: c!.id })).json().data;
      expect(read).toMatchObject({ customer_id: c!.id, fingerprint_template: 'TPL-123' });
      expect(read.fingerprint_collection_time).not.toBeNull();
    });

    it("counts the day's visits by stage reached and each department's progress", async () => {
      const day = '2026-12-09';
      await addOrder(db(), { status: 'registered', examDate: day });
      await addOrder(db(), { status: 'checked_in', examDate: day });
      await addOrder(db(), { status: 'final_trial', examDate: day });
      await addOrder(db(), { status: 'report_printed', examDate: day });
      const res = await clerk.post(SAVE, {
        ...person({ cust_name: '统计', cust_id_card: '', exam_date: day }),
        union_ids: ids('XCG', 'NKJC'),
      });
      expect(res.json().status).toBe(200);

      const stats = (await clerk.get(STATS, { date: day })).json().data;
      expect(stats).toMatchObject({
        date: day,
        registered: 5,
        checked_in: 3,
        in_exam: 2,
        depts_done: 2,
        reviewed: 2,
        report_printed: 1,
      });
      expect(stats.depts).toEqual(
        expect.arrayContaining([expect.objectContaining({ dept_name: '检验科', waiting: 1, entered: 0, signed: 0 })]),
      );
    });
  });
});
