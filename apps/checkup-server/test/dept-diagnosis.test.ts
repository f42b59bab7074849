import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  criticalValues,
  diagnoses,
  examItems,
  itemDiagRules,
  itemResults,
  orderUnions,
  unionItems,
  unions,
} from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';

const VIEW = '/manager/api/departmentdiagnosis/get_order_union_diagnosis_list';
const SAVE = '/manager/api/departmentdiagnosis/diagnosis_union_save';
const MATCH = '/manager/api/departmentdiagnosis/match_diag_by_union';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let doctor: ReturnType<typeof callerFor>;
  let labId: number;
  let ecgDeptId: number;
  const ids = { alt: 0, k: 0, ecg: 0, liver: 0, electrolytes: 0, ecgUnion: 0, liverDiag: 0 };
  const db = () => server.database.db;

  beforeAll(async () => {
    await addStaff(db(), 'diag_doc', '赵医生');
    doctor = callerFor(server, await tokenFor(server, 'diag_doc'));
    labId = (await addDept(db(), '检验科')).deptId;
    ecgDeptId = (await addDept(db(), '心电图室')).deptId;
    const item = async (code: string, values: Partial<typeof examItems.$inferInsert>) =>
      (
        await db()
          .insert(examItems)
          .values({ itemCode: code, itemName: code, deptId: labId, resultType: 'number', ...values })
          .returning({ id: examItems.id })
      )[0]!.id;
    ids.alt = await item('T-ALT', {
      itemName: '谷丙转氨酶',
      unit: 'U/L',
      refLowMale: '9',
      refHighMale: '50',
      refLowFemale: '7',
      refHighFemale: '40',
      highWords: '偏高',
    });
    ids.k = await item('T-K', {
      itemName: '血钾',
      unit: 'mmol/L',
      refLowMale: '3.5',
      refHighMale: '5.3',
      refLowFemale: '3.5',
      refHighFemale: '5.3',
      criticalLow: '2.8',
      criticalHigh: '6.2',
    });
    ids.ecg = await item('T-ECG', {
      itemName: '心电图所见',
      deptId: ecgDeptId,
      resultType: 'text',
      normalText: '正常心电图',
    });
    const union = async (code: string, name: string, deptId: number, itemIds: number[]) => {
      const id = (
        await db()
          .insert(unions)
          .values({ unionCode: code, unionName: name, deptId, price: '20.00' })
          .returning({ id: unions.id })
      )[0]!.id;
      await db()
        .insert(unionItems)
        .values(itemIds.map((itemId, sort) => ({ unionId: id, itemId, sort })));
      return id;
    };
    ids.liver = await union('T-LIVER', '肝功能', labId, [ids.alt]);
    ids.electrolytes = await union('T-ELEC', '电解质', labId, [ids.k]);
    ids.ecgUnion = await union('T-ECGU', '心电图', ecgDeptId, [ids.ecg]);
    ids.liverDiag = (
      await db()
        .insert(diagnoses)
        .values({
          diagCode: 'T-D1',
          diagName: '测试肝功能异常',
          advice: '建议消化内科复查肝功能。',
          lifeGuidance: '戒酒，低脂饮食。',
        })
        .returning({ id: diagnoses.id })
    )[0]!.id;
    await db().insert(itemDiagRules).values({ itemId: ids.alt, direction: 'H', diagId: ids.liverDiag });
  });

  async function visit(status = 'checked_in') {
    const orderId = await addOrder(db(), {
      status,
      depts: [
        { deptId: labId, status: '0' },
        { deptId: ecgDeptId, status: '0' },
      ],
    });
    await db()
      .insert(orderUnions)
      .values([
        { orderId, unionId: ids.liver, deptId: labId, price: '20.00', origin: 'package' },
        { orderId, unionId: ids.electrolytes, deptId: labId, price: '20.00', origin: 'package' },
        { orderId, unionId: ids.ecgUnion, deptId: ecgDeptId, price: '20.00', origin: 'package' },
      ]);
    return orderId;
  }

  const save = (orderId: string, results: object[], extra: Record<string, string> = {}) =>
    doctor.post(SAVE, {
      order_id: orderId,
      exam_dept_id: labId,
      results: JSON.stringify(results),
      summary: '[]',
      diag_list: '[]',
      ...extra,
    });

  it('shows the department’s unions and items with the male reference ranges', async () => {
    const orderId = await visit();
    const view = (await doctor.get(VIEW, { order_id: orderId, exam_dept_id: labId })).json().data;

    expect(view.unions.map((u: { union_name: string }) => u.union_name)).toEqual(['肝功能', '电解质']);
    expect(view.unions[0].items[0]).toMatchObject({
      item_name: '谷丙转氨酶',
      unit: 'U/L',
      ref_range: '9-50',
      result_value: null,
    });
    expect(view.customer).toMatchObject({ sex: '1' });
  });

  it('judges and stores results, starts the exam, and raises a critical value once', async () => {
    const orderId = await visit();

    const first = await save(orderId, [
      { item_id: ids.alt, result_value: '68' },
      { item_id: ids.k, result_value: '6.5' },
    ]);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.new_critical).toEqual([{ item_name: '血钾', result_value: '6.5', direction: 'H' }]);
    expect(data.unions[0].items[0]).toMatchObject({ result_value: '68', abnormal_flag: 'H', critical_flag: '0' });
    expect(data.unions[1].items[0]).toMatchObject({ abnormal_flag: 'H', critical_flag: '1' });
    expect(data.dept_status).toBe('1');
    expect(await orderStatus(db(), orderId)).toBe('in_exam');

    const again = await save(orderId, [{ item_id: ids.k, result_value: '6.6' }]);
    expect(again.json().data.new_critical).toEqual([]);
    expect(await db().$count(criticalValues, eq(criticalValues.orderId, orderId))).toBe(1);
  });

  it('matches a diagnosis from an abnormal result, before and after saving', async () => {
    const orderId = await visit('in_exam');
    const unsaved = await doctor.post(MATCH, {
      order_id: orderId,
      exam_dept_id: labId,
      results: JSON.stringify([{ item_id: ids.alt, result_value: '80' }]),
    });
    expect(unsaved.json().data).toEqual([
      {
        diag_id: ids.liverDiag,
        diag_name: '测试肝功能异常',
        advice: '建议消化内科复查肝功能。',
        life_guidance: '戒酒，低脂饮食。',
        union_id: ids.liver,
        summary_content: '谷丙转氨酶 偏高',
      },
    ]);
    expect((await doctor.post(MATCH, { order_id: orderId, exam_dept_id: labId })).json().data).toEqual([]);
  });

  it('matches a text finding by the dictionary’s keywords before the item’s own rule', async () => {
    const [fallback, named] = await db()
      .insert(diagnoses)
      .values([
        { diagCode: 'T-D2', diagName: '测试心电图异常', deptId: ecgDeptId },
        { diagCode: 'T-D3', diagName: '测试右束支传导阻滞', deptId: ecgDeptId, keywords: ['右束支传导阻滞'] },
      ])
      .returning({ id: diagnoses.id });
    await db().insert(itemDiagRules).values({ itemId: ids.ecg, direction: 'A', diagId: fallback!.id });
    const orderId = await visit('in_exam');
    const match = (finding: string) =>
      doctor.post(MATCH, {
        order_id: orderId,
        exam_dept_id: ecgDeptId,
        results: JSON.stringify([{ item_id: ids.ecg, result_value: finding }]),
      });

    expect((await match('完全性右束支传导阻滞')).json().data).toMatchObject([
      { diag_id: named!.id, summary_content: '心电图所见 完全性右束支传导阻滞' },
    ]);
    expect((await match('T波低平')).json().data).toMatchObject([{ diag_id: fallback!.id }]);
    expect((await match('正常心电图')).json().data).toEqual([]);
  });

  it('saves summary lines without duplicates and the diagnoses in order', async () => {
    const orderId = await visit('in_exam');
    const res = await save(orderId, [{ item_id: ids.alt, result_value: '80' }], {
      summary: JSON.stringify([
        { summary_content: '谷丙转氨酶 偏高', source: '0', union_id: ids.liver },
        { summary_content: '谷丙转氨酶 偏高', source: '2', union_id: ids.liver },
      ]),
      diag_list: JSON.stringify([
        { diag_id: ids.liverDiag, diag_name: '测试肝功能异常', advice: '复查' },
        { diag_id: ids.liverDiag, diag_name: '测试肝功能异常', advice: '复查' },
        { diag_name: '建议戒酒', doctor_created_flag: '1' },
      ]),
    });

    const view = res.json().data;
    expect(view.summary).toMatchObject([{ summary_content: '谷丙转氨酶 偏高', summary_order_by: 1 }]);
    expect(view.diag_list.map((d: { diag_name: string; sort: number }) => [d.diag_name, d.sort])).toEqual([
      ['测试肝功能异常', 1],
      ['建议戒酒', 2],
    ]);
  });

  it('refuses an item of another department, and writes nothing', async () => {
    const orderId = await visit('in_exam');
    const res = await save(orderId, [
      { item_id: ids.alt, result_value: '30' },
      { item_id: ids.ecg, result_value: '窦性心动过缓' },
    ]);

    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('提交的结果中有不属于本科室的项目');
    expect(await db().$count(itemResults, eq(itemResults.orderId, orderId))).toBe(0);
  });

  it('refuses malformed JSON with a Chinese message', async () => {
    const orderId = await visit('in_exam');
    const res = await save(orderId, [], { results: '[{"item_id":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('检查结果格式不正确');
  });

  it('keeps a signed department’s results as they were', async () => {
    const orderId = await visit('in_exam');
    // Issue 19: every item filled before signing (血钾 too).
    await save(orderId, [
      { item_id: ids.alt, result_value: '30' },
      { item_id: ids.k, result_value: '4.1' },
    ]);
    const signed = await doctor.get('/manager/api/departmentdiagnosis/order_dept_sign', {
      order_id: orderId,
      exam_dept_id: labId,
    });
    expect(signed.statusCode).toBe(200);

    const res = await save(orderId, [{ item_id: ids.alt, result_value: '99' }]);

    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('本科室已签名，不能再修改结果');
    const [stored] = await db()
      .select()
      .from(itemResults)
      .where(and(eq(itemResults.orderId, orderId), eq(itemResults.itemId, ids.alt)));
    expect(stored?.resultValue).toBe('30');
  });

  describe('a department the order does not visit', () => {
    it('is answered plainly', async () => {
      const orderId = await addOrder(db(), { status: 'in_exam' });
      const res = await doctor.get(VIEW, { order_id: orderId, exam_dept_id: labId });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('该体检者没有本科室的检查项目');
    });
  });
});
