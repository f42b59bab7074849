import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  PAY_METHOD_NAMES,
  PAYMENT_KIND_LABELS,
  PAYMENT_PURPOSE_LABELS,
  type CashierDayEndRow,
  type PaymentKind,
  type PaymentPurpose,
  type PayMethod,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { dayEndInvoiceSchema, dayEndLineSchema } from '@checkup/api-contract';
import { PDF_FONT, renderPdf } from '../../lib/pdf.js';

/** At most this many 收费明细 rows are printed; the rest are in the system. */
export const SHEET_LINES_MAX = 1000;

const cst = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
const right = (text: string): TableCell => ({ text, alignment: 'right' });
const head = (titles: string[]): TableCell[] => titles.map((text) => ({ text, bold: true }));

/** 收费员日结单 (§3.7, reprint allowed): the totals, 实收 and 非现金 apart, the invoices and the lines. */
export function buildDayEndSheet(
  dayEnd: CashierDayEndRow,
  invoices: z.infer<typeof dayEndInvoiceSchema>[],
  lines: z.infer<typeof dayEndLineSchema>[],
  options: { hospitalName: string; compress?: boolean },
): Promise<Buffer> {
  const received = dayEnd.by_method.filter((m) => m.received);
  const nonCash = dayEnd.by_method.filter((m) => !m.received);
  const content: Content[] = [
    { text: options.hospitalName, fontSize: 12 },
    { text: '收费员日结单', fontSize: 18, bold: true, alignment: 'center', margin: [0, 4, 0, 8] },
    {
      columns: [
        `日结号：${dayEnd.day_end_no}`,
        `收费员：${dayEnd.cashier_name ?? ''}`,
        `日结时间：${cst(dayEnd.closed_at)}`,
        `笔数：${dayEnd.line_count}`,
      ],
      margin: [0, 0, 0, 8],
    },
    {
      table: {
        widths: ['*', '*', '*', '*'],
        body: [
          head(['总金额', '实收', '非现金', '发票总金额']),
          [dayEnd.total, dayEnd.received_total, dayEnd.non_cash_total, dayEnd.invoice_total].map(right),
        ],
      },
      margin: [0, 0, 0, 8],
    },
    {
      columns: [
        {
          stack: [
            { text: '实收（按付款方式）', bold: true, margin: [0, 0, 0, 2] },
            {
              table: {
                widths: ['*', 80],
                body: [head(['付款方式', '金额']), ...received.map((m) => [m.name, right(m.amount)])],
              },
            },
            { text: '实收（按收入类别）', bold: true, margin: [0, 6, 0, 2] },
            {
              table: {
                widths: ['*', 80],
                body: [head(['类别', '金额']), ...dayEnd.by_income.map((m) => [m.label, right(m.amount)])],
              },
            },
          ],
        },
        {
          stack: [
            { text: '非现金（不计入实收）', bold: true, margin: [0, 0, 0, 2] },
            {
              table: {
                widths: ['*', 80],
                body: [head(['付款方式', '金额']), ...nonCash.map((m) => [m.name, right(m.amount)])],
              },
            },
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 8],
    },
  ];
  if (invoices.length) {
    content.push(
      { text: '发票明细', bold: true, margin: [0, 0, 0, 2] },
      {
        table: {
          headerRows: 1,
          widths: [110, '*', 60, 80],
          body: [
            head(['发票号', '抬头', '计入', '金额']),
            ...invoices.map((i) => [
              i.invoice_no,
              i.title,
              i.counted_as === 'issued' ? '开票' : '作废',
              right(i.amount),
            ]),
          ],
        },
        margin: [0, 0, 0, 8],
      },
    );
  }
  content.push(
    { text: `收费明细（共${dayEnd.line_count}笔）`, bold: true, margin: [0, 0, 0, 2] },
    {
      table: {
        headerRows: 1,
        widths: [90, 60, 40, 60, '*', 70],
        body: [
          head(['时间', '类别', '类型', '付款方式', '体检号/卡号', '金额']),
          ...lines.map((l) => [
            cst(l.paid_at),
            PAYMENT_PURPOSE_LABELS[l.purpose as PaymentPurpose] ?? l.purpose,
            PAYMENT_KIND_LABELS[l.kind as PaymentKind] ?? l.kind,
            PAY_METHOD_NAMES[l.pay_method as PayMethod] ?? l.pay_method,
            l.order_id ?? l.card_no ?? '',
            right(l.amount),
          ]),
        ],
      },
      fontSize: 8,
    },
  );
  if (dayEnd.line_count > lines.length) {
    content.push({ text: `仅打印前${lines.length}笔，其余明细请在系统中查看。`, fontSize: 8, margin: [0, 4, 0, 0] });
  }
  content.push({ text: '收费员签字：            财务签字：', margin: [0, 16, 0, 0] });
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [28, 28, 28, 28],
    compress: options.compress ?? true,
    info: { title: `收费员日结单 ${dayEnd.day_end_no}`, subject: '收费员日结单' },
    defaultStyle: { font: PDF_FONT, fontSize: 10 },
    content,
  });
}
