import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  GROUP_LIST_COLUMNS,
  GROUP_LIST_MESSAGES as MSG,
  groupListDetailRoute,
  groupListImportRoute,
  groupListOrdersRoute,
  groupListPrepareRoute,
  groupListProgressRoute,
  groupListReportRoute,
  groupListTemplateRoute,
  groupPersonsRoute,
  ID_NUMBER_ERROR,
  idNumberCheckChar,
  PHONE_ERROR,
} from '@checkup/api-contract';
import {
  auditLog,
  companies,
  companyGroups,
  customers,
  groupOrders,
  groupPersons,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  packageUnions,
  packages,
  unions,
} from '../src/db/schema.js';
import { PersonalData } from '../src/modules/people/personal-data.js';
import { resealPersonalData } from '../src/modules/people/personal-data-rewrite.js';
import { staffSession } from './support/access.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, callerFor } from './support/domain.js';

/** A valid 18-digit ID number: born on `birthday`, odd sequence for a man. */
let sequence = 100;
function idFor(birthday: string, sex: '1' | '2') {
  sequence += 2;
  const seq = String(sex === '1' ? sequence + 1 : sequence).padStart(3, '0');
  const body = `110105${birthday.replaceAll('-', '')}${seq}`;
  return body + idNumberCheckChar(body);
}

/** An ID number whose check character is wrong. */
const BAD_ID = (() => {
  const id = idFor('1990-04-01', '1');
  return id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
})();

type Row = Partial<Record<(typeof GROUP_LIST_COLUMNS.occupational)[number]['key'], string>>;

async function workbook(rows: Row[], kind: 'health' | 'occupational' = 'health') {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('名单');
  const columns = GROUP_LIST_COLUMNS[kind];
  sheet.addRow(columns.map((c) => c.title));
  for (const row of rows) sheet.addRow(columns.map((c) => row[c.key] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function multipart(file: Buffer) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)]), '名单.xlsx');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** 名单导入 and 预登记 (issue 22, breadth §1.2, §2.7). */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let keeper: ReturnType<typeof callerFor>;
  let reader: ReturnType<typeof callerFor>;
  let stranger: ReturnType<typeof callerFor>;
  let companyId = 0;
  let packageId = 0;
  const unionIds: number[] = [];
  let serial = 0;

  const upload = async (caller: ReturnType<typeof callerFor>, orderId: number, file: Buffer) => {
    const body = await multipart(file);
    return server.app.inject({
      method: 'POST',
      url: `${groupListImportRoute.path}?id=${orderId}`,
      payload: body.payload,
      headers: { 'content-type': body.type, 'x-checkup-token': caller.token },
    });
  };

  /** The task's progress once it has finished (the import and 预登记 run in the background). */
  const finished = async (ticket: string) => {
    for (;;) {
      const data = (await keeper.get(groupListProgressRoute.path, { ticket })).json().data;
      if (data.phase === 'done' || data.phase === 'failed') return data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** Uploads a list and answers the import's outcome. */
  const importFile = async (orderId: number, file: Buffer) => {
    const res = await upload(keeper, orderId, file);
    expect(res.statusCode).toBe(200);
    const progress = await finished(res.json().data.ticket);
    expect(progress.phase).toBe('done');
    return progress.imported;
  };

  type GroupSpec = Partial<typeof companyGroups.$inferInsert> & { groupName: string };
  async function addOrder(groups: GroupSpec[], state: { approvalState?: string; closed?: boolean } = {}) {
    serial += 1;
    const [order] = await db()
      .insert(groupOrders)
      .values({
        orderNo: `TD-T${serial}-${Date.now() % 100000}`,
        orderName: `导入测试订单${serial}`,
        companyId,
        planFrom: '2026-12-01',
        planTo: '2026-12-31',
        approvalState: state.approvalState ?? 'approved',
        closed: state.closed ?? false,
      })
      .returning({ id: groupOrders.id });
    const ids: number[] = [];
    for (const g of groups) {
      const [row] = await db()
        .insert(companyGroups)
        .values({ companyId, groupOrderId: order!.id, packageId, ...g })
        .returning({ id: companyGroups.id });
      ids.push(row!.id);
    }
    return { id: order!.id, groups: ids };
  }

  const personsOf = (orderId: number) => db().select().from(groupPersons).where(eq(groupPersons.groupOrderId, orderId));

  beforeAll(async () => {
    keeper = callerFor(server, await staffSession(db(), 'gl_keeper', ['crm/group_list_import_detail']));
    reader = callerFor(server, await staffSession(db(), 'gl_reader', ['crm/group_list_import']));
    stranger = callerFor(server, await staffSession(db(), 'gl_stranger', ['crm/cmp_arch']));
    const [company] = await db().insert(companies).values({ companyName: '名单导入测试单位' }).returning();
    companyId = company!.id;
    const { deptId } = await addDept(db(), '导入测试科');
    const { deptId: deptB } = await addDept(db(), '导入测试科二');
    for (const [code, price, dept] of [
      ['GLT-A', '30.00', deptId],
      ['GLT-B', '30.00', deptB],
      ['GLT-C', '50.00', deptId],
    ] as const) {
      const [u] = await db()
        .insert(unions)
        .values({ unionCode: code, unionName: `导入项目${code}`, deptId: dept, price })
        .returning({ id: unions.id });
      unionIds.push(u!.id);
    }
    const [pkg] = await db()
      .insert(packages)
      .values({ packageCode: 'GLT-PKG', packageName: '导入测试套餐', price: '105.00' })
      .returning({ id: packages.id });
    packageId = pkg!.id;
    await db()
      .insert(packageUnions)
      .values(unionIds.map((unionId) => ({ packageId, unionId })));
  });

  const MAN = '1990-04-01';
  const OLD = '1960-02-03';
  const WOMAN = '1995-06-07';

  describe('import', () => {
    it('checks every row, matches by 组类, sex, marital, age and priority, and reports the rest per row', async () => {
      const order = await addOrder([
        { groupName: '男职工组', groupCode: 'M', genderLimit: '1', priority: 10, price: '100.00' },
        { groupName: '女未婚组', genderLimit: '2', maritalLimit: '2', priority: 5 },
        { groupName: '女已婚组', genderLimit: '2', maritalLimit: '1', priority: 5 },
        { groupName: '老年组', ageFrom: 50, priority: 20, payMode: 'self' },
        { groupName: '暂停组', groupCode: 'X', paused: true },
        { groupName: '同类一', groupCode: 'T', genderLimit: '1', priority: 1 },
        { groupName: '同类二', groupCode: 'T', genderLimit: '1', priority: 1 },
      ]);
      const [male, unmarried, married, old, , t1] = order.groups;
      const man = idFor(MAN, '1');
      const rows: Row[] = [
        { cust_name: '张男', id_card: man, phone: '13812345678', dept_name: '生产部' },
        { cust_name: '李老', id_card: idFor(OLD, '1'), sex: '男' },
        { cust_name: '王未婚', id_card: idFor(WOMAN, '2'), marital: '未婚' },
        { cust_name: '赵已婚', id_card: idFor(WOMAN, '2'), marital: '已婚', birthday: WOMAN },
        { cust_name: '钱无婚', id_card: idFor(WOMAN, '2') },
        { cust_name: '孙暂停', id_card: idFor(MAN, '1'), group_code: 'X' },
        { cust_name: '周同类', id_card: idFor(MAN, '1'), group_code: 'T' },
        { cust_name: '吴无类', id_card: idFor(MAN, '1'), group_code: 'ZZ' },
        { cust_name: '郑错号', id_card: BAD_ID },
        { cust_name: '冯性别', id_card: idFor(MAN, '1'), sex: '女' },
        { cust_name: '陈生日', id_card: idFor(MAN, '1'), birthday: '1990-04-02' },
        { cust_name: '褚电话', id_card: idFor(MAN, '1'), phone: '12345' },
        { cust_name: '', id_card: idFor(MAN, '1') },
        { cust_name: '张男重复', id_card: man.toLowerCase() },
        { cust_name: '卫婚姻', id_card: idFor(MAN, '1'), marital: '离异' },
        { cust_name: '蒋男二', id_card: idFor(MAN, '1'), group_code: 'M' },
      ];
      const res = await upload(keeper, order.id, await workbook(rows));
      const ticket = res.json().data.ticket as string;
      const progress = await finished(ticket);
      expect(progress).toMatchObject({ phase: 'done', done: 6, total: 6, error: null, prepared: null });
      const data = progress.imported;
      expect(data).toMatchObject({ total: 16, imported: 6, updated: 0, failed: 10 });
      expect(data.errors).toEqual([
        { line: 6, name: '钱无婚', reason: MSG.noGroup },
        { line: 7, name: '孙暂停', reason: MSG.pausedCode('X') },
        { line: 9, name: '吴无类', reason: MSG.noCode('ZZ') },
        { line: 10, name: '郑错号', reason: ID_NUMBER_ERROR },
        { line: 11, name: '冯性别', reason: MSG.sexMismatch },
        { line: 12, name: '陈生日', reason: MSG.birthdayMismatch },
        { line: 13, name: '褚电话', reason: MSG.phone },
        { line: 14, name: '', reason: MSG.required('姓名') },
        { line: 15, name: '张男重复', reason: MSG.duplicate(2) },
        { line: 16, name: '卫婚姻', reason: MSG.marital },
      ]);
      expect(PHONE_ERROR).not.toBe(MSG.phone);
      const byName = new Map((await personsOf(order.id)).map((p) => [p.custName, p]));
      expect(byName.get('张男')!.groupId).toBe(male);
      expect(byName.get('李老')!.groupId).toBe(old);
      expect(byName.get('王未婚')!.groupId).toBe(unmarried);
      expect(byName.get('赵已婚')!.groupId).toBe(married);
      expect(byName.get('周同类')!.groupId).toBe(t1);
      expect(byName.get('蒋男二')!.groupId).toBe(male);
      // Sealed as customers are: no plain number, the keyed hash for look-ups.
      const zhang = byName.get('张男')!;
      expect(zhang.custIdCardEnc).not.toContain(man);
      expect(zhang.custIdCardHash).toBe(testPersonalData.idCardLookup(man));
      expect(testPersonalData.open('customers.phone', zhang.phoneEnc!)).toBe('13812345678');
      expect(zhang.birthday).toBe(MAN);

      // The refused rows, all of them, in a workbook to download.
      const report = await keeper.get(groupListReportRoute.path, { id: data.report_id as number });
      expect(report.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(11);
      expect(sheet.getRow(2).values).toEqual([undefined, 6, '钱无婚', expect.stringContaining('*'), MSG.noGroup]);
      expect(JSON.stringify(sheet.getSheetValues())).not.toContain(BAD_ID);

      // Another account cannot read the task.
      const other = (await reader.get(groupListProgressRoute.path, { ticket })).json().data;
      expect(other).toMatchObject({ phase: null, imported: null });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'group_list_import'), eq(auditLog.userAccount, 'gl_keeper')));
      expect(audit!.detail).toMatchObject({ total: 16, imported: 6, failed: 10 });

      // The lists: the order with its counts, its groups, its people masked and filtered.
      const list = await reader.get(groupListOrdersRoute.path, { key: '导入测试订单' });
      const mine = list.json().data.list.find((o: { id: number }) => o.id === order.id);
      expect(mine).toMatchObject({ person_count: 6, prepared_count: 0, company_name: '名单导入测试单位' });
      const detail = (await reader.get(groupListDetailRoute.path, { id: order.id })).json().data;
      expect(detail.groups[0]).toMatchObject({ group_name: '老年组', person_count: 1 });
      const people = (await reader.get(groupPersonsRoute.path, { id: order.id, group_id: male! })).json().data;
      expect(people.total).toBe(2);
      expect(people.list[0].id_card).toMatch(/^110105\*+\d{3}[\dX]$/);
      expect(people.list[0].phone).toBe('138****5678');
      const found = (await reader.get(groupPersonsRoute.path, { id: order.id, key: '王' })).json().data;
      expect(found.list.map((p: { cust_name: string }) => p.cust_name)).toEqual(['王未婚']);
    });

    it('reads the occupational template with its exposure columns', async () => {
      const order = await addOrder([{ groupName: '接害组', examType: 'occupational' }]);
      const rows: Row[] = [
        {
          cust_name: '职业甲',
          id_card: idFor(MAN, '1'),
          job_name: '焊工',
          harm_factors: '噪声、电焊烟尘',
          work_start: '2010-3-1',
          total_months: '180',
          harm_months: '120',
        },
        { cust_name: '职业乙', id_card: idFor(MAN, '1'), harm_months: '十年' },
      ];
      const data = await importFile(order.id, await workbook(rows, 'occupational'));
      expect(data).toMatchObject({ imported: 1, failed: 1 });
      expect(data.errors[0]).toEqual({ line: 3, name: '职业乙', reason: MSG.months('接害工龄(月)') });
      const [person] = await personsOf(order.id);
      expect(person).toMatchObject({
        jobName: '焊工',
        harmFactors: ['噪声', '电焊烟尘'],
        workYears: { work_start: '2010-03-01', total_months: '180', harm_months: '120' },
      });
      // A health list finds no group of the occupational type.
      const health = await importFile(order.id, await workbook([{ cust_name: '健康丙', id_card: idFor(MAN, '1') }]));
      expect(health.errors[0].reason).toBe(MSG.noGroup);
    });

    it('refuses a closed order and one not approved, writing nothing', async () => {
      const file = await workbook([{ cust_name: '关单', id_card: idFor(MAN, '1') }]);
      const closed = await addOrder([{ groupName: '组' }], { closed: true });
      const draft = await addOrder([{ groupName: '组' }], { approvalState: 'submitted' });
      expect((await upload(keeper, closed.id, file)).json()).toMatchObject({ msg: MSG.closed });
      expect((await upload(keeper, draft.id, file)).json()).toMatchObject({ msg: MSG.notApproved });
      expect(await personsOf(closed.id)).toHaveLength(0);
      expect(await personsOf(draft.id)).toHaveLength(0);
      const list = (await reader.get(groupListOrdersRoute.path, { size: 200 })).json().data.list;
      expect(list.map((o: { id: number }) => o.id)).not.toContain(closed.id);
      expect(list.map((o: { id: number }) => o.id)).not.toContain(draft.id);
    });

    it('refuses a file that is not a list and one without its required columns', async () => {
      const order = await addOrder([{ groupName: '组' }]);
      const book = new ExcelJS.Workbook();
      book.addWorksheet('x').addRow(['姓名', '电话']);
      const res = await upload(keeper, order.id, Buffer.from(await book.xlsx.writeBuffer()));
      expect(await finished(res.json().data.ticket)).toMatchObject({
        phase: 'failed',
        error: '导入文件缺少列：身份证号',
      });
      const broken = await upload(keeper, order.id, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]));
      expect((await finished(broken.json().data.ticket)).error).toBe(
        '无法读取该Excel文件，请使用下载的导入模板（.xlsx）',
      );
      expect(await personsOf(order.id)).toHaveLength(0);
    });

    it('updates a person imported again while they have no visit, and reports those with one', async () => {
      const order = await addOrder([{ groupName: '全员组' }]);
      const a = idFor(MAN, '1');
      const b = idFor(MAN, '1');
      await importFile(
        order.id,
        await workbook([
          { cust_name: '甲', id_card: a },
          { cust_name: '乙', id_card: b },
        ]),
      );
      const [first] = (await personsOf(order.id)).filter((p) => p.custName === '甲');
      await prepare(order.id, [first!.id]);
      const again = await importFile(
        order.id,
        await workbook([
          { cust_name: '甲改', id_card: a },
          { cust_name: '乙改', id_card: b },
        ]),
      );
      expect(again).toMatchObject({ imported: 0, updated: 1, failed: 1 });
      expect(again.errors).toEqual([{ line: 2, name: '甲改', reason: MSG.prepared }]);
      const names = (await personsOf(order.id)).map((p) => p.custName).sort();
      expect(names).toEqual(['乙改', '甲']);
    });

    it('serves both templates and refuses callers without the screens', async () => {
      for (const kind of ['health', 'occupational'] as const) {
        const res = await reader.get(groupListTemplateRoute.path, { kind });
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(book.worksheets[0]!.getRow(1).values).toEqual([
          undefined,
          ...GROUP_LIST_COLUMNS[kind].map((c) => c.title),
        ]);
      }
      const order = await addOrder([{ groupName: '组' }]);
      const file = await workbook([{ cust_name: '权限', id_card: idFor(MAN, '1') }]);
      expect((await upload(stranger, order.id, file)).statusCode).toBe(403);
      expect((await stranger.get(groupListOrdersRoute.path)).statusCode).toBe(403);
      expect((await stranger.get(groupListTemplateRoute.path, { kind: 'health' })).statusCode).toBe(403);
      expect((await stranger.post(groupListPrepareRoute.path, { id: order.id })).statusCode).toBe(403);
      expect((await stranger.get(groupListReportRoute.path, { id: 1 })).statusCode).toBe(403);
      expect((await stranger.get(groupListProgressRoute.path, { ticket: 'abcdefghijkl' })).statusCode).toBe(403);
      expect(await personsOf(order.id)).toHaveLength(0);
    });
  });

  const prepare = async (orderId: number, personIds?: number[]) => {
    const res = await keeper.post(groupListPrepareRoute.path, {
      id: orderId,
      ...(personIds ? { person_ids: JSON.stringify(personIds) } : {}),
    });
    expect(res.statusCode).toBe(200);
    const progress = await finished(res.json().data.ticket);
    expect(progress.phase).toBe('done');
    return progress.prepared as { prepared: number; refused: { person_id: number; name: string; reason: string }[] };
  };

  describe('预登记', () => {
    it('gives each person a prepared visit priced like a registration, exact to the fen', async () => {
      const order = await addOrder([
        { groupName: '统收组', genderLimit: '1', priority: 5, price: '100.00' },
        { groupName: '自费组', genderLimit: '2', payMode: 'self' },
      ]);
      const [company, self] = order.groups;
      const man = idFor(MAN, '1');
      await importFile(
        order.id,
        await workbook([
          { cust_name: '统收者', id_card: man, phone: '13900001111' },
          { cust_name: '自费者', id_card: idFor(WOMAN, '2') },
        ]),
      );
      // An archive of the same person from before: found by ID hash, not created again.
      const [existing] = await db()
        .insert(customers)
        .values({ custName: '统收者', sex: '1', birthday: MAN, ...testPersonalData.sealIdentity({ idCard: man }) })
        .returning({ id: customers.id });
      const outcome = await prepare(order.id);
      expect(outcome).toEqual({ prepared: 2, refused: [] });
      const people = await personsOf(order.id);
      const visitOf = async (name: string) => {
        const person = people.find((p) => p.custName === name)!;
        const [visit] = await db().select().from(orders).where(eq(orders.orderId, person.orderId!));
        const lines = await db().select().from(orderUnions).where(eq(orderUnions.orderId, person.orderId!));
        return { visit: visit!, lines: new Map(lines.map((l) => [l.unionId, l])) };
      };
      const a = await visitOf('统收者');
      expect(a.visit).toMatchObject({
        status: 'prepared',
        customerId: existing!.id,
        packageId,
        companyId,
        groupId: company,
        totalPrice: '100.00',
        examType: 'health',
      });
      expect(a.visit.orderId).toMatch(/^\d{14}$/);
      // 100.00 over 30 + 30 + 50: 27.27, 27.27 and 45.45, the fen left over on the dearest line.
      expect([0, 1, 2].map((i) => a.lines.get(unionIds[i]!)!.price)).toEqual(['27.27', '27.27', '45.46']);
      expect([...a.lines.values()].every((l) => l.payMode === 'company' && l.origin === 'package')).toBe(true);
      const b = await visitOf('自费者');
      // The package's own 105.00: 28.63, 28.63, 47.72 and 0.02 left over on the dearest line.
      expect(b.visit).toMatchObject({ totalPrice: '105.00', groupId: self });
      expect([0, 1, 2].map((i) => b.lines.get(unionIds[i]!)!.price)).toEqual(['28.63', '28.63', '47.74']);
      expect([...b.lines.values()].every((l) => l.payMode === 'self')).toBe(true);
      // A new archive for the second, sealed as at import.
      const [created] = await db().select().from(customers).where(eq(customers.id, b.visit.customerId));
      expect(created!.custIdCardHash).toBe(people.find((p) => p.custName === '自费者')!.custIdCardHash);
      expect(created!.custName).toBe('自费者');
      const depts = await db().select().from(orderDepts).where(eq(orderDepts.orderId, a.visit.orderId));
      expect(depts).toHaveLength(2);
      const log = await db().select().from(orderStatusLog).where(eq(orderStatusLog.orderId, a.visit.orderId));
      expect(log).toMatchObject([{ fromStatus: null, toStatus: 'prepared' }]);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'group_prepare'), eq(auditLog.target, a.visit.orderId)));
      expect(audits).toHaveLength(1);
      // Once only: a second 预登记 finds nobody without a visit.
      expect(await prepare(order.id)).toEqual({ prepared: 0, refused: [] });
      const counts = (await reader.get(groupListOrdersRoute.path, { size: 200 })).json().data.list;
      expect(counts.find((o: { id: number }) => o.id === order.id)).toMatchObject({
        person_count: 2,
        prepared_count: 2,
      });
    });

    it('refuses a paused person, a paused group, one without a group and an invalid ID number, each with a reason', async () => {
      const order = await addOrder([
        { groupName: '甲组', genderLimit: '1' },
        { groupName: '乙组', genderLimit: '2' },
      ]);
      const [menGroup, womenGroup] = order.groups;
      await importFile(
        order.id,
        await workbook([
          { cust_name: '暂停人', id_card: idFor(MAN, '1') },
          { cust_name: '停组人', id_card: idFor(WOMAN, '2') },
          { cust_name: '正常人', id_card: idFor(MAN, '1') },
        ]),
      );
      await db().update(groupPersons).set({ paused: true }).where(eq(groupPersons.custName, '暂停人'));
      await db().update(companyGroups).set({ paused: true }).where(eq(companyGroups.id, womenGroup!));
      await db()
        .insert(groupPersons)
        .values([
          {
            groupOrderId: order.id,
            groupId: null,
            custName: '无组人',
            sex: '1',
            birthday: MAN,
            ...sealed(idFor(MAN, '1')),
          },
          {
            groupOrderId: order.id,
            groupId: menGroup!,
            custName: '错号人',
            sex: '1',
            birthday: MAN,
            ...sealed(BAD_ID),
          },
        ]);
      const outcome = await prepare(order.id);
      expect(outcome.prepared).toBe(1);
      expect(outcome.refused.map((r) => [r.name, r.reason]).sort()).toEqual(
        [
          ['暂停人', '该人员已禁检'],
          ['停组人', '分组「乙组」已禁检'],
          ['无组人', '未分组，不能预登记'],
          ['错号人', '身份证号无效或与性别、出生日期不符'],
        ].sort(),
      );
      const withVisit = await db()
        .select({ name: groupPersons.custName })
        .from(groupPersons)
        .where(and(eq(groupPersons.groupOrderId, order.id), isNotNull(groupPersons.orderId)));
      expect(withVisit).toEqual([{ name: '正常人' }]);
    });

    it('prepares only the chosen people, and refuses on a closed order', async () => {
      const order = await addOrder([{ groupName: '全员' }]);
      await importFile(
        order.id,
        await workbook([
          { cust_name: '选中', id_card: idFor(MAN, '1') },
          { cust_name: '未选', id_card: idFor(MAN, '1') },
        ]),
      );
      const people = await personsOf(order.id);
      const chosen = people.find((p) => p.custName === '选中')!;
      expect(await prepare(order.id, [chosen.id, 999_999])).toEqual({
        prepared: 1,
        refused: [{ person_id: 999_999, name: '', reason: '人员不存在或不属于该订单' }],
      });
      const left = await db()
        .select()
        .from(groupPersons)
        .where(
          and(
            inArray(
              groupPersons.id,
              people.map((p) => p.id),
            ),
            isNotNull(groupPersons.orderId),
          ),
        );
      expect(left.map((p) => p.custName)).toEqual(['选中']);
      await db().update(groupOrders).set({ closed: true }).where(eq(groupOrders.id, order.id));
      const res = await keeper.post(groupListPrepareRoute.path, { id: order.id });
      expect(res.json().msg).toBe(MSG.closedPrepare);
    });
  });

  describe('key rotation', () => {
    it('re-seals and re-hashes the imported people with the customers', async () => {
      const order = await addOrder([{ groupName: '轮换组' }]);
      const id = idFor(MAN, '1');
      await importFile(order.id, await workbook([{ cust_name: '轮换者', id_card: id, phone: '13700001111' }]));
      const next = new PersonalData(randomBytes(32));
      const rowOf = async () => (await personsOf(order.id))[0]!;
      try {
        const counts = await resealPersonalData(db(), testPersonalData, next);
        expect(counts.groupPersons).toBeGreaterThan(0);
        const row = await rowOf();
        expect(row.custIdCardHash).toBe(next.idCardLookup(id));
        expect(next.open('customers.cust_id_card', row.custIdCardEnc!)).toBe(id);
        expect(next.open('customers.phone', row.phoneEnc!)).toBe('13700001111');
      } finally {
        await resealPersonalData(db(), next, testPersonalData);
      }
      expect((await rowOf()).custIdCardHash).toBe(testPersonalData.idCardLookup(id));
    });
  });

  const sealed = (idCard: string) => ({
    custIdCardEnc: testPersonalData.seal('customers.cust_id_card', idCard),
    custIdCardHash: testPersonalData.idCardLookup(idCard),
  });
});
