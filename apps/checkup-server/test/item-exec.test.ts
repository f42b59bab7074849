import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CRITICAL_PENDING_MESSAGE,
  execChangeRoute,
  execListRoute,
  execOrderLinesRoute,
  execSignatureRoute,
  execWaiveSignedRoute,
  recycledListRoute,
  sheetRecycleRoute,
} from '@checkup/api-contract';
import {
  auditLog,
  criticalValues,
  examItems,
  itemResults,
  orderDepts,
  orderUnions,
  orders,
  queueEntries,
  storedFiles,
  unionItems,
  unions,
} from '../src/db/schema.js';
import { addDays, todayCst } from '../src/db/demo/dates.js';
import { syncQueues } from '../src/modules/queue/queue-sync.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('签名笔画')]);

async function multipart(file: Buffer) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'signature.png');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  let desk: ReturnType<typeof callerFor>;
  let outsider: ReturnType<typeof callerFor>;
  let exitDesk: ReturnType<typeof callerFor>;
  const ids = { labDept: 0, ecgDept: 0, liver: 0, lipid: 0, ecg: 0, altItem: 0, ecgItem: 0 };

  beforeAll(async () => {
    await addStaff(db(), 'ie_desk', '周登记', '0', { menu: ['exam_mg/order_mg_detail', 'exam_mg/delay_mg'] });
    await addStaff(db(), 'ie_exit', '吴导检', '0', { menu: ['exam_mg/guidance_recycle'] });
    await addStaff(db(), 'ie_outsider', '郑医生', '0', { menu: ['exam_mg/dept_diag'] });
    desk = callerFor(server, await tokenFor(server, 'ie_desk'));
    exitDesk = callerFor(server, await tokenFor(server, 'ie_exit'));
    outsider = callerFor(server, await tokenFor(server, 'ie_outsider'));
    ids.labDept = (await addDept(db(), '执行检验科')).deptId;
    ids.ecgDept = (await addDept(db(), '执行心电图室')).deptId;
    const item = async (code: string, name: string, deptId: number) =>
      (
        await db()
          .insert(examItems)
          .values({ itemCode: code, itemName: name, deptId, resultType: 'text' })
          .returning({ id: examItems.id })
      )[0]!.id;
    ids.altItem = await item('IE-ALT', '谷丙转氨酶', ids.labDept);
    const tgItem = await item('IE-TG', '甘油三酯', ids.labDept);
    ids.ecgItem = await item('IE-ECG', '心电图所见', ids.ecgDept);
    const union = async (code: string, name: string, deptId: number, itemId: number) => {
      const id = (
        await db()
          .insert(unions)
          .values({ unionCode: code, unionName: name, deptId, price: '30.00', sort: Number(code.slice(-1)) })
          .returning({ id: unions.id })
      )[0]!.id;
      await db().insert(unionItems).values({ unionId: id, itemId });
      return id;
    };
    ids.liver = await union('IE-U1', '肝功能', ids.labDept, ids.altItem);
    ids.lipid = await union('IE-U2', '血脂', ids.labDept, tgItem);
    ids.ecg = await union('IE-U3', '心电图', ids.ecgDept, ids.ecgItem);
  });

  /** A visit of today with 肝功能 and 血脂 (检验科) and 心电图, its departments in the given states. */
  async function visit(status: string, depts: { lab?: '0' | '1' | '2'; ecg?: '0' | '1' | '2' } = {}) {
    const orderId = await addOrder(db(), {
      status,
      examDate: today,
      depts: [
        { deptId: ids.labDept, status: depts.lab ?? '0' },
        { deptId: ids.ecgDept, status: depts.ecg ?? '0' },
      ],
    });
    await db()
      .insert(orderUnions)
      .values([
        { orderId, unionId: ids.liver, deptId: ids.labDept, price: '30.00', origin: 'package' },
        { orderId, unionId: ids.lipid, deptId: ids.labDept, price: '30.00', origin: 'package' },
        { orderId, unionId: ids.ecg, deptId: ids.ecgDept, price: '30.00', origin: 'package' },
      ]);
    return orderId;
  }
  const change = (orderId: string, unionId: number, action: string, extra: Record<string, string> = {}) =>
    desk.post(execChangeRoute.path, { order_id: orderId, union_id: unionId, action, ...extra });
  const lineOf = async (orderId: string, unionId: number) =>
    (
      await db()
        .select()
        .from(orderUnions)
        .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, unionId)))
    )[0]!;
  const deptRow = async (orderId: string, deptId: number) =>
    (
      await db()
        .select()
        .from(orderDepts)
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)))
    )[0];

  describe('the actions on a line', () => {
    it('waives a line directly (直接弃检) with the reason, who and when, and one audit row', async () => {
      const orderId = await visit('checked_in');
      const res = await change(orderId, ids.lipid, 'waive', { reason: '空腹未满8小时' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        union_name: '血脂',
        state: '2',
        state_label: '弃检',
        exec_by_name: '周登记',
        exec_reason: '空腹未满8小时',
        signature_file_id: null,
        open: false,
      });
      const row = await lineOf(orderId, ids.lipid);
      expect(row.execAt).toBeTruthy();
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'item_exec_waive'), eq(auditLog.target, orderId)));
      expect(audits).toHaveLength(1);
      expect(audits[0]!.detail).toMatchObject({ union_id: ids.lipid, from: '0', to: '2' });
    });

    it('waives with the signature drawn on screen, stored in the file store and served back', async () => {
      const orderId = await visit('checked_in');
      const body = await multipart(PNG);
      const query = new URLSearchParams({ order_id: orderId, union_id: String(ids.ecg), reason: '本人放弃' });
      const res = await server.app.inject({
        method: 'POST',
        url: `${execWaiveSignedRoute.path}?${query}`,
        payload: body.payload,
        headers: { 'content-type': body.type, 'x-checkup-token': desk.token },
      });
      expect(res.statusCode).toBe(200);
      const fileId = res.json().data.signature_file_id as number;
      expect(fileId).toBeGreaterThan(0);
      const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, fileId));
      expect(file).toMatchObject({ purpose: 'item_exec_signature', ownerRef: `${orderId}:${ids.ecg}` });
      const image = await desk.get(execSignatureRoute.path, { id: fileId });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
    });

    it('requires a reason for 弃检 and 拒检 and a date for 迟检', async () => {
      const orderId = await visit('checked_in');
      expect((await change(orderId, ids.liver, 'waive')).json().msg).toBe('请填写弃检原因');
      expect((await change(orderId, ids.liver, 'refuse', { reason: '  ' })).json().msg).toBe('请填写拒检原因');
      expect((await change(orderId, ids.liver, 'defer')).json().msg).toBe('请选择迟检日期');
    });

    it('defers to a later day, refuses a day before today, and makes the line up on a date', async () => {
      const orderId = await visit('checked_in');
      const past = await change(orderId, ids.ecg, 'defer', { exec_date: addDays(today, -1) });
      expect(past.statusCode).toBe(400);
      expect(past.json().msg).toBe('迟检日期不能早于今天');
      const later = addDays(today, 3);
      const res = await change(orderId, ids.ecg, 'defer', { exec_date: later, reason: '经期' });
      expect(res.json().data).toMatchObject({ state: '3', state_label: '迟检', exec_date: later, open: false });
      const makeup = await change(orderId, ids.ecg, 'makeup', { exec_date: later });
      expect(makeup.json().data).toMatchObject({ state: '5', state_label: '补检', exec_date: later, open: true });
      // The department waits again, on the make-up day's worklist.
      expect(await deptRow(orderId, ids.ecgDept)).toMatchObject({ status: '0', examDate: later });
    });

    it('refuses a line (拒检) and reverses it back to 未检', async () => {
      const orderId = await visit('checked_in');
      expect((await change(orderId, ids.liver, 'refuse', { reason: '拒绝抽血' })).json().data.state).toBe('4');
      const back = await change(orderId, ids.liver, 'revert');
      expect(back.json().data).toMatchObject({ state: '0', state_label: '未检', exec_reason: null });
      expect(await db().$count(auditLog, eq(auditLog.target, orderId))).toBe(2);
    });

    it('checks each move against the state table', async () => {
      const orderId = await visit('checked_in');
      const res = await change(orderId, ids.liver, 'makeup');
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('该项目当前为「未检」，不能补检');
      await change(orderId, ids.liver, 'refuse', { reason: '拒绝' });
      expect((await change(orderId, ids.liver, 'defer', { exec_date: today })).json().msg).toBe(
        '该项目当前为「拒检」，不能迟检',
      );
    });

    it('refuses every action once a result was saved for the line or its department signed', async () => {
      const orderId = await visit('in_exam', { ecg: '2' });
      await db().insert(itemResults).values({
        orderId,
        itemId: ids.altItem,
        unionId: ids.liver,
        deptId: ids.labDept,
        resultValue: '25',
      });
      const waived = await change(orderId, ids.liver, 'waive', { reason: '不做了' });
      expect(waived.json().msg).toBe('已检查，无法进行弃检操作');
      expect((await change(orderId, ids.ecg, 'defer', { exec_date: today })).json().msg).toBe(
        '已检查，无法进行迟检操作',
      );
      expect((await lineOf(orderId, ids.liver)).status).toBe('0');
      // The other line of the department has nothing recorded: it may still be waived.
      expect((await change(orderId, ids.lipid, 'waive', { reason: '不做了' })).statusCode).toBe(200);
    });

    it('refuses a banned visit and one past its departments', async () => {
      const banned = await visit('checked_in');
      await db().update(orders).set({ bannedAt: new Date(), banReason: '身份不符' }).where(eq(orders.orderId, banned));
      expect((await change(banned, ids.liver, 'waive', { reason: '不做了' })).json().msg).toBe(
        '该体检者已禁检，原因：身份不符，不能弃检',
      );
      const reviewed = await visit('first_trial', { lab: '2', ecg: '2' });
      expect((await change(reviewed, ids.lipid, 'refuse', { reason: '不做了' })).json().msg).toBe(
        '订单当前状态为「已初审」，不能拒检',
      );
    });

    it('is refused to an account without 登记详情 or 延期/弃检管理', async () => {
      const orderId = await visit('checked_in');
      const res = await outsider.post(execChangeRoute.path, {
        order_id: orderId,
        union_id: ids.liver,
        action: 'waive',
        reason: '不做了',
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('department progress', () => {
    it('a department whose lines are all waived no longer waits, and the visit finishes its departments', async () => {
      const orderId = await visit('in_exam', { lab: '2' });
      await change(orderId, ids.ecg, 'waive', { reason: '不做了' });
      expect(await deptRow(orderId, ids.ecgDept)).toBeUndefined();
      expect(await orderStatus(db(), orderId)).toBe('depts_done');
      // 撤销 brings the department back and the visit back to the departments.
      await change(orderId, ids.ecg, 'revert');
      expect(await deptRow(orderId, ids.ecgDept)).toMatchObject({ status: '0', examDate: today });
      expect(await orderStatus(db(), orderId)).toBe('in_exam');
    });

    it('a department keeps waiting while one of its lines is still to be done', async () => {
      const orderId = await visit('checked_in');
      await change(orderId, ids.lipid, 'refuse', { reason: '拒绝' });
      expect(await deptRow(orderId, ids.labDept)).toMatchObject({ status: '0' });
      await change(orderId, ids.liver, 'defer', { exec_date: addDays(today, 1) });
      expect(await deptRow(orderId, ids.labDept)).toBeUndefined();
      expect(await orderStatus(db(), orderId)).toBe('checked_in');
    });

    it("the examinee leaves a waived department's queue, and queues there again when the line comes back", async () => {
      const orderId = await visit('checked_in');
      await syncQueues(db(), today);
      const waiting = async () =>
        (
          await db()
            .select({ status: queueEntries.status })
            .from(queueEntries)
            .where(and(eq(queueEntries.orderId, orderId), eq(queueEntries.deptId, ids.ecgDept)))
        )[0]?.status;
      expect(await waiting()).toBe('waiting');
      await change(orderId, ids.ecg, 'waive', { reason: '不做了' });
      expect(await waiting()).toBe('done');
      await change(orderId, ids.ecg, 'makeup');
      expect(await waiting()).toBe('waiting');
    });
  });

  describe('the lists', () => {
    it('shows a visit with every line, who set it and whether it is still open', async () => {
      const orderId = await visit('checked_in');
      await change(orderId, ids.ecg, 'waive', { reason: '不做了' });
      const res = await desk.get(execOrderLinesRoute.path, { order_id: orderId });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(
        data.lines.map((l: { union_name: string; state: string; open: boolean }) => [l.union_name, l.state, l.open]),
      ).toEqual([
        ['肝功能', '0', true],
        ['血脂', '0', true],
        ['心电图', '2', false],
      ]);
      expect(data).toMatchObject({ sheet_returned_at: null, unhandled_critical: 0, ban_reason: null });
    });

    it('lists deferred, waived, refused and make-up lines by day, department, state and name (paged)', async () => {
      const orderId = await visit('checked_in');
      const later = addDays(today, 5);
      await change(orderId, ids.liver, 'defer', { exec_date: later, reason: '未空腹' });
      await change(orderId, ids.ecg, 'refuse', { reason: '拒绝' });
      const onLater = (await desk.get(execListRoute.path, { date_from: later, date_to: later })).json().data;
      expect(onLater.list.map((r: { order_id: string; union_name: string }) => [r.order_id, r.union_name])).toEqual([
        [orderId, '肝功能'],
      ]);
      expect(onLater.list[0]).toMatchObject({
        day: later,
        exam_date: today,
        state_label: '迟检',
        exec_reason: '未空腹',
      });
      const refused = (await desk.get(execListRoute.path, { state: '4', dept_id: ids.ecgDept, key: orderId })).json()
        .data;
      expect(refused.total).toBe(1);
      expect(refused.list[0]).toMatchObject({ union_name: '心电图', state: '4' });
      const paged = (await desk.get(execListRoute.path, { key: orderId, size: 1, page: 2 })).json().data;
      expect(paged).toMatchObject({ total: 2, page: 2, size: 1 });
      expect(paged.list).toHaveLength(1);
      expect((await desk.get(execListRoute.path, { state: '1' })).json().msg).toBe('状态不正确');
    });
  });

  describe('导检单回收', () => {
    const recycle = (orderId: string) => exitDesk.post(sheetRecycleRoute.path, { order_id: orderId });

    it('refuses while a line is open, naming the open lines', async () => {
      const orderId = await visit('in_exam');
      await change(orderId, ids.ecg, 'waive', { reason: '不做了' });
      const res = await recycle(orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('还有未完成的项目，不能回收：肝功能（未检）、血脂（未检）');
      expect((await exitDesk.get(execOrderLinesRoute.path, { order_id: orderId })).json().data.lines).toHaveLength(3);
    });

    it('refuses while a critical value of the visit is unhandled', async () => {
      const orderId = await visit('depts_done', { lab: '2', ecg: '2' });
      await db().update(orderUnions).set({ status: '1' }).where(eq(orderUnions.orderId, orderId));
      await db().insert(criticalValues).values({ orderId, itemId: ids.altItem, resultValue: '900', direction: 'H' });
      const res = await recycle(orderId);
      expect(res.json().msg).toBe(CRITICAL_PENDING_MESSAGE);
      await db().update(criticalValues).set({ status: '2' }).where(eq(criticalValues.orderId, orderId));
      expect((await recycle(orderId)).statusCode).toBe(200);
    });

    it('takes the sheet back once every line is handled, records who and when, and refuses a second time', async () => {
      // 检验科 has signed: its lines, stored as 未检, were examined.
      const orderId = await visit('in_exam', { lab: '2' });
      await change(orderId, ids.ecg, 'defer', { exec_date: addDays(today, 2) });
      const res = await recycle(orderId);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ order_id: orderId, sheet_returned_by_name: '吴导检' });
      const visitNow = (await exitDesk.get(execOrderLinesRoute.path, { order_id: orderId })).json().data;
      expect(visitNow.sheet_returned_by_name).toBe('吴导检');
      expect(visitNow.lines.map((l: { state_label: string }) => l.state_label)).toEqual(['已检', '已检', '迟检']);
      expect(await db().$count(auditLog, eq(auditLog.action, 'guide_sheet_recycle'))).toBeGreaterThan(0);
      const again = await recycle(orderId);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toMatch(/^已回收，回收人：吴导检，时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const list = (await exitDesk.get(recycledListRoute.path, {})).json().data;
      expect(list.list.map((r: { order_id: string }) => r.order_id)).toContain(orderId);
    });
  });
});
