import { z } from 'zod';
import { idField, pageFields, pageOf } from '../field-schemas.js';
import { route, type AccessKey, type RouteDescriptor } from '../route.js';
import { XLSX_UPLOAD_RULE } from './excel.js';

/**
 * A resource (issue 18, shared/design/resources.md): a list/form/detail screen's data described once —
 * its row, its form (the one place for validation rules and their Chinese messages), its filters, who
 * may read and who may write it, and its actions — and built into ordinary route descriptors, so the
 * checkup server, the gateway and the web keep using descriptors.
 */
export const RESOURCE_ACTIONS = ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

type Screens = readonly [AccessKey, ...AccessKey[]];

/** One column of the .xlsx export and import: a row field and its Chinese header. */
export interface ExcelColumn {
  key: string;
  title: string;
  /** For a choice: code → Chinese label; export writes the label, import takes either. */
  labels?: Readonly<Record<string, string>>;
}

export interface ResourceSpec<
  Row extends z.ZodObject = z.ZodObject,
  Form extends z.ZodObject = z.ZodObject,
  Filter extends z.ZodObject = z.ZodObject,
  Kept extends boolean = boolean,
> {
  /** Path segment and audit name, e.g. 'department'. */
  name: string;
  /** The Chinese name of one record, e.g. 科室: messages and audit rows use it. */
  title: string;
  /** The calls live under it, e.g. /manager/api/examcfg/department. */
  base: string;
  /** The screens that keep the resource: every action. */
  screens: Screens;
  /** Screens that only read it (快速登记 reads packages): list and detail. */
  readers?: readonly AccessKey[];
  /**
   * Whether the records are kept on the screen (true) or only read, as a log is (false): a kept record
   * carries enabled, version and who changed it last; a read one only its id. Kept unless said.
   */
  kept?: Kept;
  /** What a list row and the detail answer (without the record fields above). */
  row: Row;
  /** What a save takes, besides id and version. */
  form: Form;
  /** The list's filters, besides paging. */
  filter: Filter;
  actions: readonly ResourceAction[];
  /** The .xlsx columns: export writes them in this order; import reads the form fields by these headers. */
  excel?: readonly ExcelColumn[];
}

/** A kept record's row carries its id, whether it is in use, and who changed it last. */
export const recordFields = {
  id: z.number().int(),
  enabled: z.boolean(),
  /** Optimistic lock: a save must name the version it read. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
};

/** Records named by id (a form's chosen items, shown by name): "3,7,9". */
const idsFilter = z
  .string({ error: '编号列表格式不正确' })
  .regex(/^([1-9]\d{0,8})(,[1-9]\d{0,8}){0,199}$/, '编号列表格式不正确')
  .optional()
  .transform((value) => (value ? value.split(',').map(Number) : undefined));

const versionField = z.coerce
  .number({ error: '版本号格式不正确' })
  .int('版本号格式不正确')
  .min(1, '版本号格式不正确')
  .optional();

/** What an import answers: how many rows were taken and, when some were refused, their report. */
export const importResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  /** The per-row error report (.xlsx) to download, when a row was refused. */
  report_id: z.number().int().nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMPORT_MODES = ['all', 'valid'] as const;
export const IMPORT_MODE_LABELS: Record<(typeof IMPORT_MODES)[number], string> = {
  all: '全部正确才导入',
  valid: '只导入正确的行',
};

/** A read-only record's row: its id. */
const readFields = { id: z.number().int() };

/** The record fields a resource's rows carry, by whether it is kept or only read. */
type RecordShape<Kept extends boolean> = Kept extends true ? typeof recordFields : typeof readFields;

function buildRoutes<
  Row extends z.ZodObject,
  Form extends z.ZodObject,
  Filter extends z.ZodObject,
  Kept extends boolean,
>(spec: ResourceSpec<Row, Form, Filter, Kept>) {
  const read: Screens = [...spec.screens, ...(spec.readers ?? [])];
  const row = spec.row.extend((spec.kept === false ? readFields : recordFields) as RecordShape<Kept>);
  const id = { id: idField(spec.title) };
  const at = (action: string) => `${spec.base}/${action}`;
  return {
    list: route({
      method: 'GET',
      path: at('list'),
      summary: `${spec.title}列表`,
      access: read,
      input: spec.filter.extend({ ...pageFields, ids: idsFilter }),
      // The total stops at 10,000 (total_capped) so that a count never scans a whole large table.
      output: pageOf(row).extend({ total_capped: z.boolean() }),
    }),
    detail: route({
      method: 'GET',
      path: at('detail'),
      summary: `${spec.title}详情`,
      access: read,
      input: z.object(id),
      output: row,
    }),
    save: route({
      method: 'POST',
      path: at('save'),
      summary: `保存${spec.title}（新增或修改，修改须带版本号）`,
      access: spec.screens,
      input: spec.form.safeExtend({ id: idField(spec.title).optional(), version: versionField }),
      output: row,
    }),
    remove: route({
      method: 'POST',
      path: at('remove'),
      summary: `删除${spec.title}（被引用时不能删除）`,
      access: spec.screens,
      input: z.object({ ...id, version: versionField }),
      output: z.object({ id: z.number().int() }),
    }),
    enable: route({
      method: 'POST',
      path: at('enable'),
      summary: `启用或停用${spec.title}`,
      access: spec.screens,
      input: z.object({ ...id, enabled: z.enum(['0', '1'], { error: '启用状态只能是0或1' }) }),
      output: row,
    }),
    export: route({
      method: 'GET',
      path: at('export'),
      summary: `导出${spec.title}（.xlsx）`,
      access: spec.screens,
      input: spec.filter,
      output: z.unknown(),
    }),
    import: route({
      method: 'POST',
      path: at('import'),
      summary: `从.xlsx导入${spec.title}`,
      access: spec.screens,
      input: z.object({ mode: z.enum(IMPORT_MODES, { error: '请选择导入方式' }) }),
      output: importResultSchema,
      upload: XLSX_UPLOAD_RULE,
      bodyLimit: XLSX_UPLOAD_RULE.maxBytes + 64 * 1024,
    }),
    importReport: route({
      method: 'GET',
      path: at('import_report'),
      summary: `${spec.title}导入错误报告（.xlsx）`,
      access: spec.screens,
      input: z.object({ id: idField('错误报告') }),
      output: z.unknown(),
    }),
  };
}

export interface Resource<
  Row extends z.ZodObject,
  Form extends z.ZodObject,
  Filter extends z.ZodObject,
  Kept extends boolean = boolean,
> {
  spec: ResourceSpec<Row, Form, Filter, Kept>;
  routes: ReturnType<typeof buildRoutes<Row, Form, Filter, Kept>>;
  /** The descriptors of the actions the resource has (import brings its report with it). */
  descriptors: readonly RouteDescriptor[];
}

/** Builds a resource's descriptors; only the actions it declares are served and registered. */
export function defineResource<
  Row extends z.ZodObject,
  Form extends z.ZodObject,
  Filter extends z.ZodObject,
  Kept extends boolean = true,
>(spec: ResourceSpec<Row, Form, Filter, Kept>): Resource<Row, Form, Filter, Kept> {
  const writing = spec.actions.filter((a) => a !== 'list' && a !== 'detail' && a !== 'export');
  if (spec.kept === false && writing.length)
    throw new Error(`${spec.name}: a read-only resource cannot ${writing.join(', ')}`);
  const routes = buildRoutes(spec);
  const descriptors: RouteDescriptor[] = spec.actions.map((action) => routes[action]);
  if (spec.actions.includes('import')) descriptors.push(routes.importReport);
  return { spec, routes, descriptors };
}

export type AnyResource = Resource<z.ZodObject, z.ZodObject, z.ZodObject>;
/** A resource whose records are kept on its screen (saved, enabled, removed). */
export type KeptResource = Resource<z.ZodObject, z.ZodObject, z.ZodObject, true>;
/** What every kept resource row carries besides its own fields. */
export interface RecordFields {
  id: number;
  enabled: boolean;
  version: number;
  updated_at: string | null;
  updated_by_name: string | null;
}
/** A list row of a resource, as its list and detail answer it: a read-only one's carries only its id. */
export type ResourceRow<R extends AnyResource> = z.output<R['spec']['row']> &
  (Exclude<R['spec']['kept'], undefined> extends false ? { id: number } : RecordFields);
