import { z } from 'zod';
import { idField, optionalChoiceField, optionalIdField, pageFields, pageOf, searchKeyField } from '../field-schemas.js';
import { idListField } from '../resource/form-fields.js';
import { moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { uploadBodyLimit, type UploadRule } from '../uploads.js';

/**
 * 名单导入 (crm/group_list_import, crm/group_list_import_detail; breadth §1.2, §2.7): the approved, open
 * group orders; one order's groups and people; the .xlsx import of its list, matched to groups; and
 * 预登记, which gives the people their visits (status prepared).
 */
export const GROUP_LIST_SCREENS = ['crm/group_list_import', 'crm/group_list_import_detail'] as const;

/** The two templates: the occupational one adds the exposure columns (breadth §2.7, lower grid). */
export const GROUP_LIST_KINDS = ['health', 'occupational'] as const;
export type GroupListKind = (typeof GROUP_LIST_KINDS)[number];
export const GROUP_LIST_KIND_LABELS: Record<GroupListKind, string> = { health: '健康体检', occupational: '职业体检' };

/** The template's columns, in order; `required` ones must be filled on every row. */
export const GROUP_LIST_COLUMNS = {
  health: [
    { key: 'cust_name', title: '姓名', required: true },
    { key: 'id_card', title: '身份证号', required: true },
    { key: 'sex', title: '性别' },
    { key: 'birthday', title: '出生日期' },
    { key: 'phone', title: '手机' },
    { key: 'marital', title: '婚姻' },
    { key: 'dept_name', title: '部门' },
    { key: 'employee_no', title: '工号' },
    { key: 'group_code', title: '组类' },
    { key: 'price_limit', title: '统收限额' },
    { key: 'remark', title: '备注' },
  ],
  occupational: [
    { key: 'cust_name', title: '姓名', required: true },
    { key: 'id_card', title: '身份证号', required: true },
    { key: 'sex', title: '性别' },
    { key: 'birthday', title: '出生日期' },
    { key: 'phone', title: '手机' },
    { key: 'marital', title: '婚姻' },
    { key: 'dept_name', title: '部门' },
    { key: 'employee_no', title: '工号' },
    { key: 'group_code', title: '组类' },
    { key: 'job_name', title: '工种' },
    { key: 'harm_factors', title: '接害因素' },
    { key: 'work_start', title: '参加工作时间' },
    { key: 'total_months', title: '总工龄(月)' },
    { key: 'harm_months', title: '接害工龄(月)' },
    { key: 'price_limit', title: '统收限额' },
    { key: 'remark', title: '备注' },
  ],
} as const satisfies Record<GroupListKind, readonly { key: string; title: string; required?: boolean }[]>;

/** The refusals a row or an order can meet (breadth §2.7 keeps the legacy wording where it had one). */
export const GROUP_LIST_MESSAGES = {
  closed: '订单已结束，不能导入人员',
  closedPrepare: '订单已结束，不能预登记',
  notApproved: '订单未审核通过，不能导入人员',
  notApprovedPrepare: '订单未审核通过，不能预登记',
  duplicate: (line: number) => `存在信息相同的人员！（与第${line}行相同）`,
  sexMismatch: '存在人员信息性别与身份证不符',
  birthdayMismatch: '出生日期与身份证号码不符',
  required: (title: string) => `请填写${title}`,
  phone: '手机号格式不正确',
  sex: '性别应为“男”或“女”',
  marital: '婚姻应为“已婚”或“未婚”',
  birthday: '出生日期格式应为 年-月-日',
  priceLimit: '统收限额应为不小于0的金额，最多两位小数',
  months: (title: string) => `${title}应为整数`,
  pausedCode: (code: string) => `组类:${code}已禁用!`,
  noCode: (code: string) => `组类:${code}不存在`,
  noGroup: '没有符合条件的分组',
  prepared: '已生成体检号，未更新',
  tooLong: (title: string, max: number) => `${title}不能超过${max}个字符`,
} as const;

export const groupListOrderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  company_name: z.string(),
  exam_type: z.string(),
  plan_from: z.string(),
  plan_to: z.string(),
  plan_count: z.number().int(),
  person_count: z.number().int(),
  prepared_count: z.number().int(),
  desk_note: z.string().nullable(),
});
export type GroupListOrderRow = z.infer<typeof groupListOrderRow>;

/** 名单导入 GET /manager/api/crm/group_list/orders: approved, open group orders with their counts. */
export const groupListOrdersRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_list/orders',
  summary: '名单导入：审核通过且未结束的团检订单',
  access: [...GROUP_LIST_SCREENS],
  input: z.object({ key: searchKeyField(), ...pageFields }),
  output: pageOf(groupListOrderRow),
});

export const groupListGroupRow = z.object({
  id: z.number().int(),
  group_name: z.string(),
  group_code: z.string().nullable(),
  package_name: z.string().nullable(),
  gender_limit: z.string(),
  marital_limit: z.string(),
  age_from: z.number().int().nullable(),
  age_to: z.number().int().nullable(),
  priority: z.number().int(),
  pay_mode: z.string(),
  price: moneyOut.nullable(),
  paused: z.boolean(),
  person_count: z.number().int(),
});

/** 名单导入详情 GET /manager/api/crm/group_list/detail: the order and its groups. */
export const groupListDetailRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_list/detail',
  summary: '名单导入详情：订单与分组',
  access: [...GROUP_LIST_SCREENS],
  input: z.object({ id: idField('团检订单') }),
  output: z.object({
    order: groupListOrderRow.extend({ approval_state: z.string(), closed: z.boolean() }),
    groups: z.array(groupListGroupRow),
  }),
});

export const groupPersonRow = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  cust_name: z.string(),
  sex: z.string(),
  birthday: z.string(),
  /** Masked (masking.ts). */
  id_card: z.string().nullable(),
  phone: z.string().nullable(),
  marital: z.string(),
  dept_name: z.string().nullable(),
  employee_no: z.string().nullable(),
  job_name: z.string().nullable(),
  order_id: z.string().nullable(),
  paused: z.boolean(),
});
export type ListPersonRow = z.infer<typeof groupPersonRow>;

/** 名单 GET /manager/api/crm/group_list/persons: one order's people, filtered. */
export const groupPersonsRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_list/persons',
  summary: '名单导入详情：人员名单',
  access: [...GROUP_LIST_SCREENS],
  input: z.object({
    id: idField('团检订单'),
    group_id: optionalIdField('分组'),
    prepared: optionalChoiceField(['0', '1'], '预登记状态不正确'),
    key: searchKeyField(),
    ...pageFields,
  }),
  output: pageOf(groupPersonRow),
});

/** 导入模板下载 GET /manager/api/crm/group_list/template (the .xlsx itself) */
export const groupListTemplateRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_list/template',
  summary: '名单导入模板（健康/职业）',
  access: [...GROUP_LIST_SCREENS],
  input: z.object({ kind: z.enum(GROUP_LIST_KINDS, { error: '请选择模板类型' }) }),
  output: z.unknown(),
});

export const GROUP_LIST_UPLOAD_RULE: UploadRule = {
  maxBytes: 30 * 1024 * 1024,
  types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  typesLabel: 'Excel 文件（.xlsx）',
};

export const groupListRowError = z.object({ line: z.number().int(), name: z.string(), reason: z.string() });
export type GroupListRowError = z.infer<typeof groupListRowError>;

/** Rows named in the answer; the downloadable report holds all of them. */
export const GROUP_LIST_ERRORS_SHOWN = 200;

const ticketField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '进度标识格式不正确');

export const groupListImportOutcome = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(groupListRowError),
  report_id: z.number().int().nullable(),
});
export type GroupListImportOutcome = z.infer<typeof groupListImportOutcome>;

export const groupListPrepareOutcome = z.object({
  prepared: z.number().int(),
  refused: z.array(z.object({ person_id: z.number().int(), name: z.string(), reason: z.string() })),
});
export type GroupListPrepareOutcome = z.infer<typeof groupListPrepareOutcome>;

/**
 * 名单导入 POST /manager/api/crm/group_list/import (multipart, one .xlsx): the order is checked at
 * once; the file is then read, checked and written in the background (a 10,000-row list outlasts a
 * gateway's wait), and the screen polls groupListProgressRoute with the ticket.
 */
export const groupListImportRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_list/import',
  summary: '导入团检名单（按组类、性别、婚姻、年龄与优先级分组）',
  access: ['crm/group_list_import_detail'],
  input: z.object({ id: idField('团检订单') }),
  output: z.object({ ticket: z.string() }),
  upload: GROUP_LIST_UPLOAD_RULE,
  bodyLimit: uploadBodyLimit(GROUP_LIST_UPLOAD_RULE),
});

export const GROUP_LIST_PHASES = ['reading', 'writing', 'done', 'failed'] as const;

/** 导入/预登记进度 GET /manager/api/crm/group_list/progress: rows done so far, then the outcome. */
export const groupListProgressRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_list/progress',
  summary: '名单导入与预登记进度',
  access: ['crm/group_list_import_detail'],
  input: z.object({ ticket: ticketField }),
  output: z.object({
    /** null: no such task of this account (never started, or finished long ago). */
    phase: z.enum(GROUP_LIST_PHASES).nullable(),
    done: z.number().int(),
    total: z.number().int(),
    /** The refusal that stopped the task, phase failed. */
    error: z.string().nullable(),
    imported: groupListImportOutcome.nullable(),
    prepared: groupListPrepareOutcome.nullable(),
  }),
});

/** 错误报告下载 GET /manager/api/crm/group_list/import_report (the .xlsx itself) */
export const groupListReportRoute = route({
  method: 'GET',
  path: '/manager/api/crm/group_list/import_report',
  summary: '下载名单导入错误报告',
  access: ['crm/group_list_import_detail'],
  input: z.object({ id: idField('错误报告') }),
  output: z.unknown(),
});

/**
 * 预登记 POST /manager/api/crm/group_list/prepare: visits for the chosen people, or all without one;
 * the order is checked at once, the visits written in the background (polled as an import is).
 */
export const groupListPrepareRoute = route({
  method: 'POST',
  path: '/manager/api/crm/group_list/prepare',
  summary: '预登记：为名单人员生成体检号（已预登记）',
  access: ['crm/group_list_import_detail'],
  input: z.object({ id: idField('团检订单'), person_ids: idListField('人员', 20_000) }),
  output: z.object({ ticket: z.string() }),
});

export const GROUP_LIST_ROUTES = [
  groupListOrdersRoute,
  groupListDetailRoute,
  groupPersonsRoute,
  groupListTemplateRoute,
  groupListImportRoute,
  groupListProgressRoute,
  groupListReportRoute,
  groupListPrepareRoute,
] as const;
