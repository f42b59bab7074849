import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  diagnoses,
  diagnosisItemLinks,
  examItems,
  itemResults,
  orderDepts,
  orderUnions,
  orders,
  recordLocks,
  unionItems,
  unions,
} from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const API = '/manager/api/departmentdiagnosis';

/** Issue 19: department entry as doctors use it — who may be opened, what must be filled before signing. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let doctor: ReturnType<typeof callerFor>;
  let doctorId: number;
  let deptId: number;
  let otherDeptId: number;
  const ids = { height: 0, weight: 0, look: 0, sg: 0, general: 0, urine: 0, other: 0 };

  beforeAll(async () => {
    doctorId = await addStaff(db(), 'rule_doc', '钱医生');
    doctor = callerFor(server, await tokenFor(server, 'rule_doc'));
    ({ deptId } = await addDept(db(), '规则科'));
    ({ deptId: otherDeptId } = await addDept(db(), '别的科'));
    const rows = await db()
      .insert(examItems)
      .values([
        { itemCode: 'R-HEIGHT', itemName: '身高', deptId, resultType: 'number', unit: 'cm' },
        { itemCode: 'R-WEIGHT', itemName: '体重', deptId, resultType: 'number', unit: 'kg' },
        { itemCode: 'R-LOOK', itemName: '尿色', deptId, resultType: 'text', normalText: '淡黄色' },
        // A number with a configured normal result (正常结果): 全部正常 and the batch take it.
        { itemCode: 'R-SG', itemName: '尿比重', deptId, resultType: 'number', normalText: '1.020' },
      ])
      .returning({ id: examItems.id });
    [ids.height, ids.weight, ids.look, ids.sg] = rows.map((r) => r.id) as [number, number, number, number];
    const union = async (code: string, name: string, dept: number, items: number[]) => {
      const [row] = await db()
        .insert(unions)
        .values({ unionCode: code, unionName: name, deptId: dept, price: '10.00' })
        .returning({ id: unions.id });
      if (items.length)
        await db()
          .insert(unionItems)
          .values(items.map((itemId, sort) => ({ unionId: row!.id, itemId, sort })));
      return row!.id;
    };
    ids.general = await union('R-GEN', '一般检查', deptId, [ids.height, ids.weight]);
    ids.urine = await union('R-URINE', '尿常规', deptId, [ids.look, ids.sg]);
    ids.other = await union('R-OTHER', '别的检查', otherDeptId, []);
    const [diag] = await db()
      .insert(diagnoses)
      .values({ diagCode: 'R-D1', diagName: '尿色异常' })
      .returning({ id: diagnoses.id });
    await db()
      .insert(diagnosisItemLinks)
      .values([
        { diagId: diag!.id, itemId: ids.look, signWord: '深黄色' },
        { diagId: diag!.id, itemId: ids.look, signWord: '淡黄色' },
        { diagId: diag!.id, itemId: ids.look, signWord: '红色', isActive: false },
      ]);
  });

  async function visit(
    opts: { status?: string; deptStatus?: '0' | '1' | '2'; urine?: string; ban?: string; lines?: boolean } = {},
  ) {
    const orderId = await addOrder(db(), {
      status: opts.status ?? 'checked_in',
      examDate: '2026-11-22',
      depts: [{ deptId, status: opts.deptStatus ?? '0' }],
    });
    if (opts.lines !== false) {
      await db()
        .insert(orderUnions)
        .values([
          { orderId, unionId: ids.general, deptId, price: '10.00', origin: 'package' },
          {
            orderId,
            unionId: ids.urine,
            deptId,
            price: '10.00',
            origin: 'package',
            status: opts.urine ?? '0',
            ...(opts.urine === '2' ? { execBy: doctorId, execReason: '体检者不愿留尿', execAt: new Date() } : {}),
          },
        ]);
    }
    if (opts.ban) {
      await db().update(orders).set({ banReason: opts.ban, bannedAt: new Date() }).where(eq(orders.orderId, orderId));
    }
    return orderId;
  }
  const view = (orderId: string) =>
    doctor.get(`${API}/get_order_union_diagnosis_list`, { order_id: orderId, exam_dept_id: deptId });
  const save = (orderId: string, results: { item_id: number; result_value: string }[]) =>
    doctor.post(`${API}/diagnosis_union_save`, {
      order_id: orderId,
      exam_dept_id: deptId,
      results: JSON.stringify(results),
      summary: '[]',
      diag_list: '[]',
    });
  const sign = (orderId: string) => doctor.get(`${API}/order_dept_sign`, { order_id: orderId, exam_dept_id: deptId });

  describe('loading the entry', () => {
    it('refuses an examinee who has not checked in, and takes no lock for the visit', async () => {
      const orderId = await visit({ status: 'registered' });
      const res = await view(orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('该体检者尚未报到，不能录入');

      const lock = await doctor.post(`${API}/dept_lock`, { order_id: orderId, exam_dept_id: deptId });
      expect(lock.json()).toMatchObject({ status: 409, msg: '该体检者尚未报到，不能录入' });
      expect(await db().$count(recordLocks, eq(recordLocks.lockKey, `${orderId}:${deptId}`))).toBe(0);
    });

    it('refuses a banned visit with the ban reason, which the worklist shows too', async () => {
      const orderId = await visit({ ban: '体检费用未结清' });
      const res = await view(orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('该体检者已禁检，原因：体检费用未结清');

      const list = await doctor.get(`${API}/dept_worklist`, {
        exam_dept_id: deptId,
        exam_date: '2026-11-22',
        keyword: orderId,
      });
      expect(list.json().data.list).toMatchObject([{ order_id: orderId, ban_reason: '体检费用未结清' }]);
    });

    it('refuses a visit with no line of the department', async () => {
      const res = await view(await visit({ lines: false }));
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('该体检者没有本科室的检查项目');
    });

    it('shows a waived line with its state, and each item with its code and sign words', async () => {
      const data = (await view(await visit({ urine: '2' }))).json().data;

      expect(
        data.unions.map((u: { union_name: string; exec_state: string; exec_label: string }) => [
          u.union_name,
          u.exec_state,
          u.exec_label,
        ]),
      ).toEqual([
        ['一般检查', '0', '未检'],
        ['尿常规', '2', '弃检'],
      ]);
      // Who waived it and why, from the line (item-exec) — shown beside the read-only items.
      expect(data.unions[1]).toMatchObject({ exec_reason: '体检者不愿留尿', exec_by_name: '钱医生' });
      expect(data.unions[1].exec_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const look = data.unions[1].items[0];
      // The normal finding first, then the linked words once each; a disabled link is not offered.
      expect(look).toMatchObject({ item_code: 'R-LOOK', sign_words: ['淡黄色', '深黄色'] });
      expect(data.unions[0].items[0]).toMatchObject({ item_code: 'R-HEIGHT', sign_words: [] });
      // A number's configured normal result is entered by 全部正常, not offered as a word.
      expect(data.unions[1].items[1]).toMatchObject({ item_code: 'R-SG', normal_text: '1.020', sign_words: [] });
    });
  });

  describe('saving and signing', () => {
    it('refuses a result for an item of a waived line, and writes nothing', async () => {
      const orderId = await visit({ urine: '2' });
      const res = await save(orderId, [
        { item_id: ids.height, result_value: '170' },
        { item_id: ids.look, result_value: '淡黄色' },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('「尿常规」已弃检，不能录入「尿色」的结果');
      expect(await db().$count(itemResults, eq(itemResults.orderId, orderId))).toBe(0);
    });

    it('refuses to sign while items are blank, naming them in entry order, and signs once filled', async () => {
      const orderId = await visit();
      await save(orderId, [
        { item_id: ids.height, result_value: '170' },
        { item_id: ids.look, result_value: '淡黄色' },
      ]);

      const refused = await sign(orderId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe('以下项目尚未录入结果：体重、尿比重');
      const [row] = await db()
        .select()
        .from(orderDepts)
        .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
      expect(row?.status).toBe('1');

      await save(orderId, [
        { item_id: ids.height, result_value: '170' },
        { item_id: ids.weight, result_value: '65' },
        { item_id: ids.look, result_value: '淡黄色' },
        { item_id: ids.sg, result_value: '1.020' },
      ]);
      const signed = await sign(orderId);
      expect(signed.statusCode).toBe(200);
    });

    it('does not count the items of a waived line as blank', async () => {
      const orderId = await visit({ urine: '2' });
      await save(orderId, [
        { item_id: ids.height, result_value: '170' },
        { item_id: ids.weight, result_value: '65' },
      ]);
      const signed = await sign(orderId);
      expect(signed.statusCode).toBe(200);
    });

    it('refuses to save or sign a banned visit', async () => {
      const orderId = await visit({ status: 'in_exam', deptStatus: '1', ban: '重复登记' });
      const saved = await save(orderId, [{ item_id: ids.height, result_value: '170' }]);
      expect(saved.json().msg).toBe('该体检者已禁检，原因：重复登记');
      const signed = await sign(orderId);
      expect(signed.statusCode).toBe(409);
      expect(signed.json().msg).toBe('该体检者已禁检，原因：重复登记');
    });
  });

  describe('批量诊断', () => {
    it('says why each visit was skipped, and fills a number only with its configured normal result', async () => {
      const waiting = await visit();
      const registered = await visit({ status: 'registered' });
      const banned = await visit({ ban: '欠费' });
      const noLines = await visit({ lines: false });
      const signed = await visit({ status: 'in_exam', deptStatus: '2' });
      const entered = await visit({ status: 'in_exam', deptStatus: '1' });
      const elsewhere = await addOrder(db(), { status: 'checked_in', examDate: '2026-11-22' });
      await db()
        .insert(orderUnions)
        .values({ orderId: elsewhere, unionId: ids.other, deptId: otherDeptId, price: '10.00', origin: 'package' });

      const res = await doctor.post(`${API}/batch_normal_save`, {
        exam_dept_id: deptId,
        order_ids: JSON.stringify([waiting, registered, banned, noLines, signed, entered, elsewhere]),
      });

      const data = res.json().data;
      expect(data.saved).toEqual([waiting]);
      expect(
        data.skipped.map((s: { order_id: string; reason_code: string; reason: string }) => [
          s.order_id,
          s.reason_code,
          s.reason,
        ]),
      ).toEqual([
        [registered, 'not_checked_in', '未报到'],
        [banned, 'banned', '已禁检（欠费）'],
        [noLines, 'no_items', '本科室无项目'],
        [signed, 'signed', '已签名'],
        [entered, 'entered', '已有录入结果（请逐个核对）'],
        [elsewhere, 'no_items', '本科室无项目'],
      ]);
      const results = await db().select().from(itemResults).where(eq(itemResults.orderId, waiting));
      // 尿色 its finding, 尿比重 its configured 1.020; height and weight are measured, so left for the doctor.
      expect(results.map((r) => [r.itemId, r.resultValue]).sort()).toEqual(
        [
          [ids.look, '淡黄色'],
          [ids.sg, '1.020'],
        ].sort(),
      );
    });
  });
});
