import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  errorCatalogue,
  GROUP_REPORT_MESSAGES,
  GROUP_REPORT_OCCUPATIONAL_NOTE,
  groupReportDetailRoute,
  groupReportGenerateRoute,
  groupReportListRoute,
  groupReportPrintRoute,
  groupReportRemoveRoute,
  groupReportReviewRoute,
  groupReportSaveRoute,
  groupReportSubmitRoute,
  groupReportUnreviewRoute,
  groupReportWithdrawRoute,
  type GroupReportDetail,
  type GroupReportRow,
} from '@checkup/api-contract';
import type { Db } from '../src/db/client.js';
import {
  auditLog,
  branches,
  companies,
  companyGroups,
  customers,
  groupOrders,
  orderDiagnoses,
  orders,
  orderUnions,
  reportPrints,
  reviews,
  unions,
} from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, callerFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';

const COMPANY = '绿源科技有限公司';
const D1 = '2026-11-02';
const D2 = '2026-11-03';

/**
 * 团检报告 (issue 24, breadth §4.3): a report over one group order's visits is generated with exact
 * figures, moves only along its states (refused in Chinese otherwise), audits every move, and prints.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let writer: ReturnType<typeof callerFor>;
  let reviewer: ReturnType<typeof callerFor>;
  let fx: Awaited<ReturnType<typeof fixtures>>;

  beforeAll(async () => {
    writer = callerFor(server, await staffSession(db(), 'gr_writer', ['bi/group_report']));
    reviewer = callerFor(
      server,
      await staffSession(db(), 'gr_reviewer', ['bi/group_report', 'bi/group_report_detail:review']),
    );
    fx = await fixtures(db());
  });

  const definition = (over: Record<string, string | number> = {}) => ({
    company_id: fx.companyId,
    group_order_id: fx.orderId,
    sample_name: '2026年度健康体检',
    branch_id: fx.branchId,
    date_from: '2026-11-01',
    date_to: '2026-11-05',
    include_absent: '0',
    ...over,
  });

  async function ok<T>(reply: Promise<{ json(): { status: number; data: T; msg: string }; body: string }>) {
    const res = await reply;
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  }
  async function refusal(reply: Promise<{ json(): { status: number; msg: string } }>) {
    const res = await reply;
    expect(res.json().status).not.toBe(200);
    return res.json().msg;
  }
  const create = async (over: Record<string, string | number> = {}) =>
    ok<GroupReportRow>(writer.post(groupReportSaveRoute.path, definition(over)));
  const detail = (id: number) => ok<GroupReportDetail>(reviewer.get(groupReportDetailRoute.path, { id }));

  describe('生成', () => {
    it('computes every analysis table from the order’s visits in the range, to the person', async () => {
      const report = await create();
      expect(report).toMatchObject({ state: 'draft', company_name: COMPANY, order_no: 'TD-GR-1' });
      const generated = await ok<GroupReportRow>(writer.post(groupReportGenerateRoute.path, { id: report.id }));
      expect(generated.state).toBe('generated');
      const { snapshot: s } = await detail(report.id);
      expect(s!.people).toEqual([
        { label: '参检', male: 1, female: 2, total: 3 },
        { label: '未检', male: 1, female: 0, total: 1 },
        { label: '合计', male: 2, female: 2, total: 4 },
      ]);
      expect(s!.population).toBe(3);
      expect(s!.ages.map((a) => [a.label, a.male, a.female, a.total, a.percent])).toEqual([
        ['30岁以下', 0, 1, 1, '33.3'],
        ['30～39岁', 1, 0, 1, '33.3'],
        ['40～49岁', 0, 0, 0, '0.0'],
        ['50～59岁', 0, 1, 1, '33.3'],
        ['60岁及以上', 0, 0, 0, '0.0'],
      ]);
      expect(s!.dates).toEqual([
        { date: D1, male: 1, female: 1, total: 2 },
        { date: D2, male: 0, female: 1, total: 1 },
      ]);
      expect(s!.findings).toEqual([
        { diag_name: '脂肪肝', male: 1, female: 1, total: 2, population: 3, percent: '66.7' },
        { diag_name: '高血压', male: 1, female: 0, total: 1, population: 3, percent: '33.3' },
      ]);
      expect(s!.items).toEqual([
        { union_name: '血常规', ordered: 3, male: 1, female: 1, total: 2, percent: '66.7' },
        { union_name: '胸部DR', ordered: 3, male: 1, female: 0, total: 1, percent: '33.3' },
      ]);
      expect(s!.positives.map((p) => [p.order_id, p.name, p.sex, p.age, p.diag_name, p.advice])).toEqual([
        [fx.visits.zhang, '张*', '男', 31, '脂肪肝', '低脂饮食，复查B超'],
        [fx.visits.zhang, '张*', '男', 31, '高血压', '监测血压'],
        [fx.visits.li, '李*', '女', 56, '脂肪肝', '低脂饮食，复查B超'],
      ]);
      expect(s!.completion.map((c) => [c.name, c.status_label, c.pending_items, c.chief_done, c.printed])).toEqual([
        ['张*', '已终审', [], true, true],
        ['李*', '检查中', ['胸部DR'], false, false],
        ['王*', '已报到', ['血常规'], false, false],
        ['赵*', '已登记', ['血常规'], false, false],
      ]);
    });

    it('counts the people not yet examined with 是否含未检, and one sex only with 性别', async () => {
      const report = await create({ sample_name: '男性含未检', sex: '1', include_absent: '1' });
      await ok(writer.post(groupReportGenerateRoute.path, { id: report.id }));
      const { snapshot: s, report: row } = await detail(report.id);
      expect([row.sex, row.include_absent]).toEqual(['1', true]);
      expect(s!.people.at(-1)).toEqual({ label: '合计', male: 2, female: 0, total: 2 });
      expect(s!.population).toBe(2);
      expect(s!.ages.map((a) => [a.total, a.percent])).toEqual([
        [0, '0.0'],
        [1, '50.0'],
        [0, '0.0'],
        [0, '0.0'],
        [1, '50.0'],
      ]);
      expect(s!.items.find((i) => i.union_name === '血常规')).toMatchObject({ ordered: 2, total: 1, percent: '50.0' });
    });

    it('refuses an order of another company, a reversed range and a range without visits', async () => {
      expect(await refusal(writer.post(groupReportSaveRoute.path, definition({ company_id: fx.otherCompanyId })))).toBe(
        GROUP_REPORT_MESSAGES.orderOfCompany,
      );
      expect(
        await refusal(
          writer.post(groupReportSaveRoute.path, definition({ date_from: '2026-11-05', date_to: '2026-11-01' })),
        ),
      ).toBe(GROUP_REPORT_MESSAGES.dateOrder);
      const empty = await create({ sample_name: '空', date_from: '2026-10-01', date_to: '2026-10-02' });
      expect(await refusal(writer.post(groupReportGenerateRoute.path, { id: empty.id }))).toBe(
        GROUP_REPORT_MESSAGES.noVisits,
      );
    });
  });

  describe('the states', () => {
    it('moves 草稿 → 已生成 → 已提交 → 审核, with 撤回 and 反审核, refusing every other move in Chinese', async () => {
      const { id } = await create({ sample_name: '流转' });
      const move = (path: string, caller = writer, extra: Record<string, string> = {}) =>
        caller.post(path, { id, ...extra });
      expect(await refusal(move(groupReportSubmitRoute.path))).toBe(
        '团检报告状态为“草稿”，不能提交（只有已生成的报告可以提交）',
      );
      await ok(move(groupReportGenerateRoute.path));
      expect(await refusal(move(groupReportReviewRoute.path, reviewer, { pass: '1' }))).toBe(
        '团检报告状态为“已生成”，不能审核（只有已提交的报告可以审核）',
      );
      expect((await ok<GroupReportRow>(move(groupReportSubmitRoute.path))).state).toBe('submitted');
      expect(await refusal(writer.post(groupReportSaveRoute.path, definition({ id, sample_name: '改' })))).toBe(
        '团检报告状态为“已提交”，不能修改（只有草稿、已生成、审核不通过的报告可以修改）',
      );
      expect(await refusal(move(groupReportGenerateRoute.path))).toContain('不能生成');
      expect(await refusal(move(groupReportRemoveRoute.path))).toContain('不能删除');
      expect((await ok<GroupReportRow>(move(groupReportWithdrawRoute.path))).state).toBe('generated');
      expect(await refusal(move(groupReportWithdrawRoute.path))).toBe(
        '团检报告状态为“已生成”，不能撤回（只有已提交的报告可以撤回）',
      );
      await ok(move(groupReportSubmitRoute.path));
      // 审核 is a permission of its own: the list's role may not review.
      const forbidden = await move(groupReportReviewRoute.path, writer, { pass: '1' });
      expect([forbidden.statusCode, forbidden.json().msg]).toEqual([403, errorCatalogue.FORBIDDEN.msg]);
      expect(await refusal(move(groupReportReviewRoute.path, reviewer, { pass: '0' }))).toBe(
        GROUP_REPORT_MESSAGES.rejectReason,
      );
      const rejected = await ok<GroupReportRow>(
        move(groupReportReviewRoute.path, reviewer, { pass: '0', reason: '检出率口径需复核' }),
      );
      expect([rejected.state, rejected.reject_reason, rejected.reviewed_by_name]).toEqual([
        'rejected',
        '检出率口径需复核',
        'gr_reviewer',
      ]);
      expect((await ok<GroupReportRow>(move(groupReportUnreviewRoute.path, reviewer))).state).toBe('submitted');
      expect(await refusal(move(groupReportUnreviewRoute.path, reviewer))).toBe(
        '团检报告状态为“已提交”，不能反审核（只有审核通过、审核不通过的报告可以反审核）',
      );
      const approved = await ok<GroupReportRow>(move(groupReportReviewRoute.path, reviewer, { pass: '1' }));
      expect([approved.state, approved.reject_reason]).toEqual(['approved', null]);
      expect(await refusal(move(groupReportWithdrawRoute.path))).toContain('不能撤回');

      const audit = await db()
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.target, `group_report:${id}`))
        .orderBy(auditLog.id);
      expect(audit.map((a) => a.action)).toEqual([
        'group_report_save',
        'group_report_generate',
        'group_report_submit',
        'group_report_withdraw',
        'group_report_submit',
        'group_report_review',
        'group_report_unreview',
        'group_report_review',
      ]);
      expect(audit[5]!.detail).toMatchObject({
        from: 'submitted',
        state: 'rejected',
        rejectReason: '检出率口径需复核',
      });
    });

    it('sends a changed definition back to 草稿 without its analysis, and deletes a report not submitted', async () => {
      const { id } = await create({ sample_name: '待改' });
      await ok(writer.post(groupReportGenerateRoute.path, { id }));
      const saved = await ok<GroupReportRow>(
        writer.post(groupReportSaveRoute.path, definition({ id, sample_name: '已改' })),
      );
      expect([saved.state, saved.sample_name, saved.generated_at]).toEqual(['draft', '已改', null]);
      expect((await detail(id)).snapshot).toBeNull();
      await ok(writer.post(groupReportRemoveRoute.path, { id }));
      expect(await refusal(reviewer.get(groupReportDetailRoute.path, { id }))).toBe(GROUP_REPORT_MESSAGES.notFound);
      const removed = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `group_report:${id}`), eq(auditLog.action, 'group_report_remove')));
      expect(removed).toHaveLength(1);
    });

    it('lists by 团体 and 状态 and 样本名称', async () => {
      const page = await ok<{ list: GroupReportRow[]; total: number }>(
        writer.get(groupReportListRoute.path, { company_id: fx.companyId, state: 'approved' }),
      );
      expect(page.list.map((r) => r.sample_name)).toEqual(['流转']);
      const byKey = await ok<{ list: GroupReportRow[] }>(writer.get(groupReportListRoute.path, { key: '男性' }));
      expect(byKey.list.map((r) => r.sample_name)).toEqual(['男性含未检']);
    });
  });

  describe('打印PDF', () => {
    it('answers a PDF naming the company, with the analysis and the occupational placeholder', async () => {
      const { id } = await create({ sample_name: '打印' });
      const before = await writer.get(groupReportPrintRoute.path, { id });
      expect(before.json().msg).toBe(GROUP_REPORT_MESSAGES.noSnapshot);
      await ok(writer.post(groupReportGenerateRoute.path, { id }));
      const res = await writer.get(groupReportPrintRoute.path, { id });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
      const { text } = await readPdf(res.rawPayload);
      expect(text).toContain(COMPANY);
      expect(text).toContain('脂肪肝');
      expect(text).toContain(GROUP_REPORT_OCCUPATIONAL_NOTE);
      const printed = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `group_report:${id}`), like(auditLog.action, '%print')));
      expect(printed).toHaveLength(1);
    });
  });
});

/** One company's order with four visits in the range at one 分中心, and the visits the report must leave out. */
async function fixtures(db: Db) {
  const [branch] = await db
    .insert(branches)
    .values({ branchName: '总院', shortCode: 'GR-ZY', pinyinCode: 'zy' })
    .returning({ id: branches.id });
  const [otherBranch] = await db
    .insert(branches)
    .values({ branchName: '分院', shortCode: 'GR-FY', pinyinCode: 'fy' })
    .returning({ id: branches.id });
  const company = await addCompany(db, COMPANY, 'TD-GR-1');
  const other = await addCompany(db, '其他单位', 'TD-GR-2');
  const lab = { id: (await addDept(db, '团检检验科')).deptId };
  const xray = { id: (await addDept(db, '团检放射科')).deptId };
  const [blood] = await db
    .insert(unions)
    .values({ unionCode: 'GR-XCG', unionName: '血常规', deptId: lab!.id, price: '30.00' })
    .returning({ id: unions.id });
  const [chest] = await db
    .insert(unions)
    .values({ unionCode: 'GR-DR', unionName: '胸部DR', deptId: xray!.id, price: '80.00' })
    .returning({ id: unions.id });
  let serial = 0;

  async function visit(
    v: { name: string; sex: '1' | '2'; birthday: string; status: string; date: string; of?: typeof company },
    lines: [number, number, string][],
    diags: { name: string; advice?: string; groupAdvice?: string; hidden?: boolean }[] = [],
    branchId = branch!.id,
  ) {
    const of = v.of ?? company;
    serial += 1;
    const [customer] = await db
      .insert(customers)
      .values({ custName: v.name, sex: v.sex, birthday: v.birthday })
      .returning({ id: customers.id });
    const orderId = `${v.date.replaceAll('-', '')}${String(700000 + serial)}`;
    await db.insert(orders).values({
      orderId,
      customerId: customer!.id,
      examType: 'health',
      status: v.status,
      examDate: v.date,
      totalPrice: '0.00',
      companyId: of.companyId,
      groupId: of.groupId,
      branchId,
    });
    for (const [unionId, deptId, status] of lines) {
      await db.insert(orderUnions).values({ orderId, unionId, deptId, price: '10.00', origin: 'package', status });
    }
    for (const [i, d] of diags.entries()) {
      await db.insert(orderDiagnoses).values({
        orderId,
        diagName: d.name,
        advice: d.advice ?? '',
        groupAdvice: d.groupAdvice ?? '',
        hidden: d.hidden ?? false,
        sort: i + 1,
      });
    }
    return orderId;
  }

  const both = (bloodState: string, chestState: string): [number, number, string][] => [
    [blood!.id, lab!.id, bloodState],
    [chest!.id, xray!.id, chestState],
  ];
  const liver = { name: '脂肪肝', advice: '注意饮食', groupAdvice: '低脂饮食，复查B超' };
  const zhang = await visit(
    { name: '张三', sex: '1', birthday: '1995-03-01', status: 'final_trial', date: D1 },
    both('1', '1'),
    [liver, { name: '高血压', advice: '监测血压' }, { name: '隐藏结论', hidden: true }],
  );
  const li = await visit(
    { name: '李四', sex: '2', birthday: '1970-01-01', status: 'in_exam', date: D1 },
    both('1', '0'),
    [liver],
  );
  await visit({ name: '王芳', sex: '2', birthday: '2000-06-01', status: 'checked_in', date: D2 }, both('0', '2'));
  await visit({ name: '赵六', sex: '1', birthday: '1960-01-01', status: 'registered', date: D2 }, [
    [blood!.id, lab!.id, '0'],
  ]);
  // Left out: after the range, another company's order, another 分中心.
  await visit(
    { name: '钱七', sex: '1', birthday: '1990-01-01', status: 'final_trial', date: '2026-11-10' },
    both('1', '1'),
    [liver],
  );
  await visit(
    { name: '孙八', sex: '2', birthday: '1990-01-01', status: 'in_exam', date: D1, of: other },
    both('1', '1'),
    [liver],
  );
  await visit(
    { name: '周九', sex: '2', birthday: '1990-01-01', status: 'in_exam', date: D1 },
    both('1', '1'),
    [liver],
    otherBranch!.id,
  );

  await db
    .insert(reviews)
    .values({ orderId: zhang, step: 'main', result: 'pass', reviewerId: 1, reviewerName: '主检' });
  await db.insert(reportPrints).values({ orderId: zhang, source: 'staff' });
  return {
    branchId: branch!.id,
    companyId: company.companyId,
    orderId: company.orderId,
    otherCompanyId: other.companyId,
    visits: { zhang, li },
  };
}

async function addCompany(db: Db, name: string, orderNo: string) {
  const [company] = await db.insert(companies).values({ companyName: name }).returning({ id: companies.id });
  const [order] = await db
    .insert(groupOrders)
    .values({
      orderNo,
      orderName: `${name}年度体检`,
      companyId: company!.id,
      planFrom: '2026-11-01',
      planTo: '2026-11-30',
      approvalState: 'approved',
    })
    .returning({ id: groupOrders.id });
  const [group] = await db
    .insert(companyGroups)
    .values({ companyId: company!.id, groupOrderId: order!.id, groupName: '全员组' })
    .returning({ id: companyGroups.id });
  return { companyId: company!.id, orderId: order!.id, groupId: group!.id };
}
