import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { INVOICE_KIND_LABELS, INVOICE_SCOPE_LABELS, type InvoiceKind, type InvoiceRow } from '@checkup/api-contract';
import { PDF_FONT, renderPdf } from '../../lib/pdf.js';

/** 发票/收据 (breadth §3.2 补打/重打): the number, title, what it is for and the amount, on A5. */
export function buildInvoicePdf(row: InvoiceRow, options: { hospitalName: string; compress?: boolean }) {
  const kind = INVOICE_KIND_LABELS[row.kind as InvoiceKind];
  const source = row.order_id
    ? `体检号 ${row.order_id}`
    : row.card_no
      ? `体检卡 ${row.card_no}`
      : `团检订单 ${row.group_order_no ?? ''} ${row.company_name ?? ''}`;
  const doc: TDocumentDefinitions = {
    pageSize: 'A5',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 28],
    compress: options.compress ?? true,
    info: { title: `${kind} ${row.invoice_no}`, subject: kind },
    defaultStyle: { font: PDF_FONT, fontSize: 11 },
    content: [
      { text: options.hospitalName, fontSize: 12 },
      { text: kind, fontSize: 20, bold: true, alignment: 'center', margin: [0, 4, 0, 10] },
      {
        table: {
          widths: [80, '*', 80, '*'],
          body: [
            ['号码', row.invoice_no, '类别', INVOICE_SCOPE_LABELS[row.scope] ?? row.scope],
            ['抬头', { text: row.title, colSpan: 3 }, '', ''],
            ['税号', row.tax_no ?? '', '开票时间', row.issued_at],
            ['项目', { text: `体检费（${source}）`, colSpan: 3 }, '', ''],
            ['金额（元）', { text: row.amount, bold: true }, '开票人', row.issued_by_name ?? ''],
          ],
        },
      },
      row.state === 'voided' ? { text: '已作废', color: 'red', fontSize: 16, margin: [0, 10, 0, 0] } : '',
      { text: `第${row.print_count}次打印`, fontSize: 8, alignment: 'right', margin: [0, 10, 0, 0] },
    ],
  };
  return renderPdf(doc);
}
