import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  AppError,
  GROUP_LIST_COLUMNS,
  GROUP_LIST_KIND_LABELS,
  maskIdNumber,
  type GroupListKind,
  type GroupListRowError,
} from '@checkup/api-contract';
import type { ListCells } from './list-rows.js';

/** A cell as text: rich text joined, a formula's result, a date as 年-月-日, a whole number without ".0". */
function cellText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') {
    if ('richText' in cell)
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in cell) return cellText(cell.result as ExcelJS.CellValue);
    if ('text' in cell) return String(cell.text).trim();
    return '';
  }
  return String(cell).trim();
}

const ALL_TITLES = new Map(
  [...GROUP_LIST_COLUMNS.health, ...GROUP_LIST_COLUMNS.occupational].map((c) => [c.title as string, c.key as string]),
);

export interface ReadList {
  kind: GroupListKind;
  rows: { line: number; cells: ListCells }[];
}

/**
 * Reads the list's first sheet with exceljs's streaming reader, row by row (no whole workbook of
 * styles and cells in memory, no row cap). The header row names the columns; a 工种 or 接害因素 column
 * makes it the occupational list. Blank rows are skipped.
 */
export async function readList(data: Buffer): Promise<ReadList> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let keys: (string | undefined)[] | null = null;
  const rows: ReadList['rows'] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!keys) {
          keys = values.map((title) => ALL_TITLES.get(title));
          continue;
        }
        if (values.every((v) => v === '')) continue;
        const cells: ListCells = {};
        keys.forEach((key, i) => {
          if (key) cells[key] = values[i] ?? '';
        });
        rows.push({ line: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION', '无法读取该Excel文件，请使用下载的导入模板（.xlsx）');
  }
  if (!keys) throw new AppError('VALIDATION', '导入文件是空的');
  const kind: GroupListKind = keys.includes('job_name') || keys.includes('harm_factors') ? 'occupational' : 'health';
  const missing = GROUP_LIST_COLUMNS[kind].filter((c) => 'required' in c && !keys!.includes(c.key)).map((c) => c.title);
  if (missing.length > 0) throw new AppError('VALIDATION', `导入文件缺少列：${missing.join('、')}`);
  return { kind, rows };
}

/** The empty template of a kind: its headers, the ID number column as text so Excel keeps all 18 digits. */
export async function listTemplate(kind: GroupListKind): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`${GROUP_LIST_KIND_LABELS[kind]}名单`);
  sheet.columns = GROUP_LIST_COLUMNS[kind].map((c) => ({
    header: c.title,
    key: c.key,
    width: c.key === 'id_card' ? 22 : Math.max(10, c.title.length * 3),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  const notes = workbook.addWorksheet('填写说明');
  for (const line of [
    '姓名、身份证号必填；性别、出生日期可不填（按身份证号），填写时须与身份证号一致。',
    '性别填“男”或“女”；婚姻填“已婚”“未婚”或不填；日期格式 年-月-日。',
    '组类：填写分组的组类代码时只分入该组类的分组；不填则按性别、婚姻、年龄与优先级自动分组。',
    kind === 'occupational'
      ? '接害因素多个时以顿号或逗号分隔；工龄以月计。'
      : '统收限额：单位为此人最多支付的金额（元）。',
  ]) {
    notes.addRow([line]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The refused rows as a workbook to download: 行号, 姓名, 身份证号 (masked) and the reason. */
export async function errorReport(errors: readonly (GroupListRowError & { idCard?: string })[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('错误报告');
  sheet.columns = [
    { header: '行号', key: 'line', width: 8 },
    { header: '姓名', key: 'name', width: 14 },
    { header: '身份证号', key: 'id_card', width: 22 },
    { header: '原因', key: 'reason', width: 40 },
  ];
  for (const e of errors) {
    sheet.addRow({ line: e.line, name: e.name, id_card: e.idCard ? maskIdNumber(e.idCard) : '', reason: e.reason });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
