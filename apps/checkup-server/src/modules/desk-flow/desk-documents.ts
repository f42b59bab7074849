import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DICTIONARIES, fenText, specimenName, type BarcodeLayout, type OrderDetail } from '@checkup/api-contract';
import { CM, PDF_FONT, renderPdf } from '../../lib/pdf.js';
import { barcodeLabel } from '../self-template/barcode-label.js';
import type { UnpaidLine } from './unpaid-lines.js';

const SEX_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.sex.map((e) => [e.code, e.name]));

const printTime = () => new Date().toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** 缴费单 (issue 19): the examinee's unpaid 自费 lines with their prices and the total, for the cashier. */
export interface SlipPaid {
  lines: { unionName: string; price: string }[];
  payments: { kind: string; method: string; amount: string; paidAt: string }[];
}

/** 收费处's 缴费单 adds what was paid: the paid lines and the payment lines. */
function paidSection(paid: SlipPaid): Content[] {
  return [
    { text: '已收项目', bold: true, margin: [0, 8, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ['*', 90],
        body: [
          [
            { text: '项目', bold: true },
            { text: '金额（元）', bold: true, alignment: 'right' },
          ],
          ...paid.lines.map((l): TableCell[] => [l.unionName, { text: l.price, alignment: 'right' }]),
        ],
      },
    },
    { text: '收费记录', bold: true, margin: [0, 8, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: [50, 70, 80, '*'],
        body: [
          [
            { text: '类型', bold: true },
            { text: '付款方式', bold: true },
            { text: '金额（元）', bold: true, alignment: 'right' },
            { text: '时间', bold: true },
          ] as TableCell[],
          ...paid.payments.map((p): TableCell[] => [
            p.kind,
            p.method,
            { text: p.amount, alignment: 'right' },
            p.paidAt,
          ]),
        ],
      },
    },
  ];
}

export async function buildPaymentSlip(
  detail: OrderDetail,
  unpaid: UnpaidLine[],
  options: { hospitalName: string; compress?: boolean; paid?: SlipPaid },
): Promise<Buffer> {
  const c = detail.customer;
  const totalFen = unpaid.reduce((s, l) => s + l.priceFen, 0);
  const body: TableCell[][] = [
    [
      { text: '序号', bold: true },
      { text: '项目', bold: true },
      { text: '金额（元）', bold: true, alignment: 'right' },
    ],
    ...unpaid.map((l, i): TableCell[] => [
      String(i + 1),
      l.unionName,
      { text: fenText(l.priceFen), alignment: 'right' },
    ]),
    [{ text: '合计', bold: true, colSpan: 2 }, '', { text: fenText(totalFen), bold: true, alignment: 'right' }],
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A5',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 28],
    compress: options.compress ?? true,
    info: { title: `缴费单 ${detail.order_id}`, subject: '缴费单' },
    defaultStyle: { font: PDF_FONT, fontSize: 10 },
    content: [
      { text: options.hospitalName, fontSize: 12 },
      { text: '缴费单', fontSize: 18, bold: true, alignment: 'center', margin: [0, 4, 0, 8] },
      {
        columns: [
          `姓名：${c.cust_name}`,
          `性别：${SEX_NAMES[c.sex] ?? ''}`,
          `年龄：${c.age}岁`,
          `体检号：${detail.order_id}`,
          `体检日期：${detail.exam_date}`,
        ],
        margin: [0, 0, 0, 8],
      },
      { table: { headerRows: 1, widths: [32, '*', 90], body } },
      ...(options.paid ? paidSection(options.paid) : []),
      {
        text: unpaid.length ? '请持本单到收费处缴费，缴费后凭体检号领取导检单。' : '该体检者没有待缴费的自费项目。',
        margin: [0, 8, 0, 0],
      },
      { text: `打印时间：${printTime()}`, fontSize: 8, alignment: 'right', margin: [0, 8, 0, 0] },
    ],
  };
  return renderPdf(doc);
}

/**
 * 条码 (issue 19): one page per specimen label and copy, the page the label's own size, as a label
 * printer takes them; the code is the 体检号 as on the guide sheet's labels (spec §9: CODE128, 5 cm × 3 cm).
 */
export async function buildBarcodeLabels(
  detail: OrderDetail,
  layout: BarcodeLayout,
  copies: number,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const c = detail.customer;
  const specimens = detail.depts.flatMap((d) => d.unions.filter((u) => u.specimen).map((u) => ({ ...u, dept: d })));
  const time = printTime();
  // A visit without specimens still gets one label with its 体检号, for the sheet and the tubes brought later.
  const wanted = specimens.length ? specimens : [null];
  const labels = await Promise.all(
    wanted.map((u) =>
      barcodeLabel(layout, detail.order_id, {
        order_id: detail.order_id,
        cust_name: c.cust_name,
        sex: SEX_NAMES[c.sex] ?? '',
        age: `${c.age}岁`,
        union_name: u?.union_name ?? '',
        specimen: u ? specimenName(u.specimen) : '',
        exam_date: detail.exam_date,
        dept_name: u?.dept.dept_name ?? '',
        company_name: detail.company_name ?? '',
        print_time: time,
      }),
    ),
  );
  const first = labels[0]!;
  const content: Content[] = [];
  labels.forEach((label, i) => {
    for (let copy = 0; copy < copies; copy += 1) {
      const last = i === labels.length - 1 && copy === copies - 1;
      content.push({ stack: label.stack, ...(last ? {} : { pageBreak: 'after' as const }) });
    }
  });
  return renderPdf({
    pageSize: { width: first.width, height: first.height },
    pageMargins: [0.1 * CM, 0.1 * CM, 0.1 * CM, 0.1 * CM],
    compress: options.compress ?? true,
    info: { title: `条码 ${detail.order_id}`, subject: '条码' },
    defaultStyle: { font: PDF_FONT, fontSize: layout.font_size },
    content,
  });
}
