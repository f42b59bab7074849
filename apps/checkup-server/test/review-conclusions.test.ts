import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type ReviewConclusion, type UserInfo, type VisitHistory } from '@checkup/api-contract';
import {
  auditLog,
  diagnoses,
  examItems,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orders,
  unionItems,
  unions,
  users,
} from '../src/db/schema.js';
import { saveDeptResults } from '../src/modules/dept-diag/dept-results-service.js';
import { readReportData } from '../src/modules/report/report-data.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';
import { addReviewedOrder } from './report-fixture.js';

const API = '/manager/api/examreview';
const DAY = '2031-03-10';

/** Issue 20: 总检's conclusion grid (hide, order, merge/split, 存入诊断库, advice) and the history. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let chief: ReturnType<typeof callerFor>;
  let chief2: ReturnType<typeof callerFor>;
  let reviewer: ReturnType<typeof callerFor>;
  let doctor: ReturnType<typeof callerFor>;
  let doctorId: number;
  let deptA: number;
  let deptB: number;

  const idOf = async (account: string) =>
    (await db().select({ id: users.id }).from(users).where(eq(users.userAccount, account)))[0]!.id;

  /** A visit waiting for 主审: a diagnosis from each of two signed departments, signed by doctor1. */
  async function visit(status = 'first_trial', fields: { idCard?: string; date?: string } = {}) {
    const orderId = await addOrder(db(), { status, idCard: fields.idCard, examDate: fields.date ?? DAY });
    await db()
      .insert(orderDepts)
      .values([
        { orderId, deptId: deptA, examDate: DAY, status: '2', signUserId: doctorId },
        { orderId, deptId: deptB, examDate: DAY, status: '2', signUserId: doctorId },
      ]);
    await db()
      .insert(orderDiagnoses)
      .values([
        { orderId, deptId: deptB, diagName: '脂肪肝', advice: '低脂饮食', sort: 1 },
        { orderId, deptId: deptA, diagName: '血压偏高', advice: '低盐饮食', sort: 1 },
        { orderId, deptId: deptA, diagName: '心动过缓', advice: '复查心电图', sort: 2, addedByName: '科室张医生' },
      ]);
    return orderId;
  }

  const grid = async (orderId: string): Promise<ReviewConclusion[]> =>
    (await chief.get(`${API}/conclusions`, { order_id: orderId })).json().data;
  const names = (list: ReviewConclusion[]) => list.map((c) => c.diag_name);
  const idByName = async (orderId: string, name: string) => (await grid(orderId)).find((c) => c.diag_name === name)!.id;
  const call = (path: string, fields: Record<string, string | number>, caller = chief) =>
    caller.post(`${API}/${path}`, fields);
  const reportOf = async (orderId: string) => (await readReportData(db(), testPersonalData, orderId))!;

  beforeAll(async () => {
    chief = callerFor(server, await tokenFor(server, 'chief', DEMO_PASSWORD));
    chief2 = callerFor(server, await tokenFor(server, 'chief2', DEMO_PASSWORD));
    reviewer = callerFor(server, await tokenFor(server, 'reviewer', DEMO_PASSWORD));
    doctor = callerFor(server, await tokenFor(server, 'doctor1', DEMO_PASSWORD));
    doctorId = await idOf('doctor1');
    ({ deptId: deptA } = await addDept(db(), '结论内科'));
    ({ deptId: deptB } = await addDept(db(), '结论超声科'));
  });

  describe('the conclusion grid', () => {
    it('lists each conclusion with its department and who added it, in department order', async () => {
      const orderId = await visit();
      const list = await grid(orderId);
      expect(list.map((c) => [c.diag_name, c.dept_name, c.origin, c.added_by_name, c.hidden])).toEqual([
        ['血压偏高', '结论内科', 'dept', '陈建华', false],
        ['心动过缓', '结论内科', 'dept', '科室张医生', false],
        ['脂肪肝', '结论超声科', 'dept', '陈建华', false],
      ]);
    });

    it('adds a conclusion in 总检 with personal and group advice, refuses a duplicate, and audits it', async () => {
      const orderId = await visit();
      const added = await call('conclusion_add', {
        order_id: orderId,
        diag_name: '高脂血症',
        advice: '控制饮食',
        group_advice: '建议单位组织健康讲座',
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().data.at(-1)).toMatchObject({
        diag_name: '高脂血症',
        dept_name: null,
        origin: 'review',
        added_by_name: '周文博',
        advice: '控制饮食',
        group_advice: '建议单位组织健康讲座',
      });

      const twice = await call('conclusion_add', { order_id: orderId, diag_name: '高脂血症' });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().msg).toBe('结论「高脂血症」已在列表中');
      const blank = await call('conclusion_add', { order_id: orderId, diag_name: '  ' });
      expect(blank.json().msg).toBe('请填写结论名称');
      const unknown = await call('conclusion_add', { order_id: orderId, diag_id: 999999, diag_name: '某诊断' });
      expect(unknown.json().msg).toBe('所选诊断不存在或已停用');

      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, orderId), eq(auditLog.action, 'review_conclusion')));
      expect(audits.map((a) => (a.detail as { op: string }).op)).toEqual(['add']);

      // The report's conclusions carry the group advice, for 团体报告.
      const report = await reportOf(orderId);
      expect(report.diagnoses.at(-1)).toEqual({
        name: '高脂血症',
        advice: '控制饮食',
        groupAdvice: '建议单位组织健康讲座',
      });
    });

    it('adjusts a department diagnosis’s name and advice texts', async () => {
      const orderId = await visit();
      const id = await idByName(orderId, '血压偏高');
      const res = await call('conclusion_edit', {
        order_id: orderId,
        id,
        diag_name: '高血压',
        advice: '低盐饮食，监测血压',
        group_advice: '单位高血压人群较多',
      });
      expect(res.json().data[0]).toMatchObject({ id, diag_name: '高血压', group_advice: '单位高血压人群较多' });
      const clash = await call('conclusion_edit', { order_id: orderId, id, diag_name: '脂肪肝' });
      expect(clash.json().msg).toBe('结论「脂肪肝」已在列表中');
    });

    it('hides a conclusion from the report — its list, its department and the PDF — and shows it again', async () => {
      const orderId = await visit();
      const id = await idByName(orderId, '心动过缓');
      const hidden = await call('conclusion_hide', { order_id: orderId, id, hidden: '1' });
      expect(hidden.json().data.find((c: ReviewConclusion) => c.id === id).hidden).toBe(true);

      const report = await reportOf(orderId);
      expect(report.diagnoses.map((d) => d.name)).toEqual(['血压偏高', '脂肪肝']);
      expect(report.depts.find((d) => d.deptId === deptA)!.diagnoses.map((d) => d.name)).toEqual(['血压偏高']);

      await db().update(orders).set({ status: 'final_trial' }).where(eq(orders.orderId, orderId));
      const pdf = await chief.get('/manager/api/report/report_pdf', { order_id: orderId });
      expect(pdf.statusCode).toBe(403); // the chief does not open print_rpt
      const admin = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
      const { text } = await readPdf(
        (await admin.get('/manager/api/report/report_pdf', { order_id: orderId })).rawPayload,
      );
      expect(text).toContain('血压偏高');
      expect(text).not.toContain('心动过缓');

      await db().update(orders).set({ status: 'first_trial' }).where(eq(orders.orderId, orderId));
      await call('conclusion_hide', { order_id: orderId, id, hidden: '0' });
      expect((await reportOf(orderId)).diagnoses.map((d) => d.name)).toContain('心动过缓');
    }, 60_000);

    it('moves conclusions up and down, keeps the order, and the report follows it', async () => {
      const orderId = await visit();
      const fat = await idByName(orderId, '脂肪肝');
      expect(
        names((await call('conclusion_move', { order_id: orderId, id: fat, direction: 'up' })).json().data),
      ).toEqual(['血压偏高', '脂肪肝', '心动过缓']);
      await call('conclusion_move', { order_id: orderId, id: fat, direction: 'up' });
      expect(names(await grid(orderId))).toEqual(['脂肪肝', '血压偏高', '心动过缓']);

      const top = await call('conclusion_move', { order_id: orderId, id: fat, direction: 'up' });
      expect(top.statusCode).toBe(400);
      expect(top.json().msg).toBe('「脂肪肝」已在最前');
      const bottom = await call('conclusion_move', {
        order_id: orderId,
        id: await idByName(orderId, '心动过缓'),
        direction: 'down',
      });
      expect(bottom.json().msg).toBe('「心动过缓」已在最后');

      // A conclusion added after the order was set goes last; the report prints the same order.
      await call('conclusion_add', { order_id: orderId, diag_name: '超重' });
      expect(names(await grid(orderId))).toEqual(['脂肪肝', '血压偏高', '心动过缓', '超重']);
      expect((await reportOf(orderId)).diagnoses.map((d) => d.name)).toEqual([
        '脂肪肝',
        '血压偏高',
        '心动过缓',
        '超重',
      ]);
      // A department's own section keeps its doctor's order.
      const deptSection = (await reportOf(orderId)).depts.find((d) => d.deptId === deptA)!;
      expect(deptSection.diagnoses.map((d) => d.name)).toEqual(['血压偏高', '心动过缓']);
    });

    it('merges two conclusions into one in the first one’s place, refuses deleting it until split, and splits back', async () => {
      const orderId = await visit();
      const pressure = await idByName(orderId, '血压偏高');
      const fat = await idByName(orderId, '脂肪肝');
      const merged = await call('conclusion_merge', {
        order_id: orderId,
        ids: JSON.stringify([fat, pressure]),
        diag_name: '代谢异常',
        advice: '低盐低脂饮食',
        group_advice: '代谢异常人群干预',
      });
      expect(merged.statusCode).toBe(200);
      const list: ReviewConclusion[] = merged.json().data;
      expect(names(list)).toEqual(['代谢异常', '心动过缓']);
      expect(list[0]).toMatchObject({ origin: 'merge', added_by_name: '周文博', dept_name: null });
      expect(list[0]!.members.map((m) => [m.diag_name, m.dept_name])).toEqual([
        ['血压偏高', '结论内科'],
        ['脂肪肝', '结论超声科'],
      ]);
      const mergedId = list[0]!.id;

      // The report prints the merged one, not its parts.
      const report = await reportOf(orderId);
      expect(report.diagnoses).toEqual([
        { name: '代谢异常', advice: '低盐低脂饮食', groupAdvice: '代谢异常人群干预' },
        { name: '心动过缓', advice: '复查心电图', groupAdvice: '' },
      ]);

      const del = await call('conclusion_delete', { order_id: orderId, id: mergedId });
      expect(del.statusCode).toBe(409);
      expect(del.json().msg).toBe('「代谢异常」是合并的结论，请先拆分再删除');
      const part = await call('conclusion_delete', { order_id: orderId, id: fat });
      expect(part.json().msg).toBe('「脂肪肝」已合并到「代谢异常」，请先拆分再删除');
      const hidePart = await call('conclusion_hide', { order_id: orderId, id: fat, hidden: '1' });
      expect(hidePart.json().msg).toBe('「脂肪肝」已合并到「代谢异常」，请先拆分再隐藏');
      const movePart = await call('conclusion_move', { order_id: orderId, id: fat, direction: 'up' });
      expect(movePart.json().msg).toBe('「脂肪肝」已合并到「代谢异常」，请先拆分再移动');
      const again = await call('conclusion_merge', {
        order_id: orderId,
        ids: JSON.stringify([mergedId, await idByName(orderId, '心动过缓')]),
        diag_name: '再合并',
      });
      expect(again.json().msg).toBe('「代谢异常」已是合并的结论，请先拆分');
      const one = await call('conclusion_merge', { order_id: orderId, ids: JSON.stringify([fat]), diag_name: 'x' });
      expect(one.json().msg).toBe('请至少选择两条结论合并');

      const split = await call('conclusion_split', { order_id: orderId, id: mergedId });
      expect(names(split.json().data)).toEqual(['血压偏高', '脂肪肝', '心动过缓']);
      expect(await db().select().from(orderDiagnoses).where(eq(orderDiagnoses.id, mergedId))).toEqual([]);
      const notMerged = await call('conclusion_split', { order_id: orderId, id: fat });
      expect(notMerged.json().msg).toBe('「脂肪肝」不是合并的结论，无需拆分');
      expect((await reportOf(orderId)).diagnoses.map((d) => d.name)).toEqual(['血压偏高', '脂肪肝', '心动过缓']);

      const ops = await db()
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.target, orderId), eq(auditLog.action, 'review_conclusion')))
        .orderBy(asc(auditLog.id));
      expect(ops.map((o) => (o.detail as { op: string }).op)).toEqual(['merge', 'split']);
    });

    it('deletes only what 总检 added; a department diagnosis can be hidden instead', async () => {
      const orderId = await visit();
      const dept = await call('conclusion_delete', { order_id: orderId, id: await idByName(orderId, '脂肪肝') });
      expect(dept.statusCode).toBe(409);
      expect(dept.json().msg).toBe('「脂肪肝」是结论超声科的诊断，不能在总检中删除，可设为报告中隐藏');
      await call('conclusion_add', { order_id: orderId, diag_name: '超重' });
      const gone = await call('conclusion_delete', { order_id: orderId, id: await idByName(orderId, '超重') });
      expect(names(gone.json().data)).toEqual(['血压偏高', '心动过缓', '脂肪肝']);
    });

    it('refuses changes while another reviewer holds the lock, outside review, and to a role without the screen', async () => {
      const orderId = await visit();
      const id = await idByName(orderId, '脂肪肝');
      expect((await chief2.post(`${API}/review_lock`, { order_id: orderId })).statusCode).toBe(200);
      const locked = await call('conclusion_hide', { order_id: orderId, id, hidden: '1' });
      expect(locked.statusCode).toBe(423);
      await chief2.post(`${API}/review_unlock`, { order_id: orderId });

      const notStarted = await visit('in_exam');
      const early = await call('conclusion_add', { order_id: notStarted, diag_name: '超重' });
      expect(early.statusCode).toBe(409);
      expect(early.json().msg).toBe('订单当前状态为「检查中」，不在总检审核中');

      expect((await doctor.get(`${API}/conclusions`, { order_id: orderId })).statusCode).toBe(403);
      expect((await call('conclusion_hide', { order_id: orderId, id, hidden: '1' }, doctor)).statusCode).toBe(403);
      const [row] = await db().select().from(orderDiagnoses).where(eq(orderDiagnoses.id, id));
      expect(row!.hidden).toBe(false);

      const other = await visit();
      const stranger = await call('conclusion_hide', { order_id: other, id, hidden: '1' });
      expect(stranger.statusCode).toBe(404);
    });

    it('keeps what 总检 set when a department saves its diagnoses again after a return', async () => {
      const orderId = await visit();
      await call('conclusion_hide', { order_id: orderId, id: await idByName(orderId, '心动过缓'), hidden: '1' });
      await call('conclusion_move', { order_id: orderId, id: await idByName(orderId, '脂肪肝'), direction: 'up' });
      // Returned to the departments: 结论内科 reopened and saved again with one more diagnosis.
      await db().update(orders).set({ status: 'in_exam' }).where(eq(orders.orderId, orderId));
      await db()
        .update(orderDepts)
        .set({ status: '1' })
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptA)));
      const user = { id: doctorId, user_account: 'doctor1', user_name: '陈建华' } as UserInfo;
      await saveDeptResults(
        db(),
        {
          order_id: orderId,
          exam_dept_id: deptA,
          results: [],
          summary: [],
          diag_list: [
            { diag_id: null, diag_name: '血压偏高', advice: '低盐饮食', doctor_created_flag: '0' },
            { diag_id: null, diag_name: '心动过缓', advice: '复查心电图', doctor_created_flag: '0' },
            { diag_id: null, diag_name: '窦性心律不齐', advice: '', doctor_created_flag: '1' },
          ],
        } as unknown as Parameters<typeof saveDeptResults>[1],
        user,
        '127.0.0.1',
      );
      await db().update(orders).set({ status: 'first_trial' }).where(eq(orders.orderId, orderId));
      const list = await grid(orderId);
      expect(list.map((c) => [c.diag_name, c.hidden, c.added_by_name])).toEqual([
        ['血压偏高', false, '陈建华'],
        ['脂肪肝', false, '陈建华'],
        ['心动过缓', true, '科室张医生'],
        ['窦性心律不齐', false, '陈建华'],
      ]);
    });
  });

  describe('存入诊断库', () => {
    it('saves a free-text word to the diagnosis dictionary with its department and advice, once', async () => {
      const orderId = await visit();
      await call('conclusion_add', { order_id: orderId, diag_name: '总检自拟结论甲', advice: '复查颈动脉彩超' });
      const id = await idByName(orderId, '总检自拟结论甲');
      const saved = await call('conclusion_to_dict', { order_id: orderId, id });
      expect(saved.statusCode).toBe(200);
      const { diag_id: diagId, diag_code: code, conclusions } = saved.json().data;
      expect(code).toMatch(/^ZJ\d{5}$/);
      const [dict] = await db().select().from(diagnoses).where(eq(diagnoses.id, diagId));
      expect(dict).toMatchObject({
        diagCode: code,
        diagName: '总检自拟结论甲',
        deptId: null,
        advice: '复查颈动脉彩超',
        isContagion: false,
        seriousType: '0',
        isActive: true,
      });
      expect(conclusions.find((c: ReviewConclusion) => c.id === id).diag_id).toBe(diagId);

      const twice = await call('conclusion_to_dict', { order_id: orderId, id });
      expect(twice.json().msg).toBe('「总检自拟结论甲」已是诊断库中的诊断');

      // A department's free-text word goes in under that department; a word already there is refused.
      await db()
        .insert(orderDiagnoses)
        .values({ orderId, deptId: deptA, diagName: '科室自拟结论乙', advice: '随访', sort: 3 });
      const deptWord = await call('conclusion_to_dict', {
        order_id: orderId,
        id: await idByName(orderId, '科室自拟结论乙'),
      });
      const [deptDict] = await db().select().from(diagnoses).where(eq(diagnoses.id, deptWord.json().data.diag_id));
      expect(deptDict).toMatchObject({ diagName: '科室自拟结论乙', deptId: deptA, advice: '随访' });
      const other = await visit();
      await call('conclusion_add', { order_id: other, diag_name: '总检自拟结论甲' });
      const taken = await call('conclusion_to_dict', { order_id: other, id: await idByName(other, '总检自拟结论甲') });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().msg).toBe(`诊断库中已有「总检自拟结论甲」（编码 ${code}），请从诊断库选择`);

      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, orderId), eq(auditLog.action, 'review_diag_to_dict')));
      expect(audits).toHaveLength(2);
    });

    it('refuses a reviewer without the 存入诊断库 permission (403), and writes nothing', async () => {
      const orderId = await visit('main_trial');
      const id = await idByName(orderId, '脂肪肝');
      const before = (await db().select({ id: diagnoses.id }).from(diagnoses)).length;
      const res = await call('conclusion_to_dict', { order_id: orderId, id }, reviewer);
      expect(res.statusCode).toBe(403);
      expect((await db().select({ id: diagnoses.id }).from(diagnoses)).length).toBe(before);
      const [row] = await db().select().from(orderDiagnoses).where(eq(orderDiagnoses.id, id));
      expect(row!.diagId).toBeNull();
    });
  });

  describe('history', () => {
    const ID_CARD = '110101198203040019';

    it('sets the same person’s earlier visits beside this one, marking abnormal and changed values', async () => {
      const earlier = await addReviewedOrder(db(), {
        status: 'final_trial',
        idCard: ID_CARD,
        examDate: '2030-03-01',
        unionCodes: ['XCG'],
      });
      const unfinished = await addReviewedOrder(db(), {
        status: 'in_exam',
        idCard: ID_CARD,
        examDate: '2030-09-01',
        unionCodes: ['XCG'],
      });
      // Not shown: registered only, a later visit, another person.
      await addOrder(db(), { status: 'registered', idCard: ID_CARD, examDate: '2030-10-01' });
      const later = await addReviewedOrder(db(), { status: 'in_exam', idCard: ID_CARD, examDate: '2032-01-01' });
      await addReviewedOrder(db(), { status: 'final_trial', idCard: '110101198203040035', examDate: '2030-05-01' });
      const current = await addReviewedOrder(db(), {
        status: 'main_trial',
        idCard: ID_CARD,
        examDate: DAY,
        unionCodes: ['XCG'],
      });
      // One value of this visit differs from the earlier ones; one conclusion of the earlier is hidden.
      const [xcg] = await db().select().from(unions).where(eq(unions.unionCode, 'XCG'));
      const items = await db()
        .select({ id: examItems.id, name: examItems.itemName })
        .from(unionItems)
        .innerJoin(examItems, eq(examItems.id, unionItems.itemId))
        .where(eq(unionItems.unionId, xcg!.id))
        .orderBy(asc(unionItems.sort), asc(examItems.id));
      const [plain] = await db()
        .select({ id: itemResults.itemId })
        .from(itemResults)
        .where(
          and(
            eq(itemResults.orderId, current),
            eq(itemResults.abnormalFlag, ''),
            inArray(
              itemResults.itemId,
              items.map((i) => i.id),
            ),
          ),
        )
        .orderBy(asc(itemResults.itemId));
      const changedItem = plain!;
      await db()
        .update(itemResults)
        .set({ resultValue: '999' })
        .where(and(eq(itemResults.orderId, current), eq(itemResults.itemId, changedItem.id)));
      await db()
        .update(orderDiagnoses)
        .set({ hidden: true })
        .where(and(eq(orderDiagnoses.orderId, earlier), eq(orderDiagnoses.diagName, '脂肪肝')));

      const res = await chief.get(`${API}/review_history`, { order_id: current });
      expect(res.statusCode).toBe(200);
      const history: VisitHistory = res.json().data;
      expect(history.visits.map((v) => [v.order_id, v.report_ready])).toEqual([
        [current, false],
        [unfinished, false],
        [earlier, true],
      ]);
      expect(history.visits.map((v) => v.order_id)).not.toContain(later);
      expect(history.visits[2]!.conclusions).toEqual(['血脂偏高', '高脂血症']);

      const abnormalRow = history.items.find((i) => i.cells[0]!.flag === 'H')!;
      expect(abnormalRow.cells.map((c) => c.mark)).toEqual(['abnormal', 'abnormal', 'abnormal']);
      const changedRow = history.items.find((i) => i.item_id === changedItem.id)!;
      expect(changedRow.cells.map((c) => [c.value === '999', c.mark])).toEqual([
        [true, 'changed'],
        [false, 'changed'],
        [false, 'changed'],
      ]);
      const same = history.items.find((i) => i !== abnormalRow && i !== changedRow && i.cells[0]!.value !== null)!;
      expect(same.cells.map((c) => c.mark)).toEqual(['', '', '']);

      // 查看报告: the earlier visit's PDF; not one without a report, nor another person's.
      const pdf = await chief.get(`${API}/history_report_pdf`, { order_id: current, history_order_id: earlier });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const { text } = await readPdf(pdf.rawPayload);
      expect(text).toContain(earlier);
      const notReady = await chief.get(`${API}/history_report_pdf`, {
        order_id: current,
        history_order_id: unfinished,
      });
      expect(notReady.statusCode).toBe(409);
      const stranger = await addReviewedOrder(db(), { status: 'final_trial', examDate: '2030-01-01' });
      const foreign = await chief.get(`${API}/history_report_pdf`, { order_id: current, history_order_id: stranger });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().msg).toBe('该体检不是本体检者的历史体检');
      expect((await doctor.get(`${API}/review_history`, { order_id: current })).statusCode).toBe(403);
    }, 60_000);

    it('finds no earlier visit for a first visit, and matches by the record when there is no ID number', async () => {
      const first = await visit('first_trial', { idCard: '110101199001010017' });
      const alone = (await chief.get(`${API}/review_history`, { order_id: first })).json().data as VisitHistory;
      expect(alone.visits.map((v) => v.order_id)).toEqual([first]);

      const noId = await addOrder(db(), { status: 'first_trial', idCard: null, examDate: DAY });
      const [cust] = await db().select({ id: orders.customerId }).from(orders).where(eq(orders.orderId, noId));
      const previous = await addOrder(db(), { status: 'final_trial', idCard: null, examDate: '2029-01-01' });
      await db().update(orders).set({ customerId: cust!.id }).where(eq(orders.orderId, previous));
      const other = await addOrder(db(), { status: 'final_trial', idCard: null, examDate: '2029-01-01' });
      const found = (await chief.get(`${API}/review_history`, { order_id: noId })).json().data as VisitHistory;
      expect(found.visits.map((v) => v.order_id)).toEqual([noId, previous]);
      expect(found.visits.map((v) => v.order_id)).not.toContain(other);
    });
  });
});
