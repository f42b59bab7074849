import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@checkup/api-contract';
import {
  auditLog,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  parameters,
  reviews,
  unions,
} from '../src/db/schema.js';
import { PARAM } from '../src/modules/parameters/codes.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';

const API = '/manager/api/examreview';
const DAY = '2031-04-10';

/** Issue 20, 总检 and the review levels: the entry gate, repeat passes, 反审, 审核不通过 and 批量通过. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let chief: ReturnType<typeof callerFor>;
  let chief2: ReturnType<typeof callerFor>;
  let reviewer: ReturnType<typeof callerFor>;
  let admin: ReturnType<typeof callerFor>;
  let doctor: ReturnType<typeof callerFor>;
  let deptA: number;
  const union: Record<string, { id: number; deptId: number }> = {};

  type Line = { code: string; state: string; deptStatus?: string | null; execDate?: string };

  /**
   * A visit waiting at `status` with a saved conclusion; its own department signed, and the lines
   * given with their states (a department's order_depts row at deptStatus, none when null).
   */
  async function visit(status: string, lines: Line[] = [], conclusion = '1. 血压偏高') {
    const orderId = await addOrder(db(), { status, examDate: DAY, depts: [{ deptId: deptA, status: '2' }] });
    await db().update(orders).set({ conclusion, advice: '低盐饮食' }).where(eq(orders.orderId, orderId));
    for (const line of lines) {
      const u = union[line.code]!;
      await db()
        .insert(orderUnions)
        .values({
          orderId,
          unionId: u.id,
          deptId: u.deptId,
          price: '20.00',
          origin: 'package',
          status: line.state,
          execDate: line.execDate ?? null,
        });
      if (line.deptStatus) {
        await db()
          .insert(orderDepts)
          .values({ orderId, deptId: u.deptId, examDate: DAY, status: line.deptStatus })
          .onConflictDoNothing();
      }
    }
    return orderId;
  }

  const pass = (caller: ReturnType<typeof callerFor>, orderId: string, step: string, conclusion = '1. 血压偏高') =>
    caller.post(`${API}/review_pass`, { order_id: orderId, step, conclusion, advice: '低盐饮食' });
  const unpass = (caller: ReturnType<typeof callerFor>, orderId: string, step: string, reason = '结论需补充') =>
    caller.post(`${API}/review_unpass`, { order_id: orderId, step, reason });
  const reviewRows = async (orderId: string) =>
    (await db().select().from(reviews).where(eq(reviews.orderId, orderId)).orderBy(asc(reviews.id))).map((r) => [
      r.step,
      r.result,
      r.reviewerName,
    ]);

  async function setReviewSettings(change: Record<string, unknown>) {
    const [stored] = await db().select().from(parameters).where(eq(parameters.paramCode, PARAM.AI_REVIEW));
    const value = { ...(stored!.paramValue as object), ...change };
    // Through 参数设置's own call, so the switch is one an administrator can set.
    const saved = await admin.post('/manager/api/Commonconfig/save_parameter', {
      param_code: '0030',
      param_value: JSON.stringify(value),
    });
    expect(saved.json().status).toBe(200);
  }

  beforeAll(async () => {
    chief = callerFor(server, await tokenFor(server, 'chief', DEMO_PASSWORD));
    chief2 = callerFor(server, await tokenFor(server, 'chief2', DEMO_PASSWORD));
    reviewer = callerFor(server, await tokenFor(server, 'reviewer', DEMO_PASSWORD));
    admin = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
    doctor = callerFor(server, await tokenFor(server, 'doctor1', DEMO_PASSWORD));
    ({ deptId: deptA } = await addDept(db(), '分级审核内科'));
    const rows = await db()
      .select({ id: unions.id, code: unions.unionCode, deptId: unions.deptId })
      .from(unions)
      .where(inArray(unions.unionCode, ['XCG', 'XDT', 'GGN', 'NCG']));
    for (const row of rows) union[row.code] = row;
  });

  describe('the 总检 entry gate', () => {
    it('refuses 初审 (lock, save and pass) while lines are neither done nor waived, naming them', async () => {
      const orderId = await visit('depts_done', [
        { code: 'XCG', state: '0', deptStatus: '1' },
        { code: 'XDT', state: '3', execDate: '2031-04-20' },
        { code: 'GGN', state: '2' },
        { code: 'NCG', state: '5', deptStatus: '1' },
      ]);
      const res = await pass(chief, orderId, 'first');
      expect(res.statusCode).toBe(409);
      const msg: string = res.json().msg;
      expect(msg.startsWith('以下项目尚未完成，不能总检：')).toBe(true);
      const named = msg.slice('以下项目尚未完成，不能总检：'.length).split('、');
      expect(named.sort()).toEqual(['尿常规', '心电图（迟检）', '血常规'].sort());
      // 弃检 does not block.
      expect(msg).not.toContain('肝功能');
      expect((await chief.post(`${API}/review_save`, { order_id: orderId, conclusion: '改写' })).json().msg).toBe(msg);
      expect((await chief.post(`${API}/review_lock`, { order_id: orderId })).json().msg).toBe(msg);
      expect(await orderStatus(db(), orderId)).toBe('depts_done');
      expect(await reviewRows(orderId)).toEqual([]);
      const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
      expect(order!.conclusion).toBe('1. 血压偏高');
    });

    it('lets lines of a signed department, waived and refused ones through', async () => {
      const orderId = await visit('depts_done', [
        { code: 'XCG', state: '0', deptStatus: '2' },
        { code: 'GGN', state: '2' },
        { code: 'NCG', state: '4' },
      ]);
      expect((await chief.post(`${API}/review_lock`, { order_id: orderId })).json().status).toBe(200);
      expect((await pass(chief, orderId, 'first')).json().data.order_status).toBe('first_trial');
    });

    it('lets 总检 go ahead with deferred lines when 0030 allows it, the report listing them as 未检', async () => {
      const orderId = await visit('depts_done', [
        { code: 'XCG', state: '1', deptStatus: '2' },
        { code: 'XDT', state: '3', execDate: '2031-04-20' },
      ]);
      expect((await pass(chief, orderId, 'first')).json().msg).toBe('以下项目尚未完成，不能总检：心电图（迟检）');
      await setReviewSettings({ allow_deferred: true });
      try {
        expect((await pass(chief, orderId, 'first')).json().data.order_status).toBe('first_trial');
        expect((await pass(chief2, orderId, 'main')).json().data.order_status).toBe('main_trial');
        expect((await pass(reviewer, orderId, 'final')).json().data.order_status).toBe('final_trial');
      } finally {
        await setReviewSettings({ allow_deferred: false });
      }
      const res = await admin.get('/manager/api/report/report_pdf', { order_id: orderId });
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res.rawPayload);
      expect(text).toMatch(/心电图\s*未检（迟检至2031-04-20）/);
    }, 30_000);

    it('refuses a bad value of the switch in 参数设置', async () => {
      const [stored] = await db().select().from(parameters).where(eq(parameters.paramCode, PARAM.AI_REVIEW));
      const res = await admin.post('/manager/api/Commonconfig/save_parameter', {
        param_code: '0030',
        param_value: JSON.stringify({ ...(stored!.paramValue as object), allow_deferred: 'yes' }),
      });
      expect(res.json()).toMatchObject({ status: 400, msg: '迟检项目可总检开关不正确' });
    });
  });

  describe('a pass made twice', () => {
    it('refuses a second pass of the same level with who passed it, writing nothing', async () => {
      const orderId = await visit('depts_done');
      expect((await pass(chief, orderId, 'first')).json().status).toBe(200);
      const again = await pass(chief, orderId, 'first');
      expect(again.json()).toMatchObject({ status: 409, msg: '该订单的初审已由周文博通过，请勿重复提交' });
      expect(await reviewRows(orderId)).toEqual([['first', 'pass', '周文博']]);
      const log = await db().select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId));
      expect(log.length).toBe(1);
    });

    it('passes once when two passes arrive together', async () => {
      const orderId = await visit('depts_done');
      const both = await Promise.all([pass(chief, orderId, 'first'), pass(chief, orderId, 'first')]);
      const statuses = both.map((r) => r.json().status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(both.find((r) => r.json().status === 409)!.json().msg).toBe('该订单的初审已由周文博通过，请勿重复提交');
      expect(await reviewRows(orderId)).toEqual([['first', 'pass', '周文博']]);
    });
  });

  describe('反审', () => {
    it('takes back 初审 by its passer with a reason: status back, reviews row, log and audit', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      const res = await unpass(chief, orderId, 'first', '结论漏写脂肪肝');
      expect(res.json()).toMatchObject({ status: 200, data: { order_id: orderId, order_status: 'depts_done' } });
      expect(await reviewRows(orderId)).toEqual([
        ['first', 'pass', '周文博'],
        ['first', 'unpass', '周文博'],
      ]);
      const [log] = await db()
        .select()
        .from(orderStatusLog)
        .where(and(eq(orderStatusLog.orderId, orderId), eq(orderStatusLog.toStatus, 'depts_done')));
      expect(log).toMatchObject({ fromStatus: 'first_trial', reason: '结论漏写脂肪肝' });
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review_unpass'), eq(auditLog.target, orderId)));
      expect(audit[0]).toMatchObject({ userAccount: 'chief', detail: { step: 'first', reason: '结论漏写脂肪肝' } });
      const detail = (await chief.get(`${API}/review_detail`, { order_id: orderId })).json().data;
      expect(detail.step).toBe('first');
      expect(detail.reviews.at(-1)).toMatchObject({ step: 'first', result: 'unpass', reason: '结论漏写脂肪肝' });
      // 初审 again, by the same person: the level is open again.
      expect((await pass(chief, orderId, 'first')).json().data.order_status).toBe('first_trial');
    });

    it('lists the visits one passed at a level and that still wait for the next, to find a 反审', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      const mine = (
        await chief.get(`${API}/review_worklist`, { step: 'first', passed: 'mine', keyword: orderId })
      ).json().data;
      expect(mine.list.map((r: { order_id: string; step: string }) => [r.order_id, r.step])).toEqual([
        [orderId, 'main'],
      ]);
      const theirs = (
        await chief2.get(`${API}/review_worklist`, { step: 'first', passed: 'mine', keyword: orderId })
      ).json().data;
      expect(theirs.total).toBe(0);
      await pass(chief2, orderId, 'main');
      const onward = (
        await chief.get(`${API}/review_worklist`, { step: 'first', passed: 'mine', keyword: orderId })
      ).json().data;
      expect(onward.total).toBe(0);
    });

    it('requires a reason', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      expect((await unpass(chief, orderId, 'first', '  ')).json()).toMatchObject({
        status: 400,
        msg: '请填写反审原因',
      });
      expect(await orderStatus(db(), orderId)).toBe('first_trial');
    });

    it('takes back 主审 and 终审 at their levels', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      await pass(chief2, orderId, 'main');
      expect((await unpass(chief2, orderId, 'main')).json().data.order_status).toBe('first_trial');
      await pass(chief2, orderId, 'main');
      await pass(reviewer, orderId, 'final');
      expect((await unpass(reviewer, orderId, 'final')).json().data.order_status).toBe('main_trial');
    });

    it('refuses 反审 of 终审 once the report is handed to the report room, and allows it after 反交接', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      await pass(chief2, orderId, 'main');
      await pass(reviewer, orderId, 'final');
      const logistics = '/manager/api/report_logistics';
      const handover = await reviewer.post(`${logistics}/handover`, {
        order_ids: JSON.stringify([orderId]),
        receiver: '报告室李',
      });
      expect(handover.json().data.success).toBe(1);
      expect((await unpass(reviewer, orderId, 'final')).json()).toMatchObject({
        status: 409,
        msg: '该报告已交接至报告室，不能反审终审，请先反交接',
      });
      expect(await orderStatus(db(), orderId)).toBe('final_trial');
      const revoked = await reviewer.post(`${logistics}/handover_revoke`, { order_id: orderId, reason: '结论需修改' });
      expect(revoked.statusCode, JSON.stringify(revoked.json())).toBe(200);
      expect((await unpass(reviewer, orderId, 'final')).json().data.order_status).toBe('main_trial');
    });

    it('refuses 反审 of 终审 once the report is printed, and of a level not passed or passed on', async () => {
      const printed = await visit('report_printed');
      await db()
        .insert(reviews)
        .values({ orderId: printed, step: 'final', result: 'pass', reviewerId: 1, reviewerName: '吴静' });
      expect((await unpass(reviewer, printed, 'final')).json()).toMatchObject({
        status: 409,
        msg: '该订单的报告已打印，不能反审终审',
      });
      const waiting = await visit('depts_done');
      expect((await unpass(chief, waiting, 'first')).json().msg).toBe('该订单的初审尚未通过，无需反审');
      const onward = await visit('depts_done');
      await pass(chief, onward, 'first');
      await pass(chief2, onward, 'main');
      expect((await unpass(chief, onward, 'first')).json().msg).toBe('该订单已进入下一级审核（已主审），不能反审初审');
      expect(await orderStatus(db(), onward)).toBe('main_trial');
    });

    it('refuses once the next level started: its lock taken (even if let go) or a conclusion saved', async () => {
      const locked = await visit('depts_done');
      await pass(chief, locked, 'first');
      expect((await chief2.post(`${API}/review_lock`, { order_id: locked })).json().status).toBe(200);
      expect((await unpass(chief, locked, 'first')).json()).toMatchObject({
        status: 409,
        msg: '该订单的主审已开始（郑雅琴正在审核），不能反审初审',
      });
      await chief2.post(`${API}/review_unlock`, { order_id: locked });
      expect((await unpass(chief, locked, 'first')).json().msg).toBe(
        '该订单的主审已开始（郑雅琴已打开审核），不能反审初审',
      );

      const saved = await visit('depts_done');
      await pass(chief, saved, 'first');
      await chief2.post(`${API}/review_save`, { order_id: saved, conclusion: '1. 脂肪肝', advice: '' });
      expect((await unpass(chief, saved, 'first')).json().msg).toBe(
        '该订单的主审已开始（郑雅琴已保存结论），不能反审初审',
      );
      expect(await orderStatus(db(), saved)).toBe('first_trial');
    });

    it('does not count the passer opening the visit again, nor a start before the pass', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      // chief2 opened 主审 once, then it was returned to 初审 and passed again: that start is older.
      await chief2.post(`${API}/review_lock`, { order_id: orderId });
      await chief2.post(`${API}/review_unlock`, { order_id: orderId });
      await chief2.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'main',
        target: 'previous',
        reason: '重写',
      });
      await pass(chief, orderId, 'first');
      expect((await chief.post(`${API}/review_lock`, { order_id: orderId })).json().status).toBe(200);
      expect((await unpass(chief, orderId, 'first')).json().data.order_status).toBe('depts_done');
    });

    it('is for the passer or whoever allots the level; anyone else is refused and audited', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      await addStaff(db(), 'unpass_other', '冯医生', '1', {
        menu: [
          'exam_mg/rev_apr_detail',
          'exam_mg/rev_apr_detail:unpass',
          'exam_mg/first_trial',
          'exam_mg/second_trial',
        ],
      });
      const other = callerFor(server, await tokenFor(server, 'unpass_other'));
      const refused = await unpass(other, orderId, 'first');
      expect(refused.json()).toMatchObject({
        status: 403,
        msg: '该订单的初审由周文博通过，只有其本人或初审分配人员可以反审',
      });
      const denied = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.target, orderId)));
      expect(denied.map((d) => (d.detail as { rule: string }).rule)).toContain('review_unpass');
      expect(await orderStatus(db(), orderId)).toBe('first_trial');
      // chief2 allots 初审 (审核分配): may take it back for the chief.
      expect((await unpass(chief2, orderId, 'first')).json().data.order_status).toBe('depts_done');
    });

    it('is refused (403) to a role without the 反审 permission', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      expect((await unpass(doctor, orderId, 'first')).statusCode).toBe(403);
      await addStaff(db(), 'no_unpass', '卫医生', '1', {
        menu: ['exam_mg/rev_apr_detail', 'exam_mg/first_trial', 'exam_mg/review_allot/first_review_allot'],
      });
      const noKey = callerFor(server, await tokenFor(server, 'no_unpass'));
      expect((await unpass(noKey, orderId, 'first')).statusCode).toBe(403);
      expect(await orderStatus(db(), orderId)).toBe('first_trial');
    });
  });

  describe('审核不通过', () => {
    it('returns to the previous level with the reason, shown on that level’s worklist', async () => {
      const orderId = await visit('depts_done');
      await pass(chief, orderId, 'first');
      const res = await chief2.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'main',
        target: 'previous',
        reason: '建议与结论不符',
      });
      expect(res.json().data.order_status).toBe('depts_done');
      const list = (await chief.get(`${API}/review_worklist`, { step: 'first', keyword: orderId })).json().data;
      expect(list.list[0]).toMatchObject({ order_id: orderId, return_reason: '建议与结论不符' });
      const blank = await chief2.post(`${API}/review_return`, {
        order_id: orderId,
        step: 'first',
        target: 'previous',
      });
      expect(blank.json()).toMatchObject({ status: 400, msg: '请填写退回原因' });
    });
  });

  it('审核不通过 to chosen departments shows the reason in those departments until they sign again', async () => {
    const orderId = await visit('first_trial', [
      { code: 'XCG', state: '1', deptStatus: '2' },
      { code: 'XDT', state: '1', deptStatus: '2' },
    ]);
    const ecg = union.XDT!.deptId;
    const res = await chief2.post(`${API}/review_return`, {
      order_id: orderId,
      step: 'main',
      target: 'depts',
      reason: '心电图报告缺失',
      exam_dept_ids: JSON.stringify([ecg]),
    });
    expect(res.json().data.order_status).toBe('in_exam');
    const view = async (deptId: number) =>
      (
        await admin.get('/manager/api/departmentdiagnosis/get_order_union_diagnosis_list', {
          order_id: orderId,
          exam_dept_id: deptId,
        })
      ).json().data;
    expect((await view(ecg)).review_return).toMatchObject({ reason: '心电图报告缺失', reviewer_name: '郑雅琴' });
    expect((await view(union.XCG!.deptId)).review_return).toBeNull();
  });

  describe('批量通过', () => {
    it('passes each scanned visit by the rules of a single pass and reports every one', async () => {
      const ok = await visit('depts_done');
      const noConclusion = await visit('depts_done', [], '');
      const gated = await visit('depts_done', [{ code: 'XDT', state: '3', execDate: '2031-04-20' }]);
      const banned = await visit('depts_done');
      await db()
        .update(orders)
        .set({ banReason: '费用未结清', bannedAt: new Date() })
        .where(eq(orders.orderId, banned));
      const lockedByOther = await visit('depts_done');
      await chief2.post(`${API}/review_lock`, { order_id: lockedByOther });
      const atMain = await visit('first_trial');
      const unknown = '20310410999999';

      const res = await chief.post(`${API}/review_batch_pass`, {
        step: 'first',
        order_ids: JSON.stringify([ok, noConclusion, gated, banned, lockedByOther, atMain, unknown]),
      });
      expect(res.json().status).toBe(200);
      const results = res.json().data.results as { order_id: string; passed: boolean; msg: string | null }[];
      expect(results.map((r) => r.order_id)).toEqual([ok, noConclusion, gated, banned, lockedByOther, atMain, unknown]);
      expect(results[0]).toEqual({ order_id: ok, passed: true, order_status: 'first_trial', msg: null });
      expect(results[1]).toMatchObject({ passed: false, msg: '请先填写总检结论' });
      expect(results[2]).toMatchObject({ passed: false, msg: '以下项目尚未完成，不能总检：心电图（迟检）' });
      expect(results[3]!.passed).toBe(false);
      expect(results[3]!.msg).toContain('费用未结清');
      expect(results[4]).toMatchObject({ passed: false });
      expect(results[4]!.msg).toContain('郑雅琴');
      expect(results[5]).toMatchObject({ passed: false, msg: '该订单当前待主审，不能初审，请刷新后重试' });
      expect(results[6]).toMatchObject({ passed: false, msg: '体检号不存在' });
      expect(await orderStatus(db(), ok)).toBe('first_trial');
      for (const id of [noConclusion, gated, banned, lockedByOther])
        expect(await orderStatus(db(), id)).toBe('depts_done');
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'review_batch_pass'));
      expect(audit.at(-1)!.detail).toMatchObject({ step: 'first', passed: [ok] });

      // One person one level: the chief who passed 初审 may not pass 主审 of it in a batch either.
      const main = await chief.post(`${API}/review_batch_pass`, { step: 'main', order_ids: JSON.stringify([ok]) });
      expect(main.json().data.results[0]).toMatchObject({
        passed: false,
        msg: '您已完成该订单的初审，同一订单的各级审核须由不同的人完成',
      });
      const byOther = await chief2.post(`${API}/review_batch_pass`, { step: 'main', order_ids: JSON.stringify([ok]) });
      expect(byOther.json().data.results[0]).toMatchObject({ passed: true, order_status: 'main_trial' });
    });

    it('refuses duplicates, an empty list and a role without the worklist', async () => {
      const a = await visit('depts_done');
      const dup = await chief.post(`${API}/review_batch_pass`, { step: 'first', order_ids: JSON.stringify([a, a]) });
      expect(dup.json()).toMatchObject({ status: 400, msg: '体检号有重复' });
      const none = await chief.post(`${API}/review_batch_pass`, { step: 'first', order_ids: '[]' });
      expect(none.json()).toMatchObject({ status: 400, msg: '请先扫描体检号' });
      expect(
        (await doctor.post(`${API}/review_batch_pass`, { step: 'first', order_ids: JSON.stringify([a]) })).statusCode,
      ).toBe(403);
      // 终审 in a batch by a chief who does not open that level: refused per visit, nothing passed.
      const b = await visit('main_trial');
      const wrongLevel = await chief.post(`${API}/review_batch_pass`, {
        step: 'final',
        order_ids: JSON.stringify([b]),
      });
      expect(wrongLevel.json().data.results[0]).toMatchObject({ passed: false, msg: '没有终审的权限，请联系管理员' });
      expect(await orderStatus(db(), a)).toBe('depts_done');
      expect(await orderStatus(db(), b)).toBe('main_trial');
    });
  });
});
