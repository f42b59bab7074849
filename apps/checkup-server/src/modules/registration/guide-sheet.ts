import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DICTIONARIES, maskIdNumber, specimenName, type OrderDetail } from '@checkup/api-contract';
import { CM, code128, PDF_FONT, pdfDisposition, renderPdf } from '../../lib/pdf.js';

/** spec §9: barcode labels are 5 cm × 3 cm (1 cm = 72 / 2.54 pt). */
const LABEL_WIDTH = 5 * CM;
const LABEL_HEIGHT = 3 * CM;

export interface GuideSheetOptions {
  hospitalName: string;
  /** spec §9 guide confirmation text. */
  confirmText: string;
  examTime: string;
  /** Uncompressed streams, so that tests can read the text back. */
  compress?: boolean;
}

const SEX_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.sex.map((e) => [e.code, e.name]));
const EXAM_TYPE_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.exam_type.map((e) => [e.code, e.name]));

/** pdfkit embeds JPEG and PNG only; another format (a reader's BMP) is left out rather than failing the sheet. */
function photoDataUrl(photo: string | null): string | null {
  if (!photo) return null;
  if (/^data:image\/(jpeg|png);base64,/.test(photo)) return photo;
  if (photo.startsWith('/9j/')) return `data:image/jpeg;base64,${photo}`;
  if (photo.startsWith('iVBOR')) return `data:image/png;base64,${photo}`;
  return null;
}

function examineeTable(detail: OrderDetail): Content {
  const c = detail.customer;
  const cell = (label: string, value: string): TableCell[] => [{ text: label, bold: true }, { text: value }];
  return {
    table: {
      widths: [56, '*', 56, '*'],
      body: [
        [...cell('姓名', c.cust_name), ...cell('性别/年龄', `${SEX_NAMES[c.sex] ?? ''} / ${c.age}岁`)],
        [...cell('体检号', detail.order_id), ...cell('身份证号', c.cust_id_card ? maskIdNumber(c.cust_id_card) : '')],
        [
          ...cell('体检日期', detail.exam_date),
          ...cell('体检类型', EXAM_TYPE_NAMES[detail.exam_type] ?? detail.exam_type),
        ],
        [...cell('套餐', detail.package?.package_name ?? '（无）'), ...cell('单位', detail.company_name ?? '个人')],
      ],
    },
    layout: 'lightHorizontalLines',
  };
}

function deptTable(detail: OrderDetail): Content {
  const body: TableCell[][] = [
    [
      { text: '序号', bold: true },
      { text: '科室', bold: true },
      { text: '检查项目', bold: true },
      { text: '医生签名', bold: true, alignment: 'center' },
    ],
  ];
  detail.depts.forEach((dept, i) => {
    body.push([
      String(i + 1),
      dept.dept_name,
      dept.unions.map((u) => u.union_name).join('、'),
      // The doctor ticks or signs here as the examinee passes the department.
      { text: '□', alignment: 'center', fontSize: 14 },
    ]);
  });
  return { table: { headerRows: 1, widths: [28, 80, '*', 70], body }, margin: [0, 8, 0, 8] };
}

/** One label per specimen, each exactly 5 cm × 3 cm, three to a row (spec §9). */
async function specimenLabels(detail: OrderDetail): Promise<Content[]> {
  const specimens = detail.depts.flatMap((d) => d.unions).filter((u) => u.specimen);
  if (specimens.length === 0) return [];
  const barcode = await code128(detail.order_id);
  const labels: TableCell[] = specimens.map((u) => ({
    stack: [
      { text: `${detail.customer.cust_name}  ${specimenName(u.specimen)}`, fontSize: 8, bold: true },
      { text: u.union_name, fontSize: 7 },
      { image: barcode, fit: [LABEL_WIDTH - 8, LABEL_HEIGHT - 30] },
    ],
    margin: [2, 2, 2, 2],
  }));
  const rows: TableCell[][] = [];
  for (let i = 0; i < labels.length; i += 3) {
    const row = labels.slice(i, i + 3);
    while (row.length < 3) row.push({ text: '', border: [false, false, false, false] });
    rows.push(row);
  }
  return [
    { text: '标本条码', style: 'section' },
    {
      table: { widths: [LABEL_WIDTH - 10, LABEL_WIDTH - 10, LABEL_WIDTH - 10], heights: LABEL_HEIGHT - 6, body: rows },
      unbreakable: true,
    },
  ];
}

/** The guide sheet (体检导引单) of a visit as an A4 PDF. */
export async function buildGuideSheet(detail: OrderDetail, options: GuideSheetOptions): Promise<Buffer> {
  const photo = photoDataUrl(detail.customer.photo);
  const orderBarcode = await code128(detail.order_id);
  const header: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: options.hospitalName, fontSize: 12, alignment: 'left' },
          { text: '体检导引单', fontSize: 20, bold: true, margin: [0, 4, 0, 4] },
          { image: orderBarcode, width: LABEL_WIDTH, height: LABEL_HEIGHT / 2 },
        ],
      },
      photo ? { width: 70, image: photo, fit: [70, 90] } : { width: 70, text: '' },
    ],
  };
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 36],
    compress: options.compress ?? true,
    info: { title: `体检导引单 ${detail.order_id}`, subject: '体检导引单' },
    defaultStyle: { font: PDF_FONT, fontSize: 10 },
    styles: { section: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] } },
    content: [
      header,
      examineeTable(detail),
      { text: '检查科室与项目', style: 'section' },
      deptTable(detail),
      { text: `体检时间：${options.examTime}，请空腹前来，按顺序完成各科室检查后交回本单。`, fontSize: 9 },
      {
        text: `${options.confirmText}：本人已核对以上信息及检查项目。  体检者签名：____________`,
        margin: [0, 8, 0, 0],
      },
      ...(await specimenLabels(detail)),
    ],
  };
  return renderPdf(doc);
}

export function attachmentHeader(orderId: string): string {
  return pdfDisposition(`guide-sheet-${orderId}.pdf`, `体检导引单-${orderId}.pdf`);
}
