import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CRITICAL_PENDING_MESSAGE,
  criticalValueDeleteRoute,
  criticalValueExportRoute,
  criticalValueHandleRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  criticalValueReportRoute,
  criticalValueTodayRoute,
  examItemResource,
  sheetRecycleRoute,
} from '@checkup/api-contract';
import { auditLog, criticalValues, examItems, orderUnions, unionItems, unions } from '../src/db/schema.js';
import { cstTime, todayCst } from '../src/db/demo/dates.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const SAVE = '/manager/api/departmentdiagnosis/diagnosis_union_save';
const NOTIFY_BODY = { notified_person: '张大山', notify_relation: 'relative', notify_method: 'phone' } as const;

/** The centre's clock as 'YYYY-MM-DD HH:mm', `minutes` from now. */
const centreClock = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Issue 20: a critical value's three stages — 提报 (by the item's limits with their level, or by a
 * doctor), 通知 and 专家处理 — each by its own permission and in order; the reporter does not close
 * their own; deletion, export and the home page's list of today's unhandled ones.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  type Caller = ReturnType<typeof callerFor>;
  let doctor: Caller, outsider: Caller, nurse: Caller, expert: Caller, doctorExpert: Caller, admin: Caller;
  let exitDesk: Caller;
  let labId: number;
  const ids = { potassium: 0, finding: 0, elsewhere: 0, union: 0, doctor: 0 };
  const today = todayCst();

  const login = async (account: string, name: string, menu: string[], depts?: number[], special: '0' | '1' = '0') => {
    const id = await addStaff(db(), account, name, special, { menu, ...(depts ? { depts } : {}) });
    return { id, caller: callerFor(server, await tokenFor(server, account)) };
  };

  beforeAll(async () => {
    labId = (await addDept(db(), '分级检验科')).deptId;
    const otherId = (await addDept(db(), '分级影像科')).deptId;
    const entry = ['exam_mg/dept_diag_detail', 'exam_mg/ser_dis_mg'];
    const doc = await login('cs_doctor', '钱医生', entry, [labId]);
    ids.doctor = doc.id;
    doctor = doc.caller;
    outsider = (await login('cs_outsider', '外科医生', entry, [otherId])).caller;
    nurse = (
      await login('cs_nurse', '林护士', ['exam_mg/home_page', 'exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:notify'])
    ).caller;
    const expertMenu = ['exam_mg/home_page', 'exam_mg/ser_dis_mg', 'exam_mg/ser_dis_mg:handle'];
    expert = (await login('cs_expert', '高专家', expertMenu, undefined, '1')).caller;
    doctorExpert = (await login('cs_doc_expert', '孔主任', [...entry, 'exam_mg/ser_dis_mg:handle'], [labId])).caller;
    admin = (await login('cs_admin', '管理员', ['*'], undefined, '1')).caller;
    exitDesk = (await login('cs_exit', '导检员', ['exam_mg/guidance_recycle'])).caller;

    const [k, finding, elsewhere] = await db()
      .insert(examItems)
      .values([
        {
          itemCode: 'CS-K',
          itemName: '分级血钾',
          deptId: labId,
          resultType: 'number',
          unit: 'mmol/L',
          criticalLow: '2.8',
          criticalHigh: '6.2',
          criticalLevel: '2',
        },
        { itemCode: 'CS-F', itemName: '涂片所见', deptId: labId, resultType: 'text', normalText: '未见异常' },
        { itemCode: 'CS-E', itemName: '不在本次', deptId: labId, resultType: 'text' },
      ])
      .returning({ id: examItems.id });
    [ids.potassium, ids.finding, ids.elsewhere] = [k!.id, finding!.id, elsewhere!.id];
    const [union] = await db()
      .insert(unions)
      .values({ unionCode: 'CS-U', unionName: '分级生化', deptId: labId, price: '10.00' })
      .returning({ id: unions.id });
    ids.union = union!.id;
    await db()
      .insert(unionItems)
      .values([
        { unionId: ids.union, itemId: ids.potassium, sort: 1 },
        { unionId: ids.union, itemId: ids.finding, sort: 2 },
      ]);
  });

  async function visit(name?: string) {
    const orderId = await addOrder(db(), {
      status: 'checked_in',
      examDate: today,
      name,
      depts: [{ deptId: labId, status: '0' }],
    });
    await db()
      .insert(orderUnions)
      .values({ orderId, unionId: ids.union, deptId: labId, price: '10.00', origin: 'package' });
    return orderId;
  }

  const report = (caller: Caller, orderId: string, extra: Record<string, string | number> = {}) =>
    caller.post(criticalValueReportRoute.path, {
      order_id: orderId,
      exam_dept_id: labId,
      item_id: ids.finding,
      result_value: '见幼稚细胞',
      level: '3',
      description: '外周血涂片见大量幼稚细胞，疑急性白血病',
      ...extra,
    });
  const raiseManually = async (caller: Caller = doctor) => {
    const res = await report(caller, await visit());
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  const notify = (id: number, extra: Record<string, string> = {}) =>
    nurse.post(criticalValueNotifyRoute.path, { id, ...NOTIFY_BODY, ...extra });
  const handle = (caller: Caller, id: number) =>
    caller.post(criticalValueHandleRoute.path, { id, note: '建议立即血液科急诊就诊' });
  const stored = async (id: number) => (await db().select().from(criticalValues).where(eq(criticalValues.id, id)))[0];

  describe('提报', () => {
    it('raises a result beyond the limits at the level configured on the item', async () => {
      const orderId = await visit();
      const res = await doctor.post(SAVE, {
        order_id: orderId,
        exam_dept_id: labId,
        results: JSON.stringify([{ item_id: ids.potassium, result_value: '7.0' }]),
        summary: '[]',
        diag_list: '[]',
      });
      expect(res.statusCode).toBe(200);
      const [row] = await db().select().from(criticalValues).where(eq(criticalValues.orderId, orderId));
      expect(row).toMatchObject({ level: '2', source: 'auto', direction: 'H', status: '0', raisedBy: ids.doctor });
    });

    it('takes a doctor’s report with the chosen level and description, audited without the description', async () => {
      const orderId = await visit();
      const res = await report(doctor, orderId);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        order_id: orderId,
        item_name: '涂片所见',
        result_value: '见幼稚细胞',
        level: '3',
        source: 'manual',
        direction: null,
        description: '外周血涂片见大量幼稚细胞，疑急性白血病',
        raised_by_name: '钱医生',
        status: '0',
      });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'critical_report'), eq(auditLog.target, orderId)));
      expect(audit?.detail).toEqual({ critical_value_id: res.json().data.id, level: '3' });
      expect(JSON.stringify(audit)).not.toContain('幼稚细胞');
    });

    it('refuses a second open report of the same item, an item not on the visit and a missing level', async () => {
      const orderId = await visit();
      expect((await report(doctor, orderId)).statusCode).toBe(200);
      const again = await report(doctor, orderId);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('「涂片所见」已有未处理的危急值，请勿重复提报');
      const stranger = await report(doctor, orderId, { item_id: ids.elsewhere });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().msg).toBe('该项目不属于本科室本次体检的项目');
      const noLevel = await report(doctor, orderId, { level: '' });
      expect(noLevel.statusCode).toBe(400);
      expect(noLevel.json().msg).toBe('请选择危急程度');
    });

    it('refuses a doctor of another department and an account without department entry', async () => {
      const orderId = await visit();
      expect((await report(outsider, orderId)).statusCode).toBe(403);
      expect((await report(nurse, orderId)).statusCode).toBe(403);
      expect(await db().$count(criticalValues, eq(criticalValues.orderId, orderId))).toBe(0);
    });
  });

  describe('通知 and 专家处理', () => {
    it('refuses each stage to an account without its permission', async () => {
      const id = await raiseManually();
      expect((await doctor.post(criticalValueNotifyRoute.path, { id, ...NOTIFY_BODY })).statusCode).toBe(403);
      expect((await expert.post(criticalValueNotifyRoute.path, { id, ...NOTIFY_BODY })).statusCode).toBe(403);
      expect((await notify(id)).statusCode).toBe(200);
      expect((await handle(nurse, id)).statusCode).toBe(403);
      expect((await handle(doctor, id)).statusCode).toBe(403);
      expect((await stored(id))?.status).toBe('1');
    });

    it('refuses handling before the notice and notices after handling, in Chinese', async () => {
      const id = await raiseManually();
      const early = await handle(expert, id);
      expect(early.statusCode).toBe(409);
      expect(early.json().msg).toBe('该危急值尚未通知体检者，请先登记通知');
      expect((await notify(id)).statusCode).toBe(200);
      const done = await handle(expert, id);
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({
        status: '2',
        handled_by_name: '高专家',
        note: '建议立即血液科急诊就诊',
      });
      const late = await notify(id);
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toBe('该危急值已处理，不能再登记通知');
      const actions = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.target, (await stored(id))!.orderId));
      expect(actions.map((a) => a.action)).toEqual(['critical_report', 'critical_notify', 'critical_handle']);
    });

    it('records the time of the call as given, neither in the future nor before the report', async () => {
      const id = await raiseManually();
      const future = await notify(id, { notified_time: centreClock(30) });
      expect(future.statusCode).toBe(400);
      expect(future.json().msg).toBe('通知时间不能晚于现在');
      const before = await notify(id, { notified_time: centreClock(-24 * 60) });
      expect(before.statusCode).toBe(400);
      expect(before.json().msg).toBe('通知时间不能早于提报时间');
      const badFormat = await notify(id, { notified_time: '今天上午' });
      expect(badFormat.json().msg).toBe('通知时间格式应为 年-月-日 时:分');
      const given = centreClock(0);
      const res = await notify(id, { notified_time: given });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: '1', notified_by_name: '林护士', notify_method: 'phone' });
      expect(centreClockOf(res.json().data.notified_at)).toBe(given);
    });

    it('does not let the reporter close their own critical value; another expert does', async () => {
      const id = await raiseManually(doctorExpert);
      expect((await notify(id)).statusCode).toBe(200);
      const own = await handle(doctorExpert, id);
      expect(own.statusCode).toBe(403);
      expect(own.json().msg).toBe('提报人不能处理自己提报的危急值，请由其他专家处理');
      expect((await stored(id))?.status).toBe('1');
      expect((await handle(expert, id)).statusCode).toBe(200);
    });

    it('keeps the guide sheet at the exit while a notified critical value is not handled', async () => {
      const id = await raiseManually();
      const orderId = (await stored(id))!.orderId;
      await notify(id);
      const waiting = await exitDesk.post(sheetRecycleRoute.path, { order_id: orderId });
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().msg).toBe(CRITICAL_PENDING_MESSAGE);
      await handle(expert, id);
      // Handled: the exit now speaks of the visit's open lines, not of the critical value.
      const after = await exitDesk.post(sheetRecycleRoute.path, { order_id: orderId });
      expect(after.json().msg).not.toBe(CRITICAL_PENDING_MESSAGE);
    });
  });

  describe('删除', () => {
    it('deletes one not yet notified with a reason, audited, for the holder of the permission only', async () => {
      const id = await raiseManually();
      expect((await nurse.post(criticalValueDeleteRoute.path, { id, reason: '误报' })).statusCode).toBe(403);
      const noReason = await admin.post(criticalValueDeleteRoute.path, { id, reason: ' ' });
      expect(noReason.json().msg).toBe('请填写删除原因');
      const res = await admin.post(criticalValueDeleteRoute.path, { id, reason: '结果录错项目' });
      expect(res.statusCode).toBe(200);
      expect(await stored(id)).toBeUndefined();
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'critical_delete'), eq(auditLog.userAccount, 'cs_admin')));
      expect(audit?.detail).toEqual({ critical_value_id: id, reason: '结果录错项目' });
    });

    it('refuses to delete one the examinee was told of', async () => {
      const id = await raiseManually();
      await notify(id);
      const res = await admin.post(criticalValueDeleteRoute.path, { id, reason: '误报' });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('该危急值已通知体检者，不能删除，请由专家处理');
      expect((await stored(id))?.status).toBe('1');
    });
  });

  describe('list, export and the home page', () => {
    let ids2: { open: number; told: number; closed: number; old: number };

    beforeAll(async () => {
      const open = await raiseManually();
      const told = await raiseManually();
      await notify(told);
      const closed = await raiseManually();
      await notify(closed);
      await handle(expert, closed);
      const old = await raiseManually();
      await db()
        .update(criticalValues)
        .set({ createdAt: cstTime('2026-01-05', 9 * 60), level: '1' })
        .where(eq(criticalValues.id, old));
      ids2 = { open, told, closed, old };
    });

    it('filters the open ones (reported or notified) and by level', async () => {
      const open = (await nurse.get(criticalValueListRoute.path, { status: 'open', exam_dept_id: labId, size: 200 }))
        .json()
        .data.list.map((r: { id: number }) => r.id);
      expect(open).toEqual(expect.arrayContaining([ids2.open, ids2.told, ids2.old]));
      expect(open).not.toContain(ids2.closed);
      const low = (await nurse.get(criticalValueListRoute.path, { level: '1', exam_dept_id: labId })).json().data;
      expect(low.list.map((r: { id: number }) => r.id)).toEqual([ids2.old]);
    });

    it('lists today’s unhandled ones, highest level first, to the roles that notify or handle them', async () => {
      const res = await nurse.get(criticalValueTodayRoute.path);
      expect(res.statusCode).toBe(200);
      const { total, list } = res.json().data;
      expect(total).toBeGreaterThanOrEqual(2);
      expect(list.length).toBe(Math.min(total, 5));
      const levels = list.map((r: { level: string }) => r.level);
      expect(levels).toEqual([...levels].sort().reverse());
      expect(list.every((r: { status: string }) => r.status !== '2')).toBe(true);
      expect((await expert.get(criticalValueTodayRoute.path)).statusCode).toBe(200);
      expect((await doctor.get(criticalValueTodayRoute.path)).statusCode).toBe(403);
    });

    it('counts today only: an old unhandled one and a handled one stay off the home page', async () => {
      const { total } = (await expert.get(criticalValueTodayRoute.path)).json().data;
      const rows = await db().select().from(criticalValues);
      const expected = rows.filter(
        (r) => r.status !== '2' && r.createdAt >= cstTime(today, 0) && r.createdAt < cstTime(today, 24 * 60),
      ).length;
      expect(total).toBe(expected);
      expect(rows.some((r) => r.id === ids2.old && r.status === '0')).toBe(true);
    });

    it('exports the filtered list as .xlsx with the three stages, names masked, audited', async () => {
      const res = await nurse.get(criticalValueExportRoute.path, { status: '2', exam_dept_id: labId });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(
        expect.arrayContaining(['危急程度', '提报人', '通知人', '被通知人（关系，方式）', '处理专家', '处理意见']),
      );
      const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
      const handled = await db().$count(criticalValues, eq(criticalValues.status, '2'));
      expect(rows.length).toBeLessThanOrEqual(handled);
      const col = (title: string) => header.indexOf(title) + 1;
      const row = rows.find((r) => r.getCell(col('处理专家')).value === '高专家')!;
      expect(row.getCell(col('状态')).value).toBe('已处理');
      expect(row.getCell(col('危急程度')).value).toBe('高');
      expect(row.getCell(col('被通知人（关系，方式）')).value).toBe('张大山（家属，电话）');
      expect(String(row.getCell(col('姓名')).value)).toMatch(/\*/);
      expect(await db().$count(auditLog, eq(auditLog.action, 'critical_export'))).toBe(1);
    });

    it('refuses the export with the list’s own message on a bad filter', async () => {
      const res = await nurse.get(criticalValueExportRoute.path, { date_from: '2026-03-02', date_to: '2026-03-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('开始日期不能晚于结束日期');
    });
  });

  describe('基础项目 危急程度', () => {
    it('keeps the level a result beyond the item’s limits raises, 高 when an import leaves it blank', async () => {
      const save = (critical_level: string, item_code: string) =>
        admin.post(examItemResource.routes.save.path, {
          item_code,
          item_name: `级别${item_code}`,
          dept_id: labId,
          result_type: 'number',
          critical_high: '10',
          critical_level,
          sort: 0,
        });
      const low = await save('1', 'CS-L1');
      expect(low.statusCode).toBe(200);
      const blank = await save('', 'CS-L2');
      expect(blank.statusCode).toBe(200);
      const levels = await db()
        .select({ code: examItems.itemCode, level: examItems.criticalLevel })
        .from(examItems)
        .where(eq(examItems.deptId, labId));
      expect(Object.fromEntries(levels.map((l) => [l.code, l.level]))).toMatchObject({ 'CS-L1': '1', 'CS-L2': '3' });
      expect((await save('9', 'CS-L3')).json().msg).toBe('危急程度只能是低、中或高');
    });
  });
});

/** An ISO instant as the centre's 'YYYY-MM-DD HH:mm'. */
function centreClockOf(iso: string) {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
