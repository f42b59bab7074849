import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderDepts, orderStatusLog } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, orderStatus, tokenFor } from './support/domain.js';

const CHANGE = '/manager/api/order/change_status';
const SIGN = '/manager/api/departmentdiagnosis/order_dept_sign';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let doctor: ReturnType<typeof callerFor>;
  let chief: ReturnType<typeof callerFor>;
  let internal: number;
  let lab: number;
  const db = () => server.database.db;
  const logRows = (orderId: string) => db().select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId));

  beforeAll(async () => {
    await addStaff(db(), 'flow_doc', '陈医生');
    await addStaff(db(), 'flow_chief', '林主任', '1');
    doctor = callerFor(server, await tokenFor(server, 'flow_doc'));
    chief = callerFor(server, await tokenFor(server, 'flow_chief'));
    internal = (await addDept(db(), '内科')).deptId;
    lab = (await addDept(db(), '检验科')).deptId;
  });

  describe('status changes', () => {
    it('checks a registered examinee in, logging and auditing the move', async () => {
      const orderId = await addOrder(db(), { status: 'registered' });

      const res = await doctor.post(CHANGE, { order_id: orderId, action: 'check_in' });

      expect(res.json()).toMatchObject({
        status: 200,
        data: { order_id: orderId, from: 'registered', status: 'checked_in' },
      });
      expect(await logRows(orderId)).toMatchObject([{ fromStatus: 'registered', toStatus: 'checked_in' }]);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order_status'), eq(auditLog.target, orderId)));
      expect(audits).toHaveLength(1);
      expect(audits[0]!.detail).toMatchObject({ action: 'check_in', from: 'registered', to: 'checked_in' });
    });

    it('refuses skipping the review steps with the state in Chinese, and writes nothing', async () => {
      const orderId = await addOrder(db(), { status: 'depts_done' });

      const res = await chief.post(CHANGE, { order_id: orderId, action: 'pass_final_trial' });

      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('订单当前状态为「科室已完成」，不能终审通过');
      expect(await orderStatus(db(), orderId)).toBe('depts_done');
      expect(await logRows(orderId)).toHaveLength(0);
    });

    it('asks for a reason before a visit is returned to the departments', async () => {
      const orderId = await addOrder(db(), { status: 'first_trial' });

      const refused = await chief.post(CHANGE, { order_id: orderId, action: 'return_to_depts' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('退回科室时请填写退回原因');

      const returned = await chief.post(CHANGE, {
        order_id: orderId,
        action: 'return_to_depts',
        reason: '心电图需复查',
      });
      expect(returned.json().data.status).toBe('in_exam');
      expect(await logRows(orderId)).toMatchObject([{ reason: '心电图需复查', toStatus: 'in_exam' }]);
    });

    it('does not finish the departments while one is unsigned', async () => {
      const orderId = await addOrder(db(), { status: 'in_exam', depts: [{ deptId: internal, status: '1' }] });

      const res = await chief.post(CHANGE, { order_id: orderId, action: 'finish_depts' });

      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('还有科室未签名，不能完成科室检查');
      expect(await orderStatus(db(), orderId)).toBe('in_exam');
    });

    it('answers an unknown order plainly', async () => {
      const res = await doctor.post(CHANGE, { order_id: '20261121999999', action: 'check_in' });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('体检订单不存在');
    });
  });

  describe('department signatures', () => {
    it('starts the exam with the first signature and finishes the departments with the last', async () => {
      const orderId = await addOrder(db(), {
        status: 'checked_in',
        depts: [
          { deptId: internal, status: '1' },
          { deptId: lab, status: '1' },
        ],
      });

      const firstSign = await doctor.get(SIGN, { order_id: orderId, exam_dept_id: internal });
      expect(firstSign.json().data.order_status).toBe('in_exam');
      const lastSign = await doctor.get(SIGN, { order_id: orderId, exam_dept_id: lab });
      expect(lastSign.json().data.order_status).toBe('depts_done');

      expect((await logRows(orderId)).map((r) => r.toStatus)).toEqual(['in_exam', 'depts_done']);
      const signed = await db().select().from(orderDepts).where(eq(orderDepts.orderId, orderId));
      expect(signed.every((d) => d.status === '2' && d.signUserId !== null)).toBe(true);
    });

    it('refuses to sign a department with no results yet', async () => {
      const orderId = await addOrder(db(), { status: 'in_exam', depts: [{ deptId: internal, status: '0' }] });

      const res = await doctor.get(SIGN, { order_id: orderId, exam_dept_id: internal });

      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('请先录入本科室的检查结果再签名');
      expect(await orderStatus(db(), orderId)).toBe('in_exam');
    });

    it('refuses a signature while another doctor holds the record', async () => {
      const orderId = await addOrder(db(), { status: 'in_exam', depts: [{ deptId: internal, status: '1' }] });
      await chief.post('/manager/api/departmentdiagnosis/dept_lock', { order_id: orderId, exam_dept_id: internal });

      const res = await doctor.get(SIGN, { order_id: orderId, exam_dept_id: internal });

      expect(res.statusCode).toBe(423);
      expect(res.json().msg).toContain('「林主任」');
    });
  });

  describe('confidential persons (spec §5)', () => {
    it('refuses a user without special_flag and audits the refusal', async () => {
      const orderId = await addOrder(db(), {
        status: 'in_exam',
        confidential: true,
        depts: [{ deptId: internal, status: '1' }],
      });

      const res = await doctor.post('/manager/api/departmentdiagnosis/dept_lock', {
        order_id: orderId,
        exam_dept_id: internal,
      });

      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('当前账号没有查看保密人员的权限！');
      const audits = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audits.map((a) => a.action)).toEqual(['confidential_denied']);
    });

    it('lets a permitted user in and audits the access', async () => {
      const orderId = await addOrder(db(), { status: 'in_exam', confidential: true });

      const res = await chief.get('/manager/api/examreview/get_exception_history', { order_id: orderId });

      expect(res.statusCode).toBe(200);
      const audits = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audits.map((a) => a.action)).toEqual(['confidential_access']);
    });

    it('hides a confidential name in the order list from users who may not see it', async () => {
      await addOrder(db(), { status: 'registered', confidential: true, name: '保密甲', idCard: '11010519491231002X' });

      const hidden = (await doctor.get('/manager/api/order/list', { key: '11010519491231002X' })).json().data;
      const shown = (await chief.get('/manager/api/order/list', { key: '11010519491231002X' })).json().data;

      expect(hidden.list).toMatchObject([{ cust_name: '***', special_flag: '1' }]);
      expect(shown.list).toMatchObject([{ cust_name: '保密甲' }]);
      expect(shown.list[0].cust_id_card).not.toContain('19491231');
    });
  });

  describe('order search', () => {
    it('finds orders by name prefix, literally, with paging', async () => {
      for (const name of ['欧阳一', '欧阳二', '欧%三']) await addOrder(db(), { status: 'registered', name });

      const page1 = (await doctor.get('/manager/api/order/list', { key: '欧阳', size: 1 })).json().data;
      const literal = (await doctor.get('/manager/api/order/list', { key: '欧%' })).json().data;

      expect(page1).toMatchObject({ total: 2, page: 1, size: 1 });
      expect(page1.list).toHaveLength(1);
      expect(literal.list.map((r: { cust_name: string }) => r.cust_name)).toEqual(['欧%三']);
    });

    it('refuses a bad date filter with a Chinese message', async () => {
      const res = await doctor.get('/manager/api/order/list', { date_from: '2026-13-40' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('日期不存在');
    });
  });
});
