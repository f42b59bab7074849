import { z } from 'zod';
import { idListField, optionalTextField, textField } from '../resource/form-fields.js';

/**
 * 自定义报表 (bi/customized_rpt, breadth §4.8): a saved definition is a read-only query over one of the
 * documented reporting views below — which columns, which parameters the runner fills in, an optional
 * count/sum grouped by the chosen columns, the order, and which roles may run it. No SQL text is ever
 * accepted: the server builds the query from the definition, naming only what this catalogue names,
 * and passes every value as a parameter (modules/bi/custom-report-query.ts).
 */

/** text: 文本; date: 日期 (YYYY-MM-DD); number: 整数 (may be summed); money: 金额 (answered as '12.34', summed exactly). */
export type CustomViewColumnKind = 'text' | 'date' | 'number' | 'money';

export interface CustomViewColumn {
  key: string;
  title: string;
  kind: CustomViewColumnKind;
}

export interface CustomView {
  title: string;
  /** What one row is, where it comes from and how current it is. */
  description: string;
  columns: readonly CustomViewColumn[];
}

const text = (key: string, title: string) => ({ key, title, kind: 'text' as const });
const date = (key: string, title: string) => ({ key, title, kind: 'date' as const });
const number = (key: string, title: string) => ({ key, title, kind: 'number' as const });
const money = (key: string, title: string) => ({ key, title, kind: 'money' as const });

/** The reporting views (created by the migration of db/schema/custom-reports.ts), column by column. */
export const CUSTOM_REPORT_VIEWS = {
  rpt_visits: {
    title: '体检人次',
    description:
      '每次体检一行（统计数据，截至最近一次刷新统计）。姓名仅显示姓氏，保密人员显示***；不含证件号、电话等个人信息。金额为未退项目合计。',
    columns: [
      text('order_id', '体检号'),
      date('exam_date', '登记日期'),
      date('audit_date', '审核日期'),
      text('branch_name', '分中心'),
      text('exam_type_name', '体检类型'),
      text('visit_kind', '个检/团检'),
      text('company_name', '单位'),
      text('package_name', '套餐'),
      text('masked_name', '姓名'),
      text('sex_name', '性别'),
      number('age', '年龄'),
      text('status_name', '状态'),
      number('line_count', '项目数'),
      money('list_total', '原价'),
      money('price_total', '优惠价'),
      money('self_total', '自费金额'),
      money('company_total', '统收金额'),
    ],
  },
  rpt_lines: {
    title: '体检项目',
    description: '每次体检所开的每个组合项目一行（统计数据，截至最近一次刷新统计），含已退项目（是否退项标明）。',
    columns: [
      text('order_id', '体检号'),
      date('exam_date', '登记日期'),
      text('branch_name', '分中心'),
      text('visit_kind', '个检/团检'),
      text('dept_name', '科室'),
      text('union_name', '项目'),
      text('status_name', '检查状态'),
      text('origin_name', '来源'),
      text('pay_mode_name', '付费方式'),
      text('charged_name', '收费状态'),
      text('returned_name', '是否退项'),
      money('list_price', '原价'),
      money('price', '优惠价'),
    ],
  },
  rpt_payments: {
    title: '收费记录',
    description: '每笔收费、退费、冲正一行（实时数据）。退费和冲正金额为负数。',
    columns: [
      number('payment_id', '流水号'),
      date('paid_date', '收费日期'),
      text('paid_time', '收费时间'),
      text('branch_name', '分中心'),
      text('purpose_name', '收费用途'),
      text('kind_name', '类别'),
      text('method_name', '收费方式'),
      text('cashier_name', '收费员'),
      text('order_id', '体检号'),
      text('day_end_name', '日结状态'),
      money('amount', '金额'),
    ],
  },
  rpt_diagnoses: {
    title: '体检结论',
    description: '每次体检显示的每条结论一行（统计数据，截至最近一次刷新统计），含性别与年龄，不含姓名。',
    columns: [
      text('order_id', '体检号'),
      date('exam_date', '登记日期'),
      text('branch_name', '分中心'),
      text('diag_name', '结论'),
      text('dept_name', '科室'),
      text('sex_name', '性别'),
      number('age', '年龄'),
      text('visit_kind', '个检/团检'),
    ],
  },
} as const satisfies Record<string, CustomView>;

export type CustomViewKey = keyof typeof CUSTOM_REPORT_VIEWS;
export const CUSTOM_VIEW_KEYS = Object.keys(CUSTOM_REPORT_VIEWS) as [CustomViewKey, ...CustomViewKey[]];

export const customViewColumn = (view: string, key: string): CustomViewColumn | undefined =>
  (CUSTOM_REPORT_VIEWS as Record<string, CustomView>)[view]?.columns.find((c) => c.key === key);

export const CUSTOM_OPERATORS = ['eq', 'between', 'like'] as const;
export type CustomOperator = (typeof CUSTOM_OPERATORS)[number];
export const CUSTOM_OPERATOR_LABELS: Record<CustomOperator, string> = { eq: '等于', between: '介于', like: '包含' };

export const CUSTOM_AGGREGATES = ['count', 'sum'] as const;
export const CUSTOM_AGGREGATE_LABELS = { count: '计数', sum: '求和' } as const;

/** Rows a run exports at most; the paged view pages through the same rows. */
export const CUSTOM_REPORT_MAX_ROWS = 10_000;

export const CUSTOM_REPORT_MESSAGES = {
  view: '请选择数据视图',
  noColumns: '请至少选择一列',
  unknownColumn: (key: string) => `数据视图中没有「${key}」列`,
  duplicateColumn: (title: string) => `「${title}」列重复`,
  sumKind: (title: string) => `「${title}」不是数字或金额，不能求和`,
  sortColumn: (key: string) => `排序列「${key}」不在报表的列中`,
  likeKind: (title: string) => `「${title}」不是文本，不能用“包含”`,
  duplicateName: (name: string) => `报表名称「${name}」已存在`,
  notFound: '自定义报表不存在或已删除',
  notAllowed: '您的角色不能运行该报表',
  disabled: '该报表已停用',
  required: (label: string) => `请填写${label}`,
  badValue: (label: string) => `${label}格式不正确`,
  badParams: '报表参数格式不正确',
  tooMany: `结果超过${CUSTOM_REPORT_MAX_ROWS}行，请增加条件缩小范围`,
} as const;

/** A value in JSON inside a form field (forms travel as text, spec §7); an object as is. */
function jsonOf<T extends z.ZodType>(schema: T, label: string, empty: unknown = []) {
  return z.preprocess((value, ctx) => {
    if (value === undefined || value === '') return empty;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
  }, schema);
}

const columnKey = z.string({ error: '列名格式不正确' }).max(64, '列名格式不正确');

export const customParamSchema = z.object({
  column: columnKey,
  operator: z.enum(CUSTOM_OPERATORS, { error: '请选择条件' }),
  label: textField('参数名称', 32),
  required: z.boolean().default(false),
});
export type CustomParam = z.infer<typeof customParamSchema>;

export const customAggregateSchema = z.object({
  fn: z.enum(CUSTOM_AGGREGATES, { error: '请选择汇总方式' }),
  /** The summed column; none for count. */
  column: columnKey.optional(),
});
export type CustomAggregate = z.infer<typeof customAggregateSchema>;

export const customSortSchema = z.object({ column: columnKey, desc: z.boolean().default(false) });

/** The output key of an aggregate: `count`, `sum_<column>`. */
export const aggregateKey = (a: CustomAggregate) => (a.fn === 'count' ? 'count' : `sum_${a.column}`);

/**
 * A definition as saved. With aggregates, the rows are grouped by the chosen columns and each
 * aggregate adds a column (计数, or 「列」合计); without, the chosen columns are listed row by row.
 */
export const customReportForm = z.object({
  name: textField('报表名称', 64),
  description: optionalTextField('说明', 200),
  view: z.enum(CUSTOM_VIEW_KEYS, { error: CUSTOM_REPORT_MESSAGES.view }),
  columns: jsonOf(z.array(columnKey).max(40, '最多选择40列'), '列'),
  params: jsonOf(z.array(customParamSchema).max(10, '最多10个参数'), '参数'),
  aggregates: jsonOf(z.array(customAggregateSchema).max(10, '最多10个汇总'), '汇总'),
  sort: jsonOf(z.array(customSortSchema).max(5, '最多5个排序列'), '排序'),
  role_ids: idListField('可运行角色', 100),
});
export type CustomReportForm = z.input<typeof customReportForm>;
export type CustomReportDefinition = z.output<typeof customReportForm>;

/**
 * The rules a definition must keep against the catalogue; the first broken one in Chinese, or null.
 * The server checks again before it saves and before it runs.
 */
export function customReportProblem(def: CustomReportDefinition): string | null {
  const M = CUSTOM_REPORT_MESSAGES;
  const column = (key: string) => customViewColumn(def.view, key);
  if (def.columns.length === 0) return M.noColumns;
  for (const key of def.columns) if (!column(key)) return M.unknownColumn(key);
  if (new Set(def.columns).size !== def.columns.length) return M.duplicateColumn(column(def.columns[0]!)!.title);
  for (const p of def.params) {
    const c = column(p.column);
    if (!c) return M.unknownColumn(p.column);
    if (p.operator === 'like' && c.kind !== 'text') return M.likeKind(c.title);
  }
  for (const a of def.aggregates) {
    if (a.fn === 'count') continue;
    const c = a.column ? column(a.column) : undefined;
    if (!c) return M.unknownColumn(a.column ?? '');
    if (c.kind !== 'number' && c.kind !== 'money') return M.sumKind(c.title);
  }
  const outputs = new Set([...def.columns, ...def.aggregates.map(aggregateKey)]);
  if (outputs.size !== def.columns.length + def.aggregates.length) return M.duplicateColumn('汇总');
  for (const s of def.sort) if (!outputs.has(s.column)) return M.sortColumn(s.column);
  return null;
}

/** The result's columns, in order, with titles and the kinds the table formats by. */
export function customOutputColumns(def: CustomReportDefinition): CustomViewColumn[] {
  const chosen = def.columns.map((key) => customViewColumn(def.view, key)!).filter(Boolean);
  const aggregated = def.aggregates.map((a): CustomViewColumn => {
    if (a.fn === 'count') return { key: 'count', title: '计数', kind: 'number' };
    const c = customViewColumn(def.view, a.column ?? '')!;
    return { key: aggregateKey(a), title: `${c.title}合计`, kind: c.kind };
  });
  return [...chosen, ...aggregated];
}

export const customReportRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  view: z.enum(CUSTOM_VIEW_KEYS),
  columns: z.array(z.string()),
  params: z.array(customParamSchema),
  aggregates: z.array(customAggregateSchema),
  sort: z.array(customSortSchema),
  role_ids: z.array(z.number().int()),
  enabled: z.boolean(),
  version: z.number().int(),
  created_by_name: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CustomReportRow = z.infer<typeof customReportRowSchema>;

/** Parameter values by the parameter's position: one text, or [from, to] for 介于. */
export const customParamValues = jsonOf(
  z.record(
    z.string().regex(/^\d{1,2}$/, CUSTOM_REPORT_MESSAGES.badParams),
    z.union([z.string().max(64), z.tuple([z.string().max(64), z.string().max(64)])], {
      error: CUSTOM_REPORT_MESSAGES.badParams,
    }),
    { error: CUSTOM_REPORT_MESSAGES.badParams },
  ),
  '报表参数',
  {},
);
export type CustomParamValues = z.infer<typeof customParamValues>;
