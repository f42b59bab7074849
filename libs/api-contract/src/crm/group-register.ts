import { z } from 'zod';
import { idField, optionalChoiceField, optionalIdField, pageFields, pageOf, searchKeyField } from '../field-schemas.js';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../order-status.js';
import { defineResource, type ExcelColumn } from '../resource/define-resource.js';
import { idListField, refField } from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { route } from '../route.js';

/*
 * 团检登记名单 (crm/group_register_list), 分组调整 (crm/subgroup_modify_list) and 团检人员
 * (crm/group_person_mg), breadth §1.2, §2.7 and §2.8 (issue 22): the people of group orders (名单,
 * group_persons) with their visit once 预登记 gave them one; 登记 moves a prepared visit to 已登记
 * through the order status machine.
 */
export const GROUP_REGISTER_SCREEN = 'crm/group_register_list';
export const SUBGROUP_SCREEN = 'crm/subgroup_modify_list';
export const GROUP_PERSON_SCREEN = 'crm/group_person_mg';

/** A person of the list without a visit yet (预登记 not done): 未生成 体检号. */
export const NOT_PREPARED = 'none';
export const PERSON_STATUSES = [NOT_PREPARED, ...ORDER_STATUSES] as const;
export const PERSON_STATUS_LABELS: Record<(typeof PERSON_STATUSES)[number], string> = {
  none: '未预登记',
  ...ORDER_STATUS_LABELS,
};

/** At most this many people in one batch (登记, 禁检, 调整). */
export const GROUP_BATCH_MAX = 500;

export const REFUSALS = {
  noVisit: '未生成体检号，请先预登记',
  batchNoVisit: (names: string) => `以下人员未生成体检号，不能批量登记：${names}`,
  banned: (reason: string | null) => (reason ? `已禁检（原因：${reason}）` : '已禁检'),
  groupPaused: '所在分组已禁检',
  closedUnban: '订单已结束，不能反禁检',
  sameGroup: '请选择同一分组的体检人员',
  sameItem: '存在相同的收费项目',
  checkedIn: (name: string, status: string) => `「${name}」当前为「${status}」，已报到的人员不能调整`,
  otherOrder: '目标分组不属于该订单',
  alreadyInGroup: '所选人员已在该分组',
  notAdded: (union: string) => `收费项目「${union}」不是加项，不能退项`,
  notOrdered: (union: string) => `所选人员没有收费项目「${union}」`,
} as const;

const flagFilter = (label: string) => optionalChoiceField(['0', '1'], `${label}只能是0或1`);

/** 体检号 bounds (体检号从/到): digits only, compared as text. */
const orderIdBound = z
  .string({ error: '体检号格式不正确' })
  .trim()
  .regex(/^\d{0,20}$/, '体检号格式不正确')
  .optional()
  .transform((v) => v || undefined);

/** An exact ID number or mobile (looked up by its keyed hash): blank is undefined. */
const exactField = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}格式不正确`)
    .optional()
    .transform((v) => v || undefined);

export const groupPersonRowSchema = z.object({
  id: z.number().int(),
  group_order_id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  /** 订单已结束 */
  order_closed: z.boolean(),
  company_id: z.number().int(),
  company_name: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  group_paused: z.boolean(),
  dept_name: z.string().nullable(),
  employee_no: z.string().nullable(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  birthday: z.string(),
  /** Masked (the visit's archive). */
  id_card: z.string().nullable(),
  phone: z.string().nullable(),
  /** 体检号, null before 预登记. */
  order_id: z.string().nullable(),
  status: z.enum(PERSON_STATUSES),
  exam_date: z.string().nullable(),
  package_name: z.string().nullable(),
  total_price: moneyOut.nullable(),
  /** 统收限额, yuan. */
  price_limit: moneyOut.nullable(),
  /** 禁检 of the person (before 预登记) or of the visit. */
  banned: z.boolean(),
  ban_reason: z.string().nullable(),
  /** Guide sheets and label sets printed from this list. */
  print_count: z.number().int(),
});
export type GroupPersonRow = z.infer<typeof groupPersonRowSchema>;

export const groupPersonFilterShape = {
  /** 姓名 (part of it). */
  name: searchKeyField(),
  order_from: orderIdBound,
  order_to: orderIdBound,
  id_card: exactField('身份证号', 18),
  phone: exactField('手机号', 20),
  group_order_id: optionalIdField('订单'),
  company_id: optionalIdField('单位'),
  group_id: optionalIdField('分组'),
  dept_name: searchKeyField(64),
  status: optionalChoiceField(PERSON_STATUSES, '状态不正确'),
  banned: flagFilter('禁检'),
  printed: flagFilter('打印'),
};

const personExcel: readonly ExcelColumn[] = [
  { key: 'order_no', title: '订单号' },
  { key: 'company_name', title: '单位' },
  { key: 'dept_name', title: '部门' },
  { key: 'group_name', title: '分组' },
  { key: 'cust_name', title: '姓名' },
  { key: 'order_id', title: '体检号' },
  { key: 'status', title: '状态', labels: PERSON_STATUS_LABELS },
  { key: 'sex', title: '性别', labels: { '1': '男', '2': '女' } },
  { key: 'birthday', title: '出生日期' },
  { key: 'id_card', title: '身份证号' },
  { key: 'phone', title: '手机号' },
  { key: 'package_name', title: '套餐' },
  { key: 'total_price', title: '金额' },
  { key: 'price_limit', title: '统收限额' },
  { key: 'ban_reason', title: '禁检原因' },
  { key: 'print_count', title: '打印次数' },
];

/** 团检登记名单: list and export (the actions are the routes below). */
export const groupRegisterResource = defineResource({
  name: 'group_register',
  title: '团检人员',
  base: '/manager/api/crm/group_register',
  screens: [GROUP_REGISTER_SCREEN],
  kept: false,
  row: groupPersonRowSchema,
  form: z.object({}),
  filter: z.object(groupPersonFilterShape),
  actions: ['list', 'export'],
  excel: personExcel,
});

/** 团检人员: the same people across group orders, read only. */
export const groupPersonResource = defineResource({
  name: 'group_person',
  title: '团检人员',
  base: '/manager/api/crm/group_person',
  screens: [GROUP_PERSON_SCREEN],
  kept: false,
  row: groupPersonRowSchema,
  form: z.object({}),
  filter: z.object(groupPersonFilterShape),
  actions: ['list', 'export'],
  excel: personExcel,
});

const personIds = idListField('体检人员', GROUP_BATCH_MAX).refine((ids) => ids.length > 0, '请选择体检人员');

export const batchRefusalSchema = z.object({
  id: z.number().int(),
  cust_name: z.string(),
  order_id: z.string().nullable(),
  reason: z.string(),
});
export type BatchRefusal = z.infer<typeof batchRefusalSchema>;

const batchResult = z.object({ done: z.array(z.number().int()), refused: z.array(batchRefusalSchema) });
export type GroupBatchResult = z.infer<typeof batchResult>;

/** 登记 / 批量登记: prepared → registered, per person; the refused are answered with their reasons. */
export const groupRegisterRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/register',
  summary: '团检登记 / 批量登记（已预登记 → 已登记）',
  access: [GROUP_REGISTER_SCREEN],
  input: z.object({ ids: personIds, batch: z.enum(['0', '1']).optional() }),
  output: batchResult,
});

const banReasonField = z
  .string({ error: '请填写禁检原因' })
  .trim()
  .min(1, '请填写禁检原因')
  .max(200, '禁检原因不能超过200个字符');

/** 禁检 of people: the person and the visit (orders.ban_reason) are banned. */
export const groupPersonBanRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/ban',
  summary: '团检人员禁检',
  access: [GROUP_REGISTER_SCREEN, SUBGROUP_SCREEN],
  input: z.object({ ids: personIds, reason: banReasonField }),
  output: batchResult,
});

/** 反禁检 of people: refused on a closed order. */
export const groupPersonUnbanRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/unban',
  summary: '团检人员反禁检',
  access: [GROUP_REGISTER_SCREEN, SUBGROUP_SCREEN],
  input: z.object({ ids: personIds }),
  output: batchResult,
});

/** 分组禁检 / 反禁检 (company_groups.paused); 反禁检 refused on a closed order. */
export const groupPauseRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/group_pause',
  summary: '分组禁检 / 反禁检',
  access: [GROUP_REGISTER_SCREEN, SUBGROUP_SCREEN],
  input: z.object({ group_id: idField('分组'), paused: z.enum(['0', '1'], { error: '请选择禁检或反禁检' }) }),
  output: z.object({ group_id: z.number().int(), paused: z.boolean() }),
});

/** 批量设置统收限额: the order's people (the chosen ones, or those of the sex and ages given). */
export const groupPriceLimitRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/price_limit',
  summary: '批量设置统收限额',
  access: [GROUP_REGISTER_SCREEN],
  input: z
    .object({
      group_order_id: refField('订单'),
      amount: moneyField('限额金额'),
      ids: idListField('体检人员', GROUP_BATCH_MAX),
      group_id: optionalIdField('分组'),
      sex: optionalChoiceField(['1', '2'], '性别只能是1（男）或2（女）'),
      age_from: z.coerce.number({ error: '年龄格式不正确' }).int('年龄格式不正确').min(0).max(150).optional(),
      age_to: z.coerce.number({ error: '年龄格式不正确' }).int('年龄格式不正确').min(0).max(150).optional(),
    })
    .refine((v) => v.age_from === undefined || v.age_to === undefined || v.age_from <= v.age_to, {
      message: '起始年龄不能大于结束年龄',
      path: ['age_to'],
    }),
  output: z.object({ count: z.number().int(), amount: moneyOut }),
});

/** 检前短信: through 短信管理's sending (a template, now or at a time). */
export const groupSmsRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/sms',
  summary: '检前短信通知',
  access: [GROUP_REGISTER_SCREEN],
  input: z.object({
    ids: personIds,
    template_id: refField('短信模板'),
    send_at: z
      .string({ error: '发送时间格式不正确' })
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), '发送时间格式不正确'),
  }),
  output: z.object({
    batch_no: z.string(),
    count: z.number().int(),
    /** Without 体检号 or without a mobile. */
    skipped: z.number().int(),
  }),
});

export const GROUP_PRINT_KINDS = ['guide_sheet', 'labels'] as const;

/** After the desk's print path printed one person's documents: counted for 打印 and 打印次数. */
export const groupPrintMarkRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_register/printed',
  summary: '记录批量打印（导检单 / 条码）',
  access: [GROUP_REGISTER_SCREEN],
  input: z.object({ id: idField('体检人员'), kind: z.enum(GROUP_PRINT_KINDS, { error: '打印类型不正确' }) }),
  output: z.object({ id: z.number().int(), print_count: z.number().int() }),
});

/* ---------- 分组调整 ---------- */

export const subgroupItemSchema = z.object({
  union_id: z.number().int(),
  union_name: z.string(),
  dept_name: z.string(),
  price: moneyOut,
  list_price: moneyOut,
  /** package, extra (加项) or dept */
  origin: z.string(),
  pay_mode: z.string(),
  fee_charged: z.boolean(),
  /** UNION_EXEC */
  exec_status: z.string(),
});

export const subgroupPersonSchema = groupPersonRowSchema.extend({
  items: z.array(subgroupItemSchema),
});
export type SubgroupPerson = z.infer<typeof subgroupPersonSchema>;

/** The people of one order (one group of it, or all) with their items. */
export const subgroupListRoute = route({
  method: 'GET',
  path: '/manager/api/crm/subgroup/list',
  summary: '分组调整：订单的人员与收费项目',
  access: [SUBGROUP_SCREEN],
  input: z.object({
    group_order_id: idField('订单'),
    group_id: optionalIdField('分组'),
    name: searchKeyField(),
    sex: optionalChoiceField(['1', '2'], '性别只能是1（男）或2（女）'),
    ...pageFields,
  }),
  output: pageOf(subgroupPersonSchema),
});

/** The orders and their groups the screens choose from (approved orders first). */
export const groupOrderChoicesRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_register/orders',
  summary: '团检订单与分组（供选择）',
  access: [GROUP_REGISTER_SCREEN, SUBGROUP_SCREEN, GROUP_PERSON_SCREEN],
  input: z.object({}),
  output: z.array(
    z.object({
      id: z.number().int(),
      order_no: z.string(),
      order_name: z.string(),
      company_id: z.number().int(),
      company_name: z.string(),
      closed: z.boolean(),
      groups: z.array(
        z.object({
          id: z.number().int(),
          group_name: z.string(),
          package_name: z.string().nullable(),
          price: moneyOut.nullable(),
          paused: z.boolean(),
        }),
      ),
    }),
  ),
});

/** 调整分组: the chosen (all of one group) to another group of the order, re-priced. */
export const subgroupMoveRoute = route({
  method: 'POST',
  path: '/manager/api/crm/subgroup/move',
  summary: '调整分组（按新分组的套餐与价格重新计价）',
  access: [SUBGROUP_SCREEN],
  input: z.object({ ids: personIds, group_id: refField('目标分组') }),
  output: z.object({ moved: z.number().int() }),
});

const unionIds = idListField('收费项目', 50).refine((ids) => ids.length > 0, '请选择收费项目');

/** 加项 for many: no item twice. */
export const subgroupAddItemsRoute = route({
  method: 'POST',
  path: '/manager/api/crm/subgroup/add_items',
  summary: '批量加项',
  access: [SUBGROUP_SCREEN],
  input: z.object({ ids: personIds, union_ids: unionIds }),
  output: z.object({ changed: z.number().int() }),
});

/** 退项 for many: only added items not yet done or paid. */
export const subgroupRemoveItemsRoute = route({
  method: 'POST',
  path: '/manager/api/crm/subgroup/remove_items',
  summary: '批量退项（仅未检查的加项）',
  access: [SUBGROUP_SCREEN],
  input: z.object({ ids: personIds, union_ids: unionIds }),
  output: z.object({ changed: z.number().int() }),
});

/** 批量折扣: a rate (90 = 九折) for the chosen people's visits, the clerk's floor held. */
export const subgroupDiscountRoute = route({
  method: 'POST',
  path: '/manager/api/crm/subgroup/discount',
  summary: '批量折扣',
  access: [SUBGROUP_SCREEN],
  input: z.object({
    ids: personIds,
    rate: z.coerce
      .number({ error: '请填写折扣' })
      .min(1, '折扣应在1到100之间（90即九折），最多一位小数')
      .max(100, '折扣应在1到100之间（90即九折），最多一位小数'),
  }),
  output: z.object({ changed: z.number().int() }),
});

export const GROUP_REGISTER_ROUTES = [
  groupRegisterRoute,
  groupPersonBanRoute,
  groupPersonUnbanRoute,
  groupPauseRoute,
  groupPriceLimitRoute,
  groupSmsRoute,
  groupPrintMarkRoute,
  groupOrderChoicesRoute,
  subgroupListRoute,
  subgroupMoveRoute,
  subgroupAddItemsRoute,
  subgroupRemoveItemsRoute,
  subgroupDiscountRoute,
] as const;
