import { z } from 'zod';
import { idField, optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  intField,
  noteField,
  optionalRefField,
  optionalTextField,
  refField,
  textField,
} from '../resource/form-fields.js';
import { fenOf, moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { GROUP_ORDER_CHANGE_STATES, GROUP_ORDER_STATES } from './group-order-states.js';

/** 体检类型 of an order: health 健康体检, occupational 职业体检, both 健康+职业. */
export const GROUP_EXAM_TYPES = ['health', 'occupational', 'both'] as const;
export type GroupExamType = (typeof GROUP_EXAM_TYPES)[number];
export const GROUP_EXAM_TYPE_LABELS: Record<GroupExamType, string> = {
  health: '健康体检',
  occupational: '职业体检',
  both: '健康+职业',
};

/** 体检形式 (breadth §1.1 tjxs). */
export const GROUP_EXAM_MODES = ['inside', 'outside', 'both'] as const;
export const GROUP_EXAM_MODE_LABELS: Record<(typeof GROUP_EXAM_MODES)[number], string> = {
  inside: '内检',
  outside: '外检',
  both: '内外检',
};

/** 发放方式 of the reports. */
export const REPORT_DELIVERIES = ['company', 'self', 'mail', 'electronic'] as const;
export const REPORT_DELIVERY_LABELS: Record<(typeof REPORT_DELIVERIES)[number], string> = {
  company: '单位统一领取',
  self: '自取',
  mail: '邮寄',
  electronic: '电子报告',
};

/** The screens that keep group orders; the button permission of 审核/反审核/变更审批 besides. */
export const GROUP_ORDER_SCREENS = [
  'crm/group_unit_mg',
  'crm/group_unit_mg_detail',
  'crm/group_unit_mg_occu',
  'crm/group_unit_mg_all',
] as const;
export const GROUP_ORDER_APPROVE_ACCESS = 'crm/group_unit_mg:approve';

/** The fixed refusals of the order's moves (breadth §1.1, §2.3), shared by the server and the tests. */
export const GROUP_ORDER_MESSAGES = {
  notLeader: '您不是领导,没有该操作权限',
  prepared: '订单已备单，不能反审核',
  noPackage: '请添加体检套餐',
  changeNote: '变更备注不能为空',
  approvalNote: '请填写审批意见',
  notMine: '该订单不是您负责或创建的，不能操作',
  closed: '订单已结束，不能再修改',
} as const;

/** A required day typed as 年-月-日. */
function dayField(label: string) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { message: `请填写${label}`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 年-月-日`, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}不存在`);
}

/** An optional amount in yuan (up to two decimals), answered in fen; blank is null. */
function optionalMoneyField(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || /^\d{1,10}(\.\d{1,2})?$/.test(value), `${label}应为不小于0的金额，最多两位小数`)
    .transform((value) => (value === '' ? null : fenOf(value)));
}

/** 订单折扣 as a percent (85 = 八五折), 1–100 with one decimal; blank is none. */
const discountField = z
  .union([z.string(), z.number()], { error: '订单折扣格式不正确' })
  .optional()
  .transform((value) => (value === undefined ? '' : String(value).trim()))
  .refine(
    (value) => value === '' || (/^\d{1,3}(\.\d)?$/.test(value) && Number(value) >= 1 && Number(value) <= 100),
    '订单折扣应在1到100之间（85即八五折），最多一位小数',
  )
  .transform((value) => (value === '' ? null : Number(value)));

/**
 * 团检单位 (crm/group_unit_mg and its _detail, _occu, _all; breadth §1.1, §2.3): a company's group
 * order — plan, money, delivery, desk notes — with its approval and change states, moved only by the
 * routes below. A save is refused while the order is submitted, or approved and not under 变更.
 */
export const groupOrderResource = defineResource({
  name: 'group_order',
  title: '团检订单',
  base: '/manager/api/crm/group_order',
  screens: [...GROUP_ORDER_SCREENS],
  readers: ['crm/group_pricing_list', 'crm/group_pricing_list_detail', 'crm/group_pricing_list_occu', 'crm/cmp_quote'],
  row: z.object({
    order_no: z.string(),
    order_name: z.string(),
    company_id: z.number().int(),
    company_name: z.string().nullable(),
    contract_id: z.number().int().nullable(),
    contract_no: z.string().nullable(),
    branch_id: z.number().int().nullable(),
    branch_name: z.string().nullable(),
    exam_type: z.enum(GROUP_EXAM_TYPES),
    plan_from: z.string(),
    plan_to: z.string(),
    plan_male: z.number().int(),
    plan_female: z.number().int(),
    budget: moneyOut.nullable(),
    avg_price: moneyOut.nullable(),
    /** 订单折扣 in percent (85 = 八五折), null for none. */
    discount: z.number().nullable(),
    exam_mode: z.enum(GROUP_EXAM_MODES),
    report_delivery: z.enum(REPORT_DELIVERIES),
    desk_note: z.string().nullable(),
    sales_user_id: z.number().int().nullable(),
    sales_user_name: z.string().nullable(),
    approval_state: z.enum(GROUP_ORDER_STATES),
    approval_note: z.string().nullable(),
    change_state: z.enum(GROUP_ORDER_CHANGE_STATES),
    change_note: z.string().nullable(),
    closed: z.boolean(),
    remark: z.string().nullable(),
    created_by: z.number().int().nullable(),
    group_count: z.number().int(),
  }),
  form: z.object({
    order_name: textField('订单名称', 128),
    company_id: refField('客户单位'),
    contract_id: optionalRefField('合同'),
    branch_id: optionalRefField('分中心'),
    exam_type: choiceField(GROUP_EXAM_TYPES, '体检类型'),
    plan_from: dayField('计划检期从'),
    plan_to: dayField('计划检期到'),
    plan_male: intField('男体检人数', 0, 100_000, 0),
    plan_female: intField('女体检人数', 0, 100_000, 0),
    budget: optionalMoneyField('费用预算'),
    avg_price: optionalMoneyField('套餐平均价'),
    discount: discountField,
    exam_mode: choiceField(GROUP_EXAM_MODES, '体检形式'),
    report_delivery: choiceField(REPORT_DELIVERIES, '发放方式'),
    desk_note: noteField('前台须知', 500),
    sales_user_id: optionalRefField('销售经理'),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    key: searchKeyField(),
    company_id: optionalIdField('客户单位'),
    approval_state: optionalChoiceField(GROUP_ORDER_STATES, '订单状态不正确'),
    exam_type: optionalChoiceField(GROUP_EXAM_TYPES, '体检类型不正确'),
    branch_id: optionalIdField('分中心'),
    sales_user_id: optionalIdField('销售经理'),
    /** '1': occupational and both only (the _occu screens). */
    occu: z.enum(['1', '']).optional(),
    /** 'all': every salesperson's orders (团检单位(全部), leaders only); otherwise a non-leader's own. */
    view: z.enum(['all', 'mine', '']).optional(),
  }),
  actions: ['list', 'detail', 'save'],
});

const moveInput = z.object({
  id: idField('团检订单'),
  version: z.coerce.number({ error: '请传递版本号' }).int('版本号格式不正确').min(1, '版本号格式不正确'),
});

const approvalInput = moveInput.extend({
  pass: z.enum(['1', '0'], { error: '请选择通过或不通过' }),
  note: z
    .string({ error: GROUP_ORDER_MESSAGES.approvalNote })
    .trim()
    .min(1, GROUP_ORDER_MESSAGES.approvalNote)
    .max(500, '审批意见不能超过500个字'),
});

const orderRow = groupOrderResource.routes.detail.output;

function move<I extends z.ZodObject>(action: string, summary: string, input: I, approve = false) {
  return route({
    method: 'POST',
    path: `/manager/api/crm/group_order/${action}`,
    summary,
    access: approve ? [GROUP_ORDER_APPROVE_ACCESS] : [...GROUP_ORDER_SCREENS],
    input,
    output: orderRow,
  });
}

/** 提交 POST …/submit: from 草稿, 已撤回 or 审核不通过; needs a group with a package. */
export const groupOrderSubmitRoute = move('submit', '提交团检订单审核', moveInput);
/** 撤回 POST …/withdraw: from 已提交. */
export const groupOrderWithdrawRoute = move('withdraw', '撤回已提交的团检订单', moveInput);
/** 审核 POST …/approve: a leader passes or refuses a submitted order, with 审批意见. */
export const groupOrderApproveRoute = move('approve', '审核团检订单（领导）', approvalInput, true);
/** 反审核 POST …/unapprove: a leader returns an approved order to 已提交, unless it is prepared. */
export const groupOrderUnapproveRoute = move('unapprove', '反审核团检订单（领导）', moveInput, true);
/** 变更 POST …/change: opens an approved order for editing, with 变更备注. */
export const groupOrderChangeRoute = move(
  'change',
  '变更已审核的团检订单',
  moveInput.extend({
    note: z
      .string({ error: GROUP_ORDER_MESSAGES.changeNote })
      .trim()
      .min(1, GROUP_ORDER_MESSAGES.changeNote)
      .max(500, '变更备注不能超过500个字'),
  }),
);
/** 变更提交 POST …/change_submit */
export const groupOrderChangeSubmitRoute = move('change_submit', '提交团检订单的变更', moveInput);
/** 变更审批 POST …/change_approve: a leader passes or refuses a submitted change. */
export const groupOrderChangeApproveRoute = move('change_approve', '审批团检订单的变更（领导）', approvalInput, true);
/** 结束 POST …/close: an approved order takes no more imports. */
export const groupOrderCloseRoute = move('close', '结束团检订单（不再导入名单）', moveInput);
/** 修改发放方式 / 前台须知 POST …/delivery: allowed in every state of an open order. */
export const groupOrderDeliveryRoute = move(
  'delivery',
  '修改团检订单的发放方式和前台须知',
  moveInput.extend({
    report_delivery: choiceField(REPORT_DELIVERIES, '发放方式'),
    desk_note: noteField('前台须知', 500),
  }),
);

export const GROUP_ORDER_MOVE_ROUTES = [
  groupOrderSubmitRoute,
  groupOrderWithdrawRoute,
  groupOrderApproveRoute,
  groupOrderUnapproveRoute,
  groupOrderChangeRoute,
  groupOrderChangeSubmitRoute,
  groupOrderChangeApproveRoute,
  groupOrderCloseRoute,
  groupOrderDeliveryRoute,
] as const;

const optionSchema = z.object({ value: z.number().int(), label: z.string() });

/** 团检单位/团检报价's choices GET /manager/api/crm/group_order/options: companies, their contracts, packages, branches, salespeople. */
export const groupOrderOptionsRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_order/options',
  summary: '团检订单表单的选项（单位、合同、套餐、分中心、销售经理）',
  access: [
    ...GROUP_ORDER_SCREENS,
    'crm/group_pricing_list',
    'crm/group_pricing_list_detail',
    'crm/group_pricing_list_occu',
    'crm/cmp_quote',
  ],
  input: z.object({}),
  output: z.object({
    companies: z.array(optionSchema),
    contracts: z.array(optionSchema.extend({ company_id: z.number().int() })),
    /** label: name; list_total: the package's unions at list price (原价合计). */
    packages: z.array(optionSchema.extend({ price: moneyOut, list_total: moneyOut })),
    branches: z.array(optionSchema),
    sales_users: z.array(optionSchema),
  }),
});
