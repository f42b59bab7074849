import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  AppError,
  CSV_TYPE,
  RECON_CHANNEL_NAMES,
  SETTLEMENT_TEMPLATES,
  type ReconChannel,
  type UploadType,
} from '@checkup/api-contract';

/** A settlement file as read: its header row and the rows under it, every cell as text. */
export interface SettlementSheet {
  headers: string[];
  rows: { line: number; cells: string[] }[];
  /** How a .csv was decoded; null for an .xlsx. */
  encoding: 'UTF-8' | 'GBK' | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: a date as 年-月-日 时:分:秒 (exceljs keeps a sheet's local time as UTC), a number plainly. */
function cellText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    const d = cell;
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
  if (typeof cell === 'object') {
    if ('richText' in cell) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result as ExcelJS.CellValue);
    if ('text' in cell) return String(cell.text);
    return '';
  }
  return String(cell);
}

/**
 * A .csv's text: UTF-8 with or without BOM, else GBK (what Excel and the banks' systems save on a
 * Chinese Windows). Node's own TextDecoder reads GBK (full ICU), so no conversion library is needed.
 */
export function decodeCsv(data: Buffer): { text: string; encoding: 'UTF-8' | 'GBK' } {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(data.subarray(3)), encoding: 'UTF-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('gbk').decode(data), encoding: 'GBK' };
  }
}

async function sheetRows(sheet: ExcelJS.Worksheet): Promise<string[][]> {
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1).map((v) => cellText(v).trim());
    rows[number - 1] = values;
  });
  return rows.filter((r): r is string[] => r !== undefined);
}

// A bank card number in a 卡号 column is kept as its first 6 and last 4 digits (PCI DSS's masking),
// in the preview and in the rows a batch keeps.
const maskCard = (text: string) => {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits)
    ? `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`
    : text;
};

/** Reads the first sheet of an .xlsx, or a .csv (every cell kept as text: trade numbers stay whole). */
export async function readSettlementFile(data: Buffer, contentType: UploadType | string): Promise<SettlementSheet> {
  const book = new ExcelJS.Workbook();
  let encoding: SettlementSheet['encoding'] = null;
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (contentType === CSV_TYPE) {
      const decoded = decodeCsv(data);
      encoding = decoded.encoding;
      sheet = await book.csv.read(Readable.from([decoded.text]), { map: (value: string) => value } as never);
    } else {
      await book.xlsx.load(data as unknown as ArrayBuffer);
      sheet = book.worksheets[0];
    }
  } catch {
    throw new AppError('VALIDATION', '无法读取该对账单，请上传 .xlsx 或 .csv 文件');
  }
  const all = sheet ? await sheetRows(sheet) : [];
  const [headerRow, ...rest] = all;
  if (!headerRow || headerRow.every((h) => h === '')) throw new AppError('VALIDATION', '对账单是空的');
  const headers = headerRow.map((h) => h.replace(/^\uFEFF/, ''));
  const cardColumns = new Set(headers.flatMap((h, i) => (h.includes('卡号') ? [i] : [])));
  return {
    headers,
    rows: rest
      .filter((cells) => cells.some((c) => c !== ''))
      .map((cells, i) => ({ line: i + 2, cells: cells.map((c, j) => (cardColumns.has(j) ? maskCard(c) : c)) })),
    encoding,
  };
}

/** A channel's template: the columns on its first sheet, what each holds on 说明. */
export async function settlementTemplate(channel: ReconChannel): Promise<Buffer> {
  const template = SETTLEMENT_TEMPLATES[channel];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(`${RECON_CHANNEL_NAMES[channel]}对账单`);
  sheet.addRow(template.columns.map((c) => c.title));
  sheet.getRow(1).font = { bold: true };
  template.columns.forEach((_, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = 20;
    // Text cells: a long trade or card number is never turned into a rounded number.
    column.numFmt = '@';
  });
  const notes = book.addWorksheet('说明');
  notes.addRow(['列名', '说明']);
  notes.getRow(1).font = { bold: true };
  for (const c of template.columns) notes.addRow([c.title, c.note]);
  notes.addRow([]);
  notes.addRow(['', '第一行为表头，从第二行起每行一笔交易；列的顺序可以不同，上传后可重新对应流水号、金额、时间列。']);
  notes.getColumn(1).width = 18;
  notes.getColumn(2).width = 70;
  return Buffer.from(await book.xlsx.writeBuffer());
}
