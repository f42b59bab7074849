import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deptSummaries,
  diagnoses,
  examItems,
  itemResults,
  orderDepts,
  orderUnions,
  orders,
  packages,
  unionItems,
  unions,
} from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';

const API = '/manager/api/departmentdiagnosis';

/** The calls dept_diag, dept_diag_detail and dept_diag_batch added to the department diagnosis group. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let doctor: ReturnType<typeof callerFor>;
  let colleague: ReturnType<typeof callerFor>;
  let deptId: number;
  let imagingDeptId: number;
  let imagingGroupId: number;
  const ids = { hb: 0, look: 0, union: 0, own: 0, general: 0, other: 0, pkg: 0 };

  beforeAll(async () => {
    await addStaff(db(), 'ext_doc1', '王医生');
    await addStaff(db(), 'ext_doc2', '李医生');
    doctor = callerFor(server, await tokenFor(server, 'ext_doc1'));
    colleague = callerFor(server, await tokenFor(server, 'ext_doc2'));
    ({ deptId } = await addDept(db(), '测试内科'));
    ({ deptId: imagingDeptId, workGroupId: imagingGroupId } = await addDept(db(), '测试放射科', true));
    const [hb, look] = await db()
      .insert(examItems)
      .values([
        {
          itemCode: 'X-HB',
          itemName: '血红蛋白',
          deptId,
          resultType: 'number',
          unit: 'g/L',
          refLowMale: '130',
          refHighMale: '175',
          refLowFemale: '115',
          refHighFemale: '150',
          criticalLow: '50',
        },
        { itemCode: 'X-LOOK', itemName: '一般情况', deptId, resultType: 'text', normalText: '未见异常' },
      ])
      .returning({ id: examItems.id });
    ids.hb = hb!.id;
    ids.look = look!.id;
    ids.union = (
      await db()
        .insert(unions)
        .values({ unionCode: 'X-U1', unionName: '内科检查', deptId, price: '10.00' })
        .returning({ id: unions.id })
    )[0]!.id;
    await db()
      .insert(unionItems)
      .values([
        { unionId: ids.union, itemId: ids.hb, sort: 1 },
        { unionId: ids.union, itemId: ids.look, sort: 2 },
      ]);
    const diags = await db()
      .insert(diagnoses)
      .values([
        { diagCode: 'XD-OWN', diagName: '测试贫血', deptId, advice: '复查血常规' },
        { diagCode: 'XD-GEN', diagName: '测试通用诊断' },
        { diagCode: 'XD-OTH', diagName: '测试骨折', deptId: imagingDeptId },
      ])
      .returning({ id: diagnoses.id });
    [ids.own, ids.general, ids.other] = diags.map((d) => d.id) as [number, number, number];
    ids.pkg = (
      await db()
        .insert(packages)
        .values({ packageCode: 'X-PKG', packageName: '入职套餐', price: '100.00' })
        .returning({ id: packages.id })
    )[0]!.id;
  });

  async function visit(opts: { status?: string; deptStatus?: '0' | '1' | '2'; name?: string } = {}) {
    const orderId = await addOrder(db(), {
      status: opts.status ?? 'checked_in',
      name: opts.name,
      examDate: '2026-11-20',
      depts: [{ deptId, status: opts.deptStatus ?? '0' }],
    });
    await db().update(orders).set({ packageId: ids.pkg }).where(eq(orders.orderId, orderId));
    await db().insert(orderUnions).values({ orderId, unionId: ids.union, deptId, price: '10.00', origin: 'package' });
    return orderId;
  }

  it('gives the detail the limits to judge by, the package and the imaging work groups', async () => {
    const orderId = await visit();
    const view = (
      await doctor.get(`${API}/get_order_union_diagnosis_list`, { order_id: orderId, exam_dept_id: deptId })
    ).json().data;

    expect(view.unions[0].items[0]).toMatchObject({
      item_name: '血红蛋白',
      ref_low: 130,
      ref_high: 175,
      critical_low: 50,
      critical_high: null,
    });
    expect(view).toMatchObject({ package_name: '入职套餐', dept_exception_flag: '0', correction_status: '0' });
    expect(view.imaging_groups).toEqual([]);

    // Issue 19: entry opens only a department with a line in the visit.
    const [film] = await db()
      .insert(unions)
      .values({ unionCode: 'X-FILM', unionName: '胸片', deptId: imagingDeptId, price: '80.00' })
      .returning({ id: unions.id });
    await db().insert(orderDepts).values({ orderId, deptId: imagingDeptId, examDate: '2026-11-20' });
    await db()
      .insert(orderUnions)
      .values({ orderId, unionId: film!.id, deptId: imagingDeptId, price: '80.00', origin: 'extra' });
    const imaging = (
      await doctor.get(`${API}/get_order_union_diagnosis_list`, { order_id: orderId, exam_dept_id: imagingDeptId })
    ).json().data;
    expect(imaging.imaging_groups).toEqual([{ work_group_id: imagingGroupId, group_name: '测试放射科组' }]);
  });

  it('finds worklist rows by the start of the order id or part of the name', async () => {
    const orderId = await visit({ name: '欧阳娜娜' });
    const search = async (keyword: string) =>
      (await doctor.get(`${API}/dept_worklist`, { exam_dept_id: deptId, exam_date: '2026-11-20', keyword }))
        .json()
        .data.list.map((r: { order_id: string }) => r.order_id);

    expect(await search('欧阳')).toEqual([orderId]);
    expect(await search(orderId)).toEqual([orderId]);
    expect(await search('100%')).toEqual([]);
  });

  it('searches the department’s own and the general diagnoses, not another department’s', async () => {
    const names = async (keyword: string) =>
      (await doctor.get(`${API}/search_diagnosis`, { exam_dept_id: deptId, keyword }))
        .json()
        .data.map((d: { diag_name: string }) => d.diag_name);

    expect(await names('测试')).toEqual(['测试贫血', '测试通用诊断'].sort((a, b) => a.localeCompare(b, 'en')));
    expect(await names('XD-OWN')).toEqual(['测试贫血']);
    expect(await names('骨折')).toEqual([]);
  });

  describe('the department exception', () => {
    it('is marked with its reason and cleared as handled, both shown in the history', async () => {
      const orderId = await visit();
      const mark = await doctor.post(`${API}/set_dept_exception`, {
        order_id: orderId,
        exam_dept_id: deptId,
        dept_exception_flag: '1',
        reason: '受检者拒绝抽血',
      });
      expect(mark.json()).toMatchObject({ status: 200, data: { dept_exception_flag: '1' } });
      const [row] = await db().select().from(orderDepts).where(eq(orderDepts.orderId, orderId));
      expect(row?.deptExceptionFlag).toBe('1');

      await doctor.post(`${API}/set_dept_exception`, {
        order_id: orderId,
        exam_dept_id: deptId,
        dept_exception_flag: '0',
        reason: '已补抽',
      });
      const history = (await doctor.get('/manager/api/examreview/get_exception_history', { order_id: orderId })).json()
        .data;
      expect(history).toMatchObject([
        {
          exception_type: 'dept',
          review_exception: '受检者拒绝抽血',
          exception_dept: '测试内科',
          exception_user: '王医生',
          review_exception_flag: '2',
          review_advise: '已补抽',
          exception_handler_name: '王医生',
        },
      ]);
    });

    it('needs a reason', async () => {
      const orderId = await visit();
      const res = await doctor.post(`${API}/set_dept_exception`, {
        order_id: orderId,
        exam_dept_id: deptId,
        dept_exception_flag: '1',
        reason: '  ',
      });
      expect(res.json()).toMatchObject({ status: 400, msg: '请填写异常原因' });
    });

    it('is refused while a colleague holds the record', async () => {
      const orderId = await visit();
      await colleague.post(`${API}/dept_lock`, { order_id: orderId, exam_dept_id: deptId });
      const res = await doctor.post(`${API}/set_dept_exception`, {
        order_id: orderId,
        exam_dept_id: deptId,
        dept_exception_flag: '1',
        reason: '设备故障',
      });
      expect(res.json().msg).toMatch(/^该记录正在被「李医生」编辑/);
    });
  });

  describe('the batch of normal results', () => {
    it('saves the normal findings and summary, and skips signed, entered and locked orders with the reason', async () => {
      const waiting = await visit();
      const signed = await visit({ status: 'in_exam', deptStatus: '2' });
      const entered = await visit({ status: 'in_exam', deptStatus: '1' });
      const locked = await visit();
      await colleague.post(`${API}/dept_lock`, { order_id: locked, exam_dept_id: deptId });

      const res = await doctor.post(`${API}/batch_normal_save`, {
        exam_dept_id: deptId,
        order_ids: JSON.stringify([waiting, signed, entered, locked]),
      });

      const data = res.json().data;
      expect(data.saved).toEqual([waiting]);
      expect(data.result_count).toBe(1);
      expect(data.skipped.map((s: { order_id: string; reason: string }) => [s.order_id, s.reason])).toEqual([
        [signed, '已签名'],
        [entered, '已有录入结果（请逐个核对）'],
        [locked, expect.stringMatching(/^他人正在录入（该记录正在被「李医生」编辑/)],
      ]);
      const results = await db().select().from(itemResults).where(eq(itemResults.orderId, waiting));
      expect(results.map((r) => [r.itemId, r.resultValue, r.abnormalFlag])).toEqual([[ids.look, '未见异常', '']]);
      const summary = await db().select().from(deptSummaries).where(eq(deptSummaries.orderId, waiting));
      expect(summary.map((s) => s.summaryContent)).toEqual(['未见明显异常']);
      const [dept] = await db().select().from(orderDepts).where(eq(orderDepts.orderId, waiting));
      expect(dept?.status).toBe('1');
      expect(await db().$count(itemResults, eq(itemResults.orderId, locked))).toBe(0);
    });

    it('refuses an empty choice in Chinese', async () => {
      const res = await doctor.post(`${API}/batch_normal_save`, { exam_dept_id: deptId, order_ids: '[]' });
      expect(res.json()).toMatchObject({ status: 400, msg: '请选择要录入的体检订单' });
    });
  });
});
