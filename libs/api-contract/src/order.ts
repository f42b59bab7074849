import { z } from 'zod';
import { dateField, orderIdField, pageFields, pageOf } from './field-schemas.js';
import { ORDER_ACTIONS, ORDER_STATUSES, type OrderAction } from './order-status.js';
import { route } from './route.js';

export const orderListRowSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  /** Masked (GB 11643 digits hidden) in lists; the detail shows it to those allowed. */
  cust_id_card: z.string().nullable(),
  special_flag: z.string(),
  exam_type: z.string(),
  exam_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  package_name: z.string().nullable(),
  company_name: z.string().nullable(),
  total_price: z.string(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** 登记列表 GET /manager/api/order/list */
export const orderListRoute = route({
  method: 'GET',
  path: '/manager/api/order/list',
  summary: '登记列表（按体检号、姓名前缀、身份证号或手机号查询）',
  access: ['exam_mg/order_mg'],
  input: z.object({
    key: z.string().trim().max(64, '查询条件过长').optional(),
    status: z.enum(ORDER_STATUSES, { error: '订单状态不正确' }).optional(),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
    company_id: z.coerce.number().int().positive().optional(),
    /** The visit's branch (分中心), for statistics by branch. */
    branch_id: z.coerce.number({ error: '分中心格式不正确' }).int().positive('分中心格式不正确').optional(),
    ...pageFields,
  }),
  // total stops at 1000 (total_capped: the list shows "1000+"): a common surname matches thousands.
  output: pageOf(orderListRowSchema).extend({ total_capped: z.boolean() }),
});

// 科室反审核 moves a visit only together with the department it un-signs (order_dept_unsign): by hand it
// would leave every department signed and the visit in exam.
const BY_DEPARTMENT_ONLY: readonly OrderAction[] = ['unsign_dept'];
const actionNames = (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((a) => !BY_DEPARTMENT_ONLY.includes(a)) as [
  OrderAction,
  ...OrderAction[],
];

/** 变更订单状态 POST /manager/api/order/change_status */
export const orderChangeStatusRoute = route({
  method: 'POST',
  path: '/manager/api/order/change_status',
  summary: '变更订单状态（状态机校验并留痕）',
  access: ['exam_mg/order_mg_detail:change_status'],
  input: z
    .object({
      order_id: orderIdField,
      action: z.enum(actionNames, { error: '不支持的操作' }),
      reason: z.string().trim().max(500, '原因不能超过500字').optional(),
    })
    .refine((v) => v.action !== 'return_to_depts' || (v.reason ?? '').length > 0, {
      message: '退回科室时请填写退回原因',
      path: ['reason'],
    }),
  output: z.object({ order_id: z.string(), from: z.enum(ORDER_STATUSES), status: z.enum(ORDER_STATUSES) }),
});
