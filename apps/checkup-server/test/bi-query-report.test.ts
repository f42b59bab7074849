import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  abnormalResultQueryReport,
  diagnosisQueryReport,
  disAnaReport,
  errorCatalogue,
  examineeQueryReport,
  maskName,
  occuEmployerReport,
  occuFactorReport,
  positiveResultQueryReport,
  recheckQueryReport,
  ROW_KEY_SEPARATOR,
  unionQueryReport,
  type BiReport,
  type BiResult,
  type BiRow,
} from '@checkup/api-contract';
import {
  companies,
  criticalValues,
  customers,
  examItems,
  harmFactors,
  itemResults,
  orderDiagnoses,
  orderExceptions,
  orders,
  orderUnions,
  packages,
  reviewPlans,
  reviews,
  unions,
  users,
} from '../src/db/schema.js';
import { refreshStatistics } from '../src/modules/bi/refresh.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, callerFor } from './support/domain.js';

/**
 * 疾病分析, the six 查询报表 and 职业健康监护 (issue 24): figures computed from fixtures whose conclusions,
 * results, re-exams and occupational conclusions are known; names masked, no ID numbers; only the
 * screen's role may run each.
 */
const JUNE = { date_from: '2025-06-01', date_to: '2025-06-30' };
const JULY = { date_from: '2025-07-01', date_to: '2025-07-31' };
const ID_CARD_KEYS = /id_card|idcard|id_no/i;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let analyst: ReturnType<typeof callerFor>;
  let serial = 0;
  type Ids = 'internal' | 'lab' | 'coA' | 'coB' | 'pkg' | 'u1' | 'u2' | 'u3' | 'hb' | 'sbp';
  const ids = {} as Record<Ids, number>;
  const visits = {} as Record<string, string>;

  async function addCompany(name: string) {
    const [row] = await db().insert(companies).values({ companyName: name }).returning({ id: companies.id });
    return row!.id;
  }

  interface Visit {
    name: string;
    sex: '1' | '2';
    birthday: string;
    examDate: string;
    status: string;
    companyId?: number | null;
    packageId?: number | null;
    examType?: string;
    harmFactors?: string[] | null;
    conclusion?: string | null;
    confidential?: boolean;
    /** 终审 passed at this instant. */
    auditedAt?: string;
  }

  async function addVisit(v: Visit): Promise<string> {
    serial += 1;
    const [customer] = await db()
      .insert(customers)
      .values({ custName: v.name, sex: v.sex, birthday: v.birthday, specialFlag: v.confidential ? '1' : '0' })
      .returning({ id: customers.id });
    const orderId = `BIQ${String(serial).padStart(6, '0')}`;
    await db()
      .insert(orders)
      .values({
        orderId,
        customerId: customer!.id,
        examType: v.examType ?? 'health',
        harmFactors: v.harmFactors ?? null,
        companyId: v.companyId ?? null,
        packageId: v.packageId ?? null,
        status: v.status,
        examDate: v.examDate,
        totalPrice: '0.00',
        conclusion: v.conclusion ?? null,
      });
    if (v.auditedAt) {
      await db()
        .insert(reviews)
        .values({
          orderId,
          step: 'final',
          result: 'pass',
          reviewerId: 1,
          reviewerName: '终审医生',
          createdAt: new Date(v.auditedAt),
        });
    }
    return orderId;
  }

  const diag = (orderId: string, diagName: string, deptId: number | null, extra: object = {}) =>
    db()
      .insert(orderDiagnoses)
      .values({ orderId, diagName, deptId, ...extra })
      .returning({ id: orderDiagnoses.id });

  beforeAll(async () => {
    const account = 'bi_query_analyst';
    analyst = callerFor(
      server,
      await staffSession(db(), account, [
        'bi/dis_ana',
        'bi/occu_tutelage',
        ...[
          'examinee_query',
          'union_query',
          'abnormal_result_query',
          'diagnosis_query',
          'positive_result_query',
          'recheck_query',
        ].map((k) => `bi/query_report/${k}`),
      ]),
    );
    // An ordinary user: 保密 examinees are hidden from them.
    await db().update(users).set({ specialFlag: '0' }).where(eq(users.userAccount, account));

    ids.internal = (await addDept(db(), '统计内科')).deptId;
    ids.lab = (await addDept(db(), '统计检验科')).deptId;
    ids.coA = await addCompany('统计甲公司');
    ids.coB = await addCompany('统计乙公司');
    const [pkg] = await db()
      .insert(packages)
      .values({ packageCode: 'BIQ-P1', packageName: '统计套餐', price: '300.00' })
      .returning({ id: packages.id });
    ids.pkg = pkg!.id;
    const [u1, u2, u3] = await db()
      .insert(unions)
      .values([
        { unionCode: 'BIQ-U1', unionName: '统计血压', deptId: ids.internal, price: '10.00' },
        { unionCode: 'BIQ-U2', unionName: '统计血常规', deptId: ids.lab, price: '20.00' },
        { unionCode: 'BIQ-U3', unionName: '统计尿常规', deptId: ids.lab, price: '15.00' },
      ])
      .returning({ id: unions.id });
    ids.u1 = u1!.id;
    ids.u2 = u2!.id;
    ids.u3 = u3!.id;
    const [hb, sbp] = await db()
      .insert(examItems)
      .values([
        { itemCode: 'BIQ-HB', itemName: '统计血红蛋白', deptId: ids.lab, resultType: 'number' },
        { itemCode: 'BIQ-SBP', itemName: '统计收缩压', deptId: ids.internal, resultType: 'number' },
      ])
      .returning({ id: examItems.id });
    ids.hb = hb!.id;
    ids.sbp = sbp!.id;

    // June: five visits that came (ages on 2025-06-10), one 预登记, one in May.
    const day = '2025-06-10';
    visits.v1 = await addVisit({
      name: '张三丰',
      sex: '1',
      birthday: '1990-01-01',
      examDate: day,
      status: 'final_trial',
      companyId: ids.coA,
      packageId: ids.pkg,
      auditedAt: '2025-06-11T02:00:00Z',
    });
    visits.v2 = await addVisit({
      name: '李四',
      sex: '2',
      birthday: '1970-06-01',
      examDate: day,
      status: 'depts_done',
      companyId: ids.coA,
    });
    visits.v3 = await addVisit({
      name: '王小五',
      sex: '1',
      birthday: '2000-01-01',
      examDate: day,
      status: 'registered',
      companyId: ids.coB,
    });
    visits.v4 = await addVisit({
      name: '赵六',
      sex: '2',
      birthday: '1960-01-01',
      examDate: day,
      status: 'in_exam',
      confidential: true,
    });
    visits.v7 = await addVisit({
      name: '陈七七',
      sex: '1',
      birthday: '1988-03-01',
      examDate: day,
      status: 'registered',
      companyId: ids.coB,
    });
    visits.v5 = await addVisit({
      name: '钱八',
      sex: '1',
      birthday: '1985-01-01',
      examDate: day,
      status: 'prepared',
      companyId: ids.coA,
    });
    visits.may = await addVisit({
      name: '孙九',
      sex: '1',
      birthday: '1985-01-01',
      examDate: '2025-05-20',
      status: 'registered',
      companyId: ids.coA,
    });

    const [hyper] = await diag(visits.v1, '高血压', ids.internal);
    await diag(visits.v1, '脂肪肝', null);
    const [hyper2] = await diag(visits.v2, '高血压', ids.internal);
    await diag(visits.v2, '血压偏高', ids.internal, { mergedInto: hyper2!.id });
    await diag(visits.v3, '高血压', ids.internal);
    await diag(visits.v4, '脂肪肝', null);
    await diag(visits.v4, '隐藏结论', null, { hidden: true });
    await diag(visits.may, '高血压', ids.internal);
    expect(hyper).toBeDefined();

    const line = (orderId: string, unionId: number, deptId: number, status: string, returned = false) => ({
      orderId,
      unionId,
      deptId,
      status,
      price: '10.00',
      origin: 'package',
      returnedAt: returned ? new Date('2025-06-10T03:00:00Z') : null,
    });
    await db()
      .insert(orderUnions)
      .values([
        line(visits.v1, ids.u1, ids.internal, '1'),
        line(visits.v1, ids.u2, ids.lab, '0'),
        line(visits.v1, ids.u3, ids.lab, '0', true),
        line(visits.v2, ids.u1, ids.internal, '1'),
      ]);
    await db()
      .insert(itemResults)
      .values([
        { orderId: visits.v1, itemId: ids.hb, unionId: ids.u2, deptId: ids.lab, resultValue: '98', abnormalFlag: 'L' },
        {
          orderId: visits.v1,
          itemId: ids.sbp,
          unionId: ids.u1,
          deptId: ids.internal,
          resultValue: '150',
          unit: 'mmHg',
          refRange: '90-139',
          abnormalFlag: 'H',
        },
        { orderId: visits.v2, itemId: ids.sbp, unionId: ids.u1, deptId: ids.internal, resultValue: '120' },
      ]);
    await db().insert(criticalValues).values({ orderId: visits.v1, itemId: ids.hb, resultValue: '55' });
    await db()
      .insert(orderExceptions)
      .values([
        {
          orderId: visits.v2,
          exceptionType: 'dept',
          deptId: ids.internal,
          unionName: '统计血压',
          reviewException: '血压明显升高',
          exceptionUser: '内科医生',
          reviewExceptionFlag: '2',
        },
        { orderId: visits.v3, exceptionType: 'review', reviewException: '建议进一步检查', exceptionUser: '主检' },
      ]);

    // 复查: V1's re-exam done (its visit passed 终审), V2's waiting, V3's cancelled.
    visits.re1 = await addVisit({
      name: '张三丰',
      sex: '1',
      birthday: '1990-01-01',
      examDate: '2025-09-10',
      status: 'final_trial',
      examType: 'review',
    });
    const plan = { createdBy: 1, createdByName: '主检医生' };
    await db()
      .insert(reviewPlans)
      .values([
        {
          ...plan,
          orderId: visits.v1,
          unionIds: [ids.u1, ids.u2],
          dueDate: '2025-09-10',
          status: 'registered',
          reviewOrderId: visits.re1,
        },
        { ...plan, orderId: visits.v2, unionIds: [ids.u1], dueDate: '2025-07-10' },
        { ...plan, orderId: visits.v3, unionIds: [ids.u1], dueDate: '2025-08-10', status: 'cancelled' },
      ]);

    // July: occupational visits, their factors and 职业健康检查结论.
    await db()
      .insert(harmFactors)
      .values([
        { factorCode: 'BIQ-ZS', factorName: '统计噪声', category: 'physical', healthEffect: '听力损失' },
        { factorCode: 'BIQ-GC', factorName: '统计矽尘', category: 'dust', healthEffect: '尘肺' },
        { factorCode: 'BIQ-BEN', factorName: '统计苯', category: 'chemical', healthEffect: '血液' },
      ]);
    const occu = (v: Partial<Visit> & Pick<Visit, 'name' | 'sex' | 'status'>) =>
      addVisit({ birthday: '1980-01-01', examDate: '2025-07-15', examType: 'occupational', ...v });
    const concluded = (category: string) => `职业健康检查结论：${category}\n详见报告`;
    visits.o1 = await occu({
      name: '周一',
      sex: '1',
      status: 'final_trial',
      companyId: ids.coA,
      harmFactors: ['统计噪声', 'BIQ-GC'],
      conclusion: concluded('职业禁忌证'),
      auditedAt: '2025-07-16T02:00:00Z',
    });
    visits.o2 = await occu({
      name: '吴二',
      sex: '2',
      status: 'final_trial',
      companyId: ids.coA,
      harmFactors: ['统计噪声'],
      conclusion: concluded('目前未见异常'),
      auditedAt: '2025-07-16T02:00:00Z',
    });
    visits.o6 = await occu({ name: '卫六', sex: '2', status: 'registered', companyId: ids.coA });
    visits.o3 = await occu({
      name: '郑三',
      sex: '1',
      status: 'main_trial',
      companyId: ids.coB,
      harmFactors: ['统计苯'],
      conclusion: concluded('疑似职业病'),
    });
    visits.o4 = await occu({
      name: '冯四',
      sex: '1',
      status: 'final_trial',
      companyId: ids.coB,
      harmFactors: ['统计苯'],
      conclusion: concluded('疑似职业病'),
      auditedAt: '2025-07-17T02:00:00Z',
    });
    await occu({ name: '褚五', sex: '1', status: 'prepared', companyId: ids.coA, harmFactors: ['统计噪声'] });
    await addVisit({
      name: '蒋健',
      sex: '1',
      birthday: '1980-01-01',
      examDate: '2025-07-15',
      status: 'registered',
      companyId: ids.coA,
    });

    await refreshStatistics(db());
  });

  async function query(report: BiReport, filter: Record<string, string | number>): Promise<BiResult> {
    const res = await analyst.get(report.routes.query.path, { size: 100, ...filter });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as BiResult;
  }

  async function drill(report: BiReport, filter: Record<string, string | number>, row: BiRow) {
    const rowKey = (report.spec.rowKey ?? []).map((k) => String(row[k] ?? '')).join(ROW_KEY_SEPARATOR);
    const res = await analyst.get(report.routes.drill.path, { size: 100, ...filter, row_key: rowKey });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as { list: BiRow[]; total: number };
  }

  const pick = (rows: readonly BiRow[], keys: string[]) => rows.map((r) => keys.map((k) => r[k]));

  describe('疾病分析', () => {
    const measures = [
      'diag_name',
      'dept_name',
      'dim_name',
      'male_count',
      'female_count',
      'found_count',
      'visit_count',
      'found_rate',
    ];

    it('counts the people with each conclusion over the visits that came, men and women, with the rate', async () => {
      const result = await query(disAnaReport, JUNE);
      expect(pick(result.list, measures)).toEqual([
        ['高血压', '统计内科', '全部', 2, 1, 3, 5, 60],
        ['脂肪肝', '总检', '全部', 1, 1, 2, 5, 40],
      ]);
      // 参检人数 is the same visits on every row: not added up, and no rate over a false total.
      expect(result.summary).toEqual({ male_count: 3, female_count: 2, found_count: 5, found_rate: null });
      expect(result.as_of).not.toBeNull();
    });

    it('groups by 年龄段 and by 单位, each over its own visits', async () => {
      const bands = await query(disAnaReport, { ...JUNE, dimension: 'age_band' });
      // Equal counts fall back to the conclusion's name, whose order is the database's collation: compare as sets.
      expect(pick(bands.list, ['diag_name', 'dim_name', 'found_count', 'visit_count', 'found_rate']).sort()).toEqual(
        [
          ['高血压', '30-39岁', 1, 2, 50],
          ['高血压', '30岁以下', 1, 1, 100],
          ['高血压', '50-59岁', 1, 1, 100],
          ['脂肪肝', '30-39岁', 1, 2, 50],
          ['脂肪肝', '60岁及以上', 1, 1, 100],
        ].sort(),
      );
      const byCompany = await query(disAnaReport, { ...JUNE, dimension: 'company' });
      const rates = Object.fromEntries(
        byCompany.list.map((r) => [`${r.diag_name}/${r.dim_name}`, [r.found_count, r.visit_count, r.found_rate]]),
      );
      expect(rates).toEqual({
        '高血压/统计甲公司': [2, 2, 100],
        '高血压/统计乙公司': [1, 2, 50],
        '脂肪肝/统计甲公司': [1, 2, 50],
        '脂肪肝/个人': [1, 1, 100],
      });
    });

    it('filters by 性别, 年龄段, 科室, 单位 and by 审核日期', async () => {
      const women = await query(disAnaReport, { ...JUNE, sex: '2' });
      expect(
        women.list.map((r) => [r.diag_name, r.female_count, r.found_count, r.visit_count, r.found_rate]).sort(),
      ).toEqual(
        [
          ['脂肪肝', 1, 1, 2, 50],
          ['高血压', 1, 1, 2, 50],
        ].sort(),
      );
      const thirties = await query(disAnaReport, { ...JUNE, age_band: '30' });
      expect(thirties.list.map((r) => [r.diag_name, r.found_count, r.visit_count]).sort()).toEqual(
        [
          ['脂肪肝', 1, 2],
          ['高血压', 1, 2],
        ].sort(),
      );
      const internal = await query(disAnaReport, { ...JUNE, dept_id: ids.internal });
      expect(pick(internal.list, ['diag_name', 'found_count', 'visit_count'])).toEqual([['高血压', 3, 5]]);
      const coB = await query(disAnaReport, { ...JUNE, company_id: ids.coB });
      expect(pick(coB.list, ['diag_name', 'found_count', 'visit_count', 'found_rate'])).toEqual([['高血压', 1, 2, 50]]);
      const audited = await query(disAnaReport, { date_kind: 'audit', date_from: '2025-06-11', date_to: '2025-06-11' });
      expect(audited.list.map((r) => [r.diag_name, r.found_count, r.visit_count]).sort()).toEqual(
        [
          ['脂肪肝', 1, 1],
          ['高血压', 1, 1],
        ].sort(),
      );
    });

    it('drills from a conclusion to its people, names masked', async () => {
      const result = await query(disAnaReport, JUNE);
      const people = await drill(disAnaReport, JUNE, result.list[0]!);
      expect(people.total).toBe(3);
      expect(people.list.map((r) => r.cust_name).sort()).toEqual(['张*丰', '李*', '王*五'].sort());
      expect(people.list.map((r) => r.order_id).sort()).toEqual([visits.v1, visits.v2, visits.v3].sort());
      const fatty = await drill(disAnaReport, JUNE, result.list[1]!);
      // 赵六 is 保密: hidden from a user without 保密权限.
      expect(fatty.list.map((r) => r.cust_name).sort()).toEqual(['***', '张*丰'].sort());
    });
  });

  describe('查询报表', () => {
    it('体检人员查询: one row per visit, masked, no ID number, filtered by 姓名, 单位, 套餐, 状态 and 审核日期', async () => {
      const all = await query(examineeQueryReport, JUNE);
      expect(all.total).toBe(6);
      const v1 = all.list.find((r) => r.order_id === visits.v1)!;
      expect(v1).toMatchObject({
        cust_name: maskName('张三丰'),
        sex_name: '男',
        age: '35',
        company_name: '统计甲公司',
        exam_date: '2025-06-10',
        exam_type_name: '健康体检',
        package_name: '统计套餐',
        audit_date: '2025-06-11',
        status_name: '已终审',
        line_count: 2,
        done_count: 1,
      });
      expect(all.list.find((r) => r.order_id === visits.v4)!.cust_name).toBe('***');
      expect(all.list.flatMap((r) => Object.keys(r)).filter((k) => ID_CARD_KEYS.test(k))).toEqual([]);
      // The item counts are per person: the 合计 row does not add them up.
      expect(all.summary).toEqual({});

      const byName = await query(examineeQueryReport, { ...JUNE, name: '张' });
      expect(byName.list.map((r) => r.order_id)).toEqual([visits.v1]);
      const byCompany = await query(examineeQueryReport, { ...JUNE, company_id: ids.coA });
      expect(byCompany.list.map((r) => r.order_id).sort()).toEqual([visits.v1, visits.v2, visits.v5].sort());
      const byPackage = await query(examineeQueryReport, { ...JUNE, package_id: ids.pkg });
      expect(byPackage.list.map((r) => r.order_id)).toEqual([visits.v1]);
      const byStatus = await query(examineeQueryReport, { ...JUNE, status: 'prepared' });
      expect(byStatus.list.map((r) => r.order_id)).toEqual([visits.v5]);
      const audited = await query(examineeQueryReport, {
        date_kind: 'audit',
        date_from: '2025-06-11',
        date_to: '2025-06-11',
      });
      expect(audited.list.map((r) => r.order_id)).toEqual([visits.v1]);

      const lines = await drill(examineeQueryReport, JUNE, v1);
      expect(pick(lines.list, ['union_name', 'exec_name']).sort()).toEqual(
        [
          ['统计血压', '已检'],
          ['统计血常规', '未检'],
        ].sort(),
      );
    });

    it('项目查询: one row per line not returned, by 科室, 项目 and 状态', async () => {
      const all = await query(unionQueryReport, JUNE);
      expect(all.total).toBe(3);
      expect(all.summary).toEqual({ line_count: 3 });
      const lab = await query(unionQueryReport, { ...JUNE, dept_id: ids.lab });
      expect(pick(lab.list, ['order_id', 'cust_name', 'union_name', 'exec_name'])).toEqual([
        [visits.v1, '张*丰', '统计血常规', '未检'],
      ]);
      const bp = await query(unionQueryReport, { ...JUNE, union_id: ids.u1 });
      expect(bp.list.map((r) => r.order_id).sort()).toEqual([visits.v1, visits.v2].sort());
      const done = await query(unionQueryReport, { ...JUNE, status: '1' });
      expect(done.total).toBe(2);
      const none = await query(unionQueryReport, { ...JUNE, union_id: ids.u3 });
      expect(none.total).toBe(0);
    });

    it('异常结果查询: the flagged results only, by 科室 and 异常标志', async () => {
      const all = await query(abnormalResultQueryReport, JUNE);
      expect(all.total).toBe(2);
      const high = await query(abnormalResultQueryReport, { ...JUNE, flag: 'H' });
      expect(
        pick(high.list, [
          'cust_name',
          'dept_name',
          'union_name',
          'item_name',
          'result_value',
          'unit',
          'ref_range',
          'flag_name',
        ]),
      ).toEqual([['张*丰', '统计内科', '统计血压', '统计收缩压', '150', 'mmHg', '90-139', '偏高']]);
      const lab = await query(abnormalResultQueryReport, { ...JUNE, dept_id: ids.lab });
      expect(pick(lab.list, ['item_name', 'result_value', 'flag_name'])).toEqual([['统计血红蛋白', '98', '偏低']]);
    });

    it('诊断查询: the conclusions shown in the report, by 结论词 and 科室', async () => {
      const all = await query(diagnosisQueryReport, JUNE);
      expect(all.list.map((r) => `${r.order_id}/${r.diag_name}`).sort()).toEqual(
        [
          `${visits.v1}/高血压`,
          `${visits.v1}/脂肪肝`,
          `${visits.v2}/高血压`,
          `${visits.v3}/高血压`,
          `${visits.v4}/脂肪肝`,
        ].sort(),
      );
      const fatty = await query(diagnosisQueryReport, { ...JUNE, diag_name: '脂肪' });
      expect(pick(fatty.list, ['cust_name', 'dept_name', 'diag_name']).sort()).toEqual(
        [
          ['***', '总检', '脂肪肝'],
          ['张*丰', '总检', '脂肪肝'],
        ].sort(),
      );
      const internal = await query(diagnosisQueryReport, { ...JUNE, dept_id: ids.internal });
      expect(internal.total).toBe(3);
    });

    it('阳性结果查询: 危急值 and 阳性 flags, by 类别 and 处理状态', async () => {
      const all = await query(positiveResultQueryReport, JUNE);
      expect(all.total).toBe(3);
      const critical = await query(positiveResultQueryReport, { ...JUNE, kind: 'critical' });
      expect(pick(critical.list, ['order_id', 'kind_name', 'dept_name', 'content', 'handled_name'])).toEqual([
        [visits.v1, '危急值', '统计检验科', '统计血红蛋白：55', '未处理'],
      ]);
      const handled = await query(positiveResultQueryReport, { ...JUNE, handled: '1' });
      expect(pick(handled.list, ['cust_name', 'kind_name', 'dept_name', 'content'])).toEqual([
        ['李*', '科室阳性', '统计内科', '统计血压：血压明显升高'],
      ]);
      const review = await query(positiveResultQueryReport, { ...JUNE, kind: 'review' });
      expect(pick(review.list, ['cust_name', 'dept_name', 'content', 'handled_name'])).toEqual([
        ['王*五', '总检', '建议进一步检查', '未处理'],
      ]);
    });

    it('复查人员查询: each re-exam with its items and state, 已完成 once the re-exam passed 终审', async () => {
      const all = await query(recheckQueryReport, JUNE);
      expect(
        pick(all.list, ['order_id', 'cust_name', 'union_names', 'due_date', 'status_name', 'review_order_id']),
      ).toEqual([
        [visits.v2, '李*', '统计血压', '2025-07-10', '待复查', null],
        [visits.v3, '王*五', '统计血压', '2025-08-10', '已取消', null],
        [visits.v1, '张*丰', '统计血压、统计血常规', '2025-09-10', '已完成', visits.re1],
      ]);
      const done = await query(recheckQueryReport, { ...JUNE, status: 'done' });
      expect(done.list.map((r) => r.order_id)).toEqual([visits.v1]);
      const pending = await query(recheckQueryReport, { ...JUNE, status: 'pending', company_id: ids.coA });
      expect(pending.list.map((r) => r.order_id)).toEqual([visits.v2]);
    });
  });

  describe('职业健康监护', () => {
    const counts = [
      'visit_count',
      'male_count',
      'female_count',
      'audited_count',
      'normal_count',
      'recheck_count',
      'suspected_count',
      'forbidden_count',
      'other_count',
    ];

    it('by 用人单位: occupational visits that came, with the conclusions after 终审', async () => {
      const result = await query(occuEmployerReport, JULY);
      expect(pick(result.list, ['company_name', ...counts])).toEqual([
        ['统计甲公司', 3, 1, 2, 2, 1, 0, 0, 1, 0],
        ['统计乙公司', 2, 2, 0, 1, 0, 0, 1, 0, 0],
      ]);
      expect(result.summary).toMatchObject({
        visit_count: 5,
        audited_count: 3,
        suspected_count: 1,
        forbidden_count: 1,
      });
      const people = await drill(occuEmployerReport, JULY, result.list[0]!);
      expect(pick(people.list, ['cust_name', 'harm_factors', 'category']).sort()).toEqual(
        [
          ['周一', '统计噪声、BIQ-GC', '职业禁忌证'],
          ['吴二', '统计噪声', '目前未见异常'],
          ['卫六', '', '（未终审）'],
        ]
          .map(([name, ...rest]) => [maskName(name!), ...rest])
          .sort(),
      );
    });

    it('by 危害因素: each factor under its 类别, a person under each of their factors', async () => {
      const result = await query(occuFactorReport, JULY);
      const byFactor = Object.fromEntries(
        result.list.map((r) => [r.factor_name, [r.category_name, ...counts.map((k) => r[k])]]),
      );
      expect(byFactor).toEqual({
        统计噪声: ['物理因素', 2, 1, 1, 2, 1, 0, 0, 1, 0],
        'BIQ-GC': ['粉尘', 1, 1, 0, 1, 0, 0, 0, 1, 0],
        统计苯: ['化学因素', 2, 2, 0, 1, 0, 0, 1, 0, 0],
        '（未登记）': ['未分类', 1, 0, 1, 0, 0, 0, 0, 0, 0],
      });
      const benzene = result.list.find((r) => r.factor_name === '统计苯')!;
      const people = await drill(occuFactorReport, JULY, benzene);
      expect(pick(people.list, ['order_id', 'category']).sort()).toEqual(
        [
          [visits.o3, '（未终审）'],
          [visits.o4, '疑似职业病'],
        ].sort(),
      );
      const none = result.list.find((r) => r.factor_name === '（未登记）')!;
      expect((await drill(occuFactorReport, JULY, none)).list.map((r) => r.order_id)).toEqual([visits.o6]);
    });
  });

  it('takes a line listing a quarter at a time, and says so in Chinese past 92 days', async () => {
    const quarter = { date_from: '2026-01-01', date_to: '2026-04-02' }; // 92 days
    expect((await analyst.get(unionQueryReport.routes.query.path, quarter)).json().status).toBe(200);
    const longer = await analyst.get(unionQueryReport.routes.query.path, { ...quarter, date_to: '2026-04-03' });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().msg).toBe('该报表的查询区间不能超过92天，请缩小日期范围');
    // A listing of people keeps the 3 years of every report.
    const year = { date_from: '2025-01-01', date_to: '2025-12-31' };
    expect((await analyst.get(examineeQueryReport.routes.query.path, year)).json().status).toBe(200);
  });

  it('refuses every report to a role without its screen', async () => {
    const other = callerFor(server, await staffSession(db(), 'bi_query_other', ['bi/report_export/payment_method']));
    for (const report of [disAnaReport, examineeQueryReport, recheckQueryReport, occuEmployerReport]) {
      const res = await other.get(report.routes.query.path, JUNE);
      expect(res.statusCode, report.spec.key).toBe(403);
      expect(res.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
    }
  });
});
