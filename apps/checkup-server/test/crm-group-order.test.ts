import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import {
  GROUP_ORDER_MESSAGES,
  GROUP_PRICE_MESSAGES,
  cmpQuoteExportRoute,
  cmpQuoteRoute,
  groupOrderApproveRoute,
  groupOrderChangeApproveRoute,
  groupOrderChangeRoute,
  groupOrderChangeSubmitRoute,
  groupOrderCloseRoute,
  groupOrderDeliveryRoute,
  groupOrderResource,
  groupOrderSubmitRoute,
  groupOrderUnapproveRoute,
  groupOrderWithdrawRoute,
  groupPriceResource,
} from '@checkup/api-contract';
import {
  auditLog,
  companies,
  companyGroups,
  contracts,
  departments,
  groupPersons,
  packageUnions,
  packages,
  unions,
  users,
} from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

const SCREENS = ['crm/group_unit_mg', 'crm/group_unit_mg_detail', 'crm/group_pricing_list', 'crm/cmp_quote'];
let serial = 0;

/** 客户管理 — 团检单位, 团检报价 and 单位报价 (issue 22, breadth §2.3–2.4). */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  type Caller = ReturnType<typeof callerFor>;
  let seller: Caller;
  let otherSeller: Caller;
  let leader: Caller;
  let approverNotLeader: Caller;
  let companyId: number;
  let contractId: number;
  let packageId: number;

  /** An account with the screens (and the approve permission), a leader or not, with a discount floor. */
  async function account(menu: string[], opts: { leader?: boolean; floor?: number } = {}) {
    serial += 1;
    const name = `go_${serial}_${Math.floor(Math.random() * 1e6)}`;
    const token = await staffSession(db(), name, menu);
    await db()
      .update(users)
      .set({ isLeader: opts.leader ?? false, discountFloor: String(opts.floor ?? 100) })
      .where(eq(users.userAccount, name));
    return callerFor(server, token);
  }

  beforeAll(async () => {
    seller = await account(SCREENS, { floor: 60 });
    otherSeller = await account(SCREENS, { floor: 60 });
    leader = await account([...SCREENS, 'crm/group_unit_mg_all', 'crm/group_unit_mg:approve'], {
      leader: true,
      floor: 50,
    });
    approverNotLeader = await account([...SCREENS, 'crm/group_unit_mg:approve'], { floor: 60 });
    const [company] = await db()
      .insert(companies)
      .values({ companyName: '团检订单测试单位' })
      .returning({ id: companies.id });
    companyId = company!.id;
    const [contract] = await db()
      .insert(contracts)
      .values({ companyId, contractNo: 'HT-GO-1', validFrom: '2026-01-01', validTo: '2026-12-31', amount: '1000.00' })
      .returning({ id: contracts.id });
    contractId = contract!.id;
    // A package whose unions list at 100.00 + 50.50 + 30.25 = 180.75.
    const [dept] = await db().select({ id: departments.id }).from(departments).limit(1);
    const made = await db()
      .insert(unions)
      .values(
        [
          ['GO-U1', '团检甲项', '100.00'],
          ['GO-U2', '团检乙项', '50.50'],
          ['GO-U3', '团检丙项', '30.25'],
        ].map(([code, name, price]) => ({ unionCode: code!, unionName: name!, deptId: dept!.id, price: price! })),
      )
      .returning({ id: unions.id });
    const [pkg] = await db()
      .insert(packages)
      .values({ packageCode: 'GO-PKG', packageName: '团检测试套餐', price: '170.00' })
      .returning({ id: packages.id });
    packageId = pkg!.id;
    await db()
      .insert(packageUnions)
      .values(made.map((u) => ({ packageId, unionId: u.id })));
  });

  interface Row {
    id: number;
    version: number;
    order_no: string;
    [field: string]: unknown;
  }
  const data = (res: { json(): { data: unknown } }) => res.json().data as Row;
  const refusal = (res: { statusCode: number; json(): { msg: string } }) => [res.statusCode, res.json().msg];

  const orderForm = (extra: Record<string, string | number> = {}) => ({
    order_name: `测试订单${++serial}`,
    company_id: companyId,
    contract_id: contractId,
    exam_type: 'health',
    plan_from: '2026-12-01',
    plan_to: '2026-12-31',
    plan_male: 10,
    plan_female: 5,
    budget: '3000',
    avg_price: '140.5',
    discount: '85',
    exam_mode: 'inside',
    report_delivery: 'company',
    desk_note: '空腹',
    ...extra,
  });

  async function newOrder(by: Caller = seller, extra: Record<string, string | number> = {}) {
    const res = await by.post(groupOrderResource.routes.save.path, orderForm(extra));
    expect(res.statusCode).toBe(200);
    return data(res) as { id: number; version: number; order_no: string };
  }

  const groupForm = (orderId: number, extra: Record<string, string | number> = {}) => ({
    group_order_id: orderId,
    group_name: '男职工组',
    package_id: packageId,
    gender_limit: '1',
    marital_limit: '0',
    pay_mode: 'company',
    price: '150',
    ...extra,
  });

  async function addGroup(by: Caller, orderId: number, extra: Record<string, string | number> = {}) {
    const res = await by.post(groupPriceResource.routes.save.path, groupForm(orderId, extra));
    expect(res.statusCode).toBe(200);
    return data(res) as { id: number; version: number };
  }

  const detail = async (id: number) => data(await seller.get(groupOrderResource.routes.detail.path, { id }));
  const moveBy = (by: Caller, path: string, id: number, version: number, extra: Record<string, string> = {}) =>
    by.post(path, { id, version, ...extra });

  /** An order taken to 审核通过 with one group. */
  async function approvedOrder() {
    const order = await newOrder();
    await addGroup(seller, order.id);
    let res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, (await detail(order.id)).version);
    res = await moveBy(leader, groupOrderApproveRoute.path, order.id, data(res).version, { pass: '1', note: '同意' });
    expect(data(res).approval_state).toBe('approved');
    return data(res) as { id: number; version: number };
  }

  describe('order numbers and the form', () => {
    it('numbers a new order TD + the day + a 4-digit sequence, unique, and writes the figures in fen', async () => {
      const a = await newOrder();
      const b = await newOrder();
      expect(a.order_no).toMatch(/^TD\d{8}\d{4}$/);
      expect(Number(b.order_no.slice(10))).toBe(Number(a.order_no.slice(10)) + 1);
      expect(a).toMatchObject({
        approval_state: 'draft',
        change_state: 'none',
        budget: '3000.00',
        avg_price: '140.50',
        discount: 85,
        contract_no: 'HT-GO-1',
        company_name: '团检订单测试单位',
      });
    });

    it('refuses a plan ending before it starts, and a contract of another company', async () => {
      const late = await seller.post(groupOrderResource.routes.save.path, orderForm({ plan_to: '2026-11-01' }));
      expect(refusal(late)).toEqual([400, '计划检期从不能晚于计划检期到']);
      const [other] = await db()
        .insert(companies)
        .values({ companyName: '另一团检单位' })
        .returning({ id: companies.id });
      const wrong = await seller.post(groupOrderResource.routes.save.path, orderForm({ company_id: other!.id }));
      expect(refusal(wrong)).toEqual([400, '所选合同不属于该客户单位']);
      const noName = await seller.post(groupOrderResource.routes.save.path, orderForm({ order_name: '' }));
      expect(refusal(noName)).toEqual([400, '请填写订单名称']);
    });

    it('lists a seller only their own orders, a leader everyone’s, and 全部 only to a leader', async () => {
      const mine = await newOrder(seller);
      const theirs = await newOrder(otherSeller);
      const list = async (by: Caller, query: Record<string, string> = {}) =>
        (data(await by.get(groupOrderResource.routes.list.path, { size: 100, ...query })).list as { id: number }[]).map(
          (r) => r.id,
        );
      const sellers = await list(seller);
      expect(sellers).toContain(mine.id);
      expect(sellers).not.toContain(theirs.id);
      expect(await list(leader, { view: 'all' })).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      const refused = await seller.get(groupOrderResource.routes.list.path, { view: 'all' });
      expect(refusal(refused)).toEqual([403, GROUP_ORDER_MESSAGES.notLeader]);
      // Another seller may not move or edit the order.
      const edit = await otherSeller.post(groupOrderResource.routes.save.path, {
        ...orderForm(),
        id: mine.id,
        version: mine.version,
      });
      expect(refusal(edit)).toEqual([403, GROUP_ORDER_MESSAGES.notMine]);
    });

    it('lists the occupational orders on _occu', async () => {
      const occu = await newOrder(seller, { exam_type: 'occupational' });
      const health = await newOrder(seller);
      const ids = (
        data(await seller.get(groupOrderResource.routes.list.path, { size: 100, occu: '1' })).list as { id: number }[]
      ).map((r) => r.id);
      expect(ids).toContain(occu.id);
      expect(ids).not.toContain(health.id);
    });
  });

  describe('approval', () => {
    it('refuses to submit an order without a group with a package', async () => {
      const order = await newOrder();
      const res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, order.version);
      expect(refusal(res)).toEqual([400, GROUP_ORDER_MESSAGES.noPackage]);
    });

    it('submits, withdraws, submits again; refuses moves from the wrong state naming it; audits each', async () => {
      const order = await newOrder();
      await addGroup(seller, order.id);
      let v = (await detail(order.id)).version;
      let res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, v);
      expect(data(res).approval_state).toBe('submitted');
      v = data(res).version;
      const again = await moveBy(seller, groupOrderSubmitRoute.path, order.id, v);
      expect(refusal(again)).toEqual([
        400,
        '订单状态为“已提交”，不能提交（只有草稿、已撤回或审核不通过的订单可以提交）',
      ]);
      const edit = await seller.post(groupOrderResource.routes.save.path, { ...orderForm(), id: order.id, version: v });
      expect(refusal(edit)).toEqual([400, '订单状态为“已提交”，不能修改（请先撤回）']);
      res = await moveBy(seller, groupOrderWithdrawRoute.path, order.id, v);
      expect(data(res).approval_state).toBe('withdrawn');
      const withdrawAgain = await moveBy(seller, groupOrderWithdrawRoute.path, order.id, data(res).version);
      expect(refusal(withdrawAgain)).toEqual([400, '订单状态为“已撤回”，不能撤回（只有已提交的订单可以撤回）']);
      res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, data(res).version);
      expect(data(res).approval_state).toBe('submitted');
      const audits = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.target, `group_order:${order.order_no}`));
      expect(audits.map((a) => a.action)).toEqual(['group_order_submit', 'group_order_withdraw', 'group_order_submit']);
    });

    it('refuses a stale version', async () => {
      const order = await newOrder();
      await addGroup(seller, order.id);
      const res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, order.version + 5);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/^该团检订单已被.*修改，请刷新后重试$/);
    });

    it('lets only a leader approve, with 审批意见; a refusal sends the order back to be edited', async () => {
      const order = await newOrder();
      await addGroup(seller, order.id);
      let res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, (await detail(order.id)).version);
      const v = data(res).version;
      const noPermission = await moveBy(seller, groupOrderApproveRoute.path, order.id, v, { pass: '1', note: '好' });
      expect(noPermission.statusCode).toBe(403);
      const notLeader = await moveBy(approverNotLeader, groupOrderApproveRoute.path, order.id, v, {
        pass: '1',
        note: '好',
      });
      expect(refusal(notLeader)).toEqual([403, GROUP_ORDER_MESSAGES.notLeader]);
      const noNote = await moveBy(leader, groupOrderApproveRoute.path, order.id, v, { pass: '1', note: ' ' });
      expect(refusal(noNote)).toEqual([400, GROUP_ORDER_MESSAGES.approvalNote]);
      res = await moveBy(leader, groupOrderApproveRoute.path, order.id, v, { pass: '0', note: '价格太低' });
      expect(data(res)).toMatchObject({ approval_state: 'rejected', approval_note: '价格太低' });
      const edited = await seller.post(groupOrderResource.routes.save.path, {
        ...orderForm({ order_name: '改后订单' }),
        id: order.id,
        version: data(res).version,
      });
      expect(data(edited).order_name).toBe('改后订单');
      res = await moveBy(seller, groupOrderSubmitRoute.path, order.id, data(edited).version);
      res = await moveBy(leader, groupOrderApproveRoute.path, order.id, data(res).version, { pass: '1', note: '同意' });
      expect(data(res)).toMatchObject({ approval_state: 'approved', approval_note: '同意' });
      const twice = await moveBy(leader, groupOrderApproveRoute.path, order.id, data(res).version, {
        pass: '1',
        note: '同意',
      });
      expect(refusal(twice)).toEqual([400, '订单状态为“审核通过”，不能审核（只有已提交的订单可以审核）']);
    });

    it('reverses an approval (leader only) until the order is prepared', async () => {
      const order = await approvedOrder();
      const notLeader = await moveBy(approverNotLeader, groupOrderUnapproveRoute.path, order.id, order.version);
      expect(refusal(notLeader)).toEqual([403, GROUP_ORDER_MESSAGES.notLeader]);
      let res = await moveBy(leader, groupOrderUnapproveRoute.path, order.id, order.version);
      expect(data(res).approval_state).toBe('submitted');
      res = await moveBy(leader, groupOrderApproveRoute.path, order.id, data(res).version, { pass: '1', note: '再审' });
      const [group] = await db().select().from(companyGroups).where(eq(companyGroups.groupOrderId, order.id));
      await db().insert(groupPersons).values({
        groupOrderId: order.id,
        groupId: group!.id,
        custName: '预登记者',
        sex: '1',
        birthday: '1990-01-01',
        orderId: '20261201000001',
      });
      const prepared = await moveBy(leader, groupOrderUnapproveRoute.path, order.id, data(res).version);
      expect(refusal(prepared)).toEqual([400, GROUP_ORDER_MESSAGES.prepared]);
      expect((await detail(order.id)).approval_state).toBe('approved');
    });

    it('closes an approved order (结束) and then refuses its edits', async () => {
      const draft = await newOrder();
      const early = await moveBy(seller, groupOrderCloseRoute.path, draft.id, draft.version);
      expect(refusal(early)).toEqual([400, '订单状态为“草稿”，不能结束（只有审核通过的订单可以结束）']);
      const order = await approvedOrder();
      const res = await moveBy(seller, groupOrderCloseRoute.path, order.id, order.version);
      expect(data(res)).toMatchObject({ closed: true, enabled: false });
      const change = await moveBy(seller, groupOrderChangeRoute.path, order.id, data(res).version, { note: '加人' });
      expect(refusal(change)).toEqual([400, GROUP_ORDER_MESSAGES.closed]);
    });
  });

  describe('change control', () => {
    it('refuses edits of an approved order until 变更 with a note; 变更提交 and a leader’s 变更审批 follow', async () => {
      const order = await approvedOrder();
      const edit = await seller.post(groupOrderResource.routes.save.path, {
        ...orderForm(),
        id: order.id,
        version: order.version,
      });
      expect(refusal(edit)).toEqual([400, '订单状态为“审核通过”（未变更），不能修改（请先变更）']);
      const group = await addGroupRes(order.id, { group_name: '新增组' });
      expect(refusal(group)).toEqual([400, '订单状态为“审核通过”（未变更），不能修改（请先变更）']);
      const early = await moveBy(seller, groupOrderChangeSubmitRoute.path, order.id, order.version);
      expect(refusal(early)).toEqual([400, '订单变更状态为“未变更”，不能提交变更（请先变更）']);
      const noNote = await moveBy(seller, groupOrderChangeRoute.path, order.id, order.version, { note: '' });
      expect(refusal(noNote)).toEqual([400, GROUP_ORDER_MESSAGES.changeNote]);
      let res = await moveBy(seller, groupOrderChangeRoute.path, order.id, order.version, { note: '增加女职工组' });
      expect(data(res)).toMatchObject({ change_state: 'changed', change_note: '增加女职工组' });
      const added = await addGroupRes(order.id, { group_name: '女职工组', gender_limit: '2', price: '120' });
      expect(added.statusCode).toBe(200);
      const saved = await seller.post(groupOrderResource.routes.save.path, {
        ...orderForm({ plan_female: 30 }),
        id: order.id,
        version: data(res).version,
      });
      expect(data(saved).plan_female).toBe(30);
      res = await moveBy(seller, groupOrderChangeSubmitRoute.path, order.id, data(saved).version);
      expect(data(res).change_state).toBe('change_submitted');
      const locked = await addGroupRes(order.id, { group_name: '再加一组' });
      expect(refusal(locked)).toEqual([400, '订单状态为“审核通过”（变更已提交），不能修改（请先变更）']);
      const notLeader = await moveBy(
        approverNotLeader,
        groupOrderChangeApproveRoute.path,
        order.id,
        data(res).version,
        {
          pass: '1',
          note: '可',
        },
      );
      expect(refusal(notLeader)).toEqual([403, GROUP_ORDER_MESSAGES.notLeader]);
      const refused = await moveBy(leader, groupOrderChangeApproveRoute.path, order.id, data(res).version, {
        pass: '0',
        note: '人数不对',
      });
      expect(data(refused)).toMatchObject({ change_state: 'change_rejected', approval_state: 'approved' });
      res = await moveBy(seller, groupOrderChangeRoute.path, order.id, data(refused).version, { note: '改人数' });
      res = await moveBy(seller, groupOrderChangeSubmitRoute.path, order.id, data(res).version);
      res = await moveBy(leader, groupOrderChangeApproveRoute.path, order.id, data(res).version, {
        pass: '1',
        note: '同意变更',
      });
      expect(data(res)).toMatchObject({ change_state: 'change_approved', approval_state: 'approved' });
      const twice = await moveBy(leader, groupOrderChangeApproveRoute.path, order.id, data(res).version, {
        pass: '1',
        note: '同意变更',
      });
      expect(refusal(twice)).toEqual([
        400,
        '订单变更状态为“变更审核通过”，不能审批变更（只有变更已提交的订单可以审批）',
      ]);
    });

    it('changes 发放方式 and 前台须知 after approval without 变更', async () => {
      const order = await approvedOrder();
      const res = await moveBy(seller, groupOrderDeliveryRoute.path, order.id, order.version, {
        report_delivery: 'electronic',
        desk_note: '请先到二楼抽血',
      });
      expect(data(res)).toMatchObject({
        report_delivery: 'electronic',
        desk_note: '请先到二楼抽血',
        approval_state: 'approved',
        change_state: 'none',
      });
    });
  });

  const addGroupRes = (orderId: number, extra: Record<string, string | number> = {}) =>
    seller.post(groupPriceResource.routes.save.path, groupForm(orderId, extra));

  describe('groups (团检报价)', () => {
    it('shows the package list total and the discount the group price means', async () => {
      const order = await newOrder();
      const group = data(await addGroupRes(order.id));
      expect(group).toMatchObject({ list_total: '180.75', price: '150.00', discount: 82.99, person_count: 0 });
    });

    it('refuses a group without name or package, ages the wrong way round, a negative price', async () => {
      const order = await newOrder();
      expect(refusal(await addGroupRes(order.id, { group_name: '' }))).toEqual([400, GROUP_PRICE_MESSAGES.incomplete]);
      expect(refusal(await addGroupRes(order.id, { package_id: '' }))).toEqual([400, GROUP_PRICE_MESSAGES.incomplete]);
      expect(refusal(await addGroupRes(order.id, { age_from: 60, age_to: 40 }))).toEqual([
        400,
        GROUP_PRICE_MESSAGES.ages,
      ]);
      expect(refusal(await addGroupRes(order.id, { price: '-1' }))).toEqual([
        400,
        '分组价格应为不小于0的金额，最多两位小数',
      ]);
    });

    it('refuses a price below the user’s discount floor, naming it and the lowest price', async () => {
      const order = await newOrder();
      // Floor 60: 180.75 × 60% = 108.45.
      expect(refusal(await addGroupRes(order.id, { price: '108.44' }))).toEqual([
        400,
        '超出折扣范围！您的最低折扣为6折，本分组最低价为108.45元',
      ]);
      expect((await addGroupRes(order.id, { price: '108.45' })).statusCode).toBe(200);
      // A leader's own floor is lower.
      const low = await leader.post(groupPriceResource.routes.save.path, groupForm(order.id, { price: '90.38' }));
      expect(data(low).price).toBe('90.38');
    });

    it('does not delete a group with people', async () => {
      const order = await newOrder();
      const group = data(await addGroupRes(order.id)) as { id: number; version: number };
      await db().insert(groupPersons).values({
        groupOrderId: order.id,
        groupId: group.id,
        custName: '名单人',
        sex: '1',
        birthday: '1990-01-01',
      });
      const res = await seller.post(groupPriceResource.routes.remove.path, { id: group.id, version: group.version });
      expect(refusal(res)).toEqual([400, GROUP_PRICE_MESSAGES.hasPeople(1)]);
      const empty = data(await addGroupRes(order.id, { group_name: '空组' })) as { id: number; version: number };
      const removed = await seller.post(groupPriceResource.routes.remove.path, {
        id: empty.id,
        version: empty.version,
      });
      expect(removed.statusCode).toBe(200);
      expect(await db().select().from(companyGroups).where(eq(companyGroups.id, empty.id))).toEqual([]);
    });
  });

  describe('单位报价', () => {
    it('answers each group with its unions’ shares in fen, the totals and the plan’s amount, and exports it', async () => {
      const order = await newOrder(seller, { plan_male: 10, plan_female: 5 });
      await addGroupRes(order.id, { group_name: '男职工组', gender_limit: '1', price: '150' });
      await addGroupRes(order.id, { group_name: '女职工组', gender_limit: '2', price: '120', pay_mode: 'self' });
      const quote = data(await seller.get(cmpQuoteRoute.path, { id: order.id })) as Record<string, unknown>;
      expect(quote).toMatchObject({
        list_total: '361.50',
        price_total: '270.00',
        male_price: '150.00',
        female_price: '120.00',
        // 10 × 150.00 + 5 × 120.00
        planned_amount: '2100.00',
      });
      const groups = quote.groups as { group_name: string; items: unknown[]; discount: number; pay_mode: string }[];
      expect(groups[0]).toMatchObject({ group_name: '男职工组', discount: 82.99, pay_mode: 'company' });
      // 150.00 split over 100.00 / 50.50 / 30.25, the residue on the dearest.
      expect(groups[0]!.items).toEqual([
        { union_name: '团检甲项', list_price: '100.00', group_price: '83.00' },
        { union_name: '团检乙项', list_price: '50.50', group_price: '41.90' },
        { union_name: '团检丙项', list_price: '30.25', group_price: '25.10' },
      ]);
      expect(groups[1]).toMatchObject({ group_name: '女职工组', discount: 66.39, pay_mode: 'self' });

      const file = await seller.get(cmpQuoteExportRoute.path, { id: order.id });
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('单位报价')!;
      const cells = sheet
        .getSheetValues()
        .flat()
        .filter((v) => v !== null && v !== undefined);
      expect(cells).toEqual(expect.arrayContaining(['团检订单测试单位 单位报价', '团检甲项', 83, 2100]));
    });

    it('refuses the quote to an account without the screens', async () => {
      const outsider = await account(['crm/cmp_arch']);
      const res = await outsider.get(cmpQuoteRoute.path, { id: 1 });
      expect(res.statusCode).toBe(403);
    });
  });

  it('keeps the audit row of a group save with the order’s state', async () => {
    const order = await newOrder();
    const group = data(await addGroupRes(order.id)) as { id: number };
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'config_save'), eq(auditLog.target, `group_price:${group.id}`)));
    expect(row?.detail).toMatchObject({ resource: 'group_price', order_state: 'draft' });
  });
});
