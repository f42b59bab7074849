import { z } from 'zod';
import { dateField, deptIdField, orderIdField, pageFields, pageOf } from './common-fields.js';
import { ORDER_STATUSES } from './order-status.js';
import { route } from './route.js';

const orderDept = z.object({ order_id: orderIdField, exam_dept_id: deptIdField });

export const deptWorklistRowSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  special_flag: z.string(),
  exam_date: z.string(),
  /** '0' waiting, '1' results entered, '2' signed */
  dept_status: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  dept_exception_flag: z.string(),
});

/** 科室工作列表 GET /manager/api/departmentdiagnosis/dept_worklist */
export const deptWorklistRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/dept_worklist',
  summary: '科室诊断工作列表（按科室、日期、状态）',
  input: z.object({
    exam_dept_id: deptIdField,
    exam_date: dateField,
    dept_status: z.enum(['0', '1', '2'], { error: '科室状态不正确' }).optional(),
    ...pageFields,
  }),
  output: pageOf(deptWorklistRowSchema),
});

const lockState = z.object({ order_id: z.string(), locked_until: z.string() });

/** 锁定科室诊断 POST /manager/api/departmentdiagnosis/dept_lock */
export const deptLockRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/dept_lock',
  summary: '锁定科室诊断记录（打开详情时）',
  input: orderDept,
  output: lockState,
});

/** 释放科室诊断锁 POST /manager/api/departmentdiagnosis/dept_unlock */
export const deptUnlockRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/dept_unlock',
  summary: '释放科室诊断锁（关闭页面时）',
  input: orderDept,
  output: z.object({ released: z.boolean() }),
});

/** 科室签名 GET /manager/api/departmentdiagnosis/order_dept_sign */
export const orderDeptSignRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/order_dept_sign',
  summary: '科室签名',
  input: orderDept,
  output: z.object({ order_id: z.string(), exam_dept_id: z.number(), order_status: z.enum(ORDER_STATUSES) }),
});

/** 影像科室签名 GET /manager/api/departmentdiagnosis/order_imaging_dept_sign */
export const orderImagingDeptSignRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/order_imaging_dept_sign',
  summary: '影像工作组签名',
  input: orderDept.extend({ work_group_id: z.coerce.number().int().positive('请选择工作组') }),
  output: z.object({ order_id: z.string(), exam_dept_id: z.number(), work_group_id: z.number() }),
});
