import { z } from 'zod';
import { searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { textField } from '../resource/form-fields.js';

/** One shown column of a list: its key and, when the user dragged it, its width in pixels. */
export const tableColumnSchema = z.object({ key: z.string(), width: z.number().int().nullable() });
export type TableColumnSetting = z.infer<typeof tableColumnSchema>;

const COLUMN = /^([A-Za-z0-9_.]{1,64})(?::(\d{2,4}))?$/;

/** The columns as typed: "name:120, dept, price:90" — the shown ones in order, a width where set. */
export function columnsText(columns: readonly TableColumnSetting[]): string {
  return columns.map((c) => (c.width === null ? c.key : `${c.key}:${c.width}`)).join(', ');
}

const columnsField = z
  .string({ error: '请填写显示的列' })
  .trim()
  .min(1, '请填写显示的列')
  .max(2000, '显示的列不能超过2000个字符')
  .transform((text, ctx) => {
    const columns: TableColumnSetting[] = [];
    for (const part of text
      .split(/[,，]/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = COLUMN.exec(part);
      const width = match?.[2] === undefined ? null : Number(match[2]);
      if (!match || (width !== null && (width < 40 || width > 1000))) {
        ctx.addIssue({ code: 'custom', message: `列“${part}”格式不正确，应为“列名”或“列名:宽度”，宽度40到1000` });
        return z.NEVER;
      }
      if (columns.some((c) => c.key === match[1])) {
        ctx.addIssue({ code: 'custom', message: `列“${match[1]}”重复` });
        return z.NEVER;
      }
      columns.push({ key: match[1]!, width });
    }
    return columns;
  });

/**
 * 表格配置 (exam_cfg/table_cfg, breadth §6.8): each user's own column settings of a list — which columns
 * it shows, in what order, how wide. The server answers and changes only the signed-in user's rows.
 */
export const tableSettingResource = defineResource({
  name: 'table_setting',
  title: '表格配置',
  base: '/manager/api/examcfg/table_setting',
  screens: ['exam_cfg/table_cfg'],
  row: z.object({ table_key: z.string(), columns: z.array(tableColumnSchema) }),
  form: z.object({
    table_key: textField('表格', 64).regex(/^[A-Za-z0-9_./-]+$/, '表格只能包含字母、数字和_./-'),
    columns: columnsField,
  }),
  filter: z.object({ key: searchKeyField() }),
  actions: ['list', 'detail', 'save', 'remove'],
});
