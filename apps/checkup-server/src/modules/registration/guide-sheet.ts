import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  DICTIONARIES,
  NOT_EXAMINED,
  UNION_EXEC,
  maskIdNumber,
  unionExecLabel,
  specimenName,
  type BarcodeLayout,
  type DocumentLayout,
  type ExamineeField,
  type OrderDetail,
  type PageSize,
} from '@checkup/api-contract';
import { CM, code128, PDF_FONT, pdfDisposition, renderPdf } from '../../lib/pdf.js';
import { barcodeLabel } from '../self-template/barcode-label.js';
import { embeddableImage, examineeTable, layoutBlocks, sectionHeading } from '../self-template/print-layout.js';

export interface GuideSheetOptions {
  hospitalName: string;
  /** The hospital's logo (单位信息), printed when the template asks for it. */
  logo: string | null;
  /** spec §9 guide confirmation text. */
  confirmText: string;
  examTime: string;
  /** 检前须知 of the visit's branch (系统注册), printed under the notice; null prints none. */
  preExamNotice?: string | null;
  /** The default 导检单 template, and the 条码 template of the specimen labels. */
  layout: DocumentLayout;
  label: BarcodeLayout;
  /** Uncompressed streams, so that tests can read the text back. */
  compress?: boolean;
}

const MARGIN = 36;
/** Portrait page widths in points, as pdfmake sizes them. */
const PAGE_WIDTHS: Record<PageSize, number> = { A4: 595.28, A5: 419.53, B5: 498.9 };

const SEX_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.sex.map((e) => [e.code, e.name]));
const EXAM_TYPE_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.exam_type.map((e) => [e.code, e.name]));

function examineeValues(detail: OrderDetail): Record<ExamineeField, string> {
  const c = detail.customer;
  return {
    cust_name: c.cust_name,
    sex: SEX_NAMES[c.sex] ?? '',
    age: `${c.age}岁`,
    order_id: detail.order_id,
    id_card: c.cust_id_card ? maskIdNumber(c.cust_id_card) : '',
    exam_date: detail.exam_date,
    exam_type: EXAM_TYPE_NAMES[detail.exam_type] ?? detail.exam_type,
    package_name: detail.package?.package_name ?? '（无）',
    company_name: detail.company_name ?? '个人',
  };
}

type Union = OrderDetail['depts'][number]['unions'][number];

/** A line not examined today is struck through and marked 弃检 / 拒检 / 迟检 with its day (issue 19). */
function unionText(union: Union) {
  if (!NOT_EXAMINED.has(union.status)) return [{ text: union.union_name }];
  const day = union.status === UNION_EXEC.deferred && union.exec_date ? ` ${union.exec_date}` : '';
  return [
    { text: union.union_name, decoration: 'lineThrough' as const },
    { text: `（${unionExecLabel(union.status)}${day}）`, bold: true },
  ];
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
      { text: dept.unions.flatMap((u, j) => [...(j > 0 ? [{ text: '、' }] : []), ...unionText(u)]) },
      // The doctor ticks or signs here as the examinee passes the department; nothing to sign when
      // none of its lines is done today.
      dept.unions.every((u) => NOT_EXAMINED.has(u.status))
        ? { text: '—', alignment: 'center' }
        : { text: '□', alignment: 'center', fontSize: 14 },
    ]);
  });
  return { table: { headerRows: 1, widths: [28, 80, '*', 70], body }, margin: [0, 8, 0, 8] };
}

/** One label per specimen, laid out by the barcode template (spec §9: 5 cm × 3 cm by default), three to a row. */
async function specimenLabels(detail: OrderDetail, label: BarcodeLayout, pageWidth: number): Promise<Content[]> {
  const specimens = detail.depts.flatMap((d) => d.unions.map((u) => ({ ...u, dept: d.dept_name })));
  const printed = specimens.filter((u) => u.specimen);
  if (printed.length === 0) return [];
  const c = detail.customer;
  const labels = await Promise.all(
    printed.map((u) =>
      barcodeLabel(label, detail.order_id, {
        order_id: detail.order_id,
        cust_name: c.cust_name,
        sex: SEX_NAMES[c.sex] ?? '',
        age: `${c.age}岁`,
        union_name: u.union_name,
        specimen: specimenName(u.specimen),
        exam_date: detail.exam_date,
        dept_name: u.dept,
        company_name: detail.company_name ?? '',
        print_time: new Date().toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }),
      }),
    ),
  );
  const cells: TableCell[] = labels.map((l) => ({ stack: l.stack, margin: [2, 2, 2, 2] }));
  const rows: TableCell[][] = [];
  const { width, height } = labels[0]!;
  // As many to a row as the page takes (three 5 cm labels on A4, two on A5).
  const perRow = Math.max(1, Math.min(3, Math.floor((pageWidth - 2 * MARGIN) / width)));
  for (let i = 0; i < cells.length; i += perRow) {
    const row = cells.slice(i, i + perRow);
    while (row.length < perRow) row.push({ text: '', border: [false, false, false, false] });
    rows.push(row);
  }
  return [
    { table: { widths: Array<number>(perRow).fill(width - 10), heights: height - 6, body: rows }, unbreakable: true },
  ];
}

/** The guide sheet (体检导引单) of a visit as a PDF laid out by the default 导检单 template. */
export async function buildGuideSheet(detail: OrderDetail, options: GuideSheetOptions): Promise<Buffer> {
  const { layout } = options;
  const photo = embeddableImage(detail.customer.photo);
  const logo = layout.header.show_logo ? embeddableImage(options.logo) : null;
  const orderBarcode = await code128(detail.order_id);
  const title = layout.header.title;
  const header: Content = {
    columns: [
      ...(logo ? [{ width: 48, image: logo, fit: [44, 44] as [number, number] }] : []),
      {
        width: '*',
        stack: [
          { text: layout.header.hospital_name || options.hospitalName, fontSize: 12, alignment: 'left' },
          { text: title, fontSize: 20, bold: true, margin: [0, 4, 0, 4] },
          { image: orderBarcode, width: 5 * CM, height: 1.5 * CM },
        ],
      },
      photo ? { width: 70, image: photo, fit: [70, 90] } : { width: 70, text: '' },
    ],
  };
  const sections: Record<string, (title: string) => Content[] | Promise<Content[]>> = {
    examinee: (t) => [sectionHeading(t), examineeTable(layout, examineeValues(detail))],
    depts: (t) => [sectionHeading(t), deptTable(detail)],
    notice: (t) => [
      sectionHeading(t),
      { text: `体检时间：${options.examTime}，请空腹前来，按顺序完成各科室检查后交回本单。`, fontSize: 9 },
      ...(options.preExamNotice ? [{ text: `检前须知：${options.preExamNotice}`, fontSize: 9 }] : []),
    ],
    confirm: (t) => [
      sectionHeading(t),
      { text: `${options.confirmText}：本人已核对以上信息及检查项目。  体检者签名：____________` },
    ],
    specimens: async (t) => {
      const labels = await specimenLabels(detail, options.label, PAGE_WIDTHS[layout.page_size]);
      return labels.length ? [sectionHeading(t), ...labels] : [];
    },
  };
  const doc: TDocumentDefinitions = {
    pageSize: layout.page_size,
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    compress: options.compress ?? true,
    info: { title: `${title} ${detail.order_id}`, subject: title },
    defaultStyle: { font: PDF_FONT, fontSize: layout.font_size },
    styles: { section: { fontSize: layout.font_size + 2, bold: true, margin: [0, 8, 0, 4] } },
    content: [header, ...(await layoutBlocks(layout, (s) => sections[s.key]?.(s.title) ?? []))],
  };
  return renderPdf(doc);
}

export function attachmentHeader(orderId: string): string {
  return pdfDisposition(`guide-sheet-${orderId}.pdf`, `体检导引单-${orderId}.pdf`);
}
