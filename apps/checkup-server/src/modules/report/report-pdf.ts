import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  ABNORMAL_ARROWS,
  AppError,
  DICTIONARIES,
  ORDER_STATUS_LABELS,
  REPORT_NOT_READY_MESSAGE,
  isOrderStatus,
  maskIdNumber,
  maskName,
  suitOfExamType,
  type DocumentLayout,
  type ExamineeField,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { CM, code128, PDF_FONT, pdfDisposition, renderPdf } from '../../lib/pdf.js';
import { readGlobalConfig } from '../commondata/global-config.js';
import type { PersonalData } from '../people/personal-data.js';
import { readDefaultLayout } from '../self-template/default-template.js';
import {
  embeddableImage,
  examineeTable,
  layoutBlocks,
  sectionHeading,
  type SectionPrinter,
} from '../self-template/print-layout.js';
import { isReportReady, readReportData, type ReportData, type ReportDept } from './report-data.js';

export interface ReportPdfOptions {
  hospitalName: string;
  /** The hospital's logo (单位信息), on the cover when the template asks for it. */
  logo: string | null;
  /** The default 体检报告 template. */
  layout: DocumentLayout;
  /** Uncompressed streams, so that tests can read the text back. */
  compress?: boolean;
}

const SEX_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.sex.map((e) => [e.code, e.name]));
const EXAM_TYPE_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.exam_type.map((e) => [e.code, e.name]));
const STEP_NAMES: Record<string, string> = { first: '初审', main: '主审', final: '终审' };

/** Spec §5: a confidential examinee's name is not spelled out on paper that leaves the centre. */
const printedName = (data: ReportData) => (data.specialFlag === '1' ? maskName(data.custName) : data.custName);

/** The template's hospital name, or 单位信息's when it leaves it blank. */
const hospitalNameOf = (options: ReportPdfOptions) => options.layout.header.hospital_name || options.hospitalName;

const day = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(at);

const logoContent = (logo: string): Content => ({
  image: logo,
  fit: [80, 80],
  alignment: 'center',
  margin: [0, 40, 0, 0],
});

function cover(data: ReportData, options: ReportPdfOptions, barcode: string): Content {
  const { header } = options.layout;
  const logo = header.show_logo ? embeddableImage(options.logo) : null;
  const line = (label: string, value: string): TableCell[] => [
    { text: label, bold: true, alignment: 'right' },
    { text: value || '—' },
  ];
  return {
    stack: [
      ...(logo ? [logoContent(logo)] : []),
      { text: hospitalNameOf(options), fontSize: 16, alignment: 'center', margin: [0, logo ? 16 : 90, 0, 16] },
      { text: header.title, fontSize: 32, bold: true, alignment: 'center', margin: [0, 0, 0, 60] },
      {
        table: {
          widths: ['*', 70, 200, '*'],
          body: [
            ['姓　　名', printedName(data)],
            ['体 检 号', data.orderId],
            ['体检日期', data.examDate],
            ['体检套餐', data.packageName ?? '（无）'],
            ['单　　位', data.companyName ?? '个人'],
          ].map(([label, value]) => [{ text: '' }, ...line(label!, value!), { text: '' }]),
        },
        layout: 'noBorders',
        fontSize: 13,
      },
      { image: barcode, width: 6 * CM, alignment: 'center', margin: [0, 50, 0, 0] },
    ],
    pageBreak: 'after',
  };
}

function examineeValues(data: ReportData): Record<ExamineeField, string> {
  return {
    cust_name: printedName(data),
    sex: SEX_NAMES[data.sex] ?? '',
    age: `${data.age}岁`,
    order_id: data.orderId,
    id_card: data.idCard ? maskIdNumber(data.idCard) : '',
    exam_date: data.examDate,
    exam_type: EXAM_TYPE_NAMES[data.examType] ?? data.examType,
    package_name: data.packageName ?? '（无）',
    company_name: data.companyName ?? '个人',
  };
}

function diagnosisList(diagnoses: { name: string; advice: string }[]): Content {
  if (diagnoses.length === 0) return { text: '未发现明显异常。' };
  return {
    ol: diagnoses.map((d) => ({
      stack: [{ text: d.name, bold: true }, ...(d.advice ? [{ text: `建议：${d.advice}`, color: '#333' }] : [])],
      margin: [0, 0, 0, 4],
    })),
  };
}

function deptSection(dept: ReportDept): Content[] {
  const header = ['检查项目', '结果', '提示', '单位', '参考范围'].map((t) => ({ text: t, bold: true }));
  const rows: TableCell[][] = dept.results.map((r) => {
    const abnormal = r.flag !== '';
    return [
      `${r.itemName}`,
      { text: r.value, bold: abnormal, color: abnormal ? '#c00' : undefined },
      { text: ABNORMAL_ARROWS[r.flag], color: '#c00', alignment: 'center' },
      r.unit ?? '',
      r.refRange ?? '',
    ];
  });
  // Issue 19: a line not examined is listed by name with 弃检 / 拒检 / 迟检, never as a blank.
  for (const line of dept.notExamined) {
    rows.push([line.unionName, { text: line.label, color: '#666' }, '', '', '']);
  }
  const content: Content[] = [{ text: dept.deptName, style: 'dept' }];
  if (rows.length > 0) {
    content.push({
      table: { headerRows: 1, widths: [120, '*', 28, 60, 80], body: [header, ...rows] },
      layout: 'lightHorizontalLines',
    });
  }
  // A department with nothing examined has no findings to sum up.
  const nothingExamined = dept.results.length === 0 && dept.notExamined.length > 0;
  if (!nothingExamined || dept.summaries.length > 0) {
    content.push({
      text: [{ text: '小结：', bold: true }, dept.summaries.length ? dept.summaries.join('；') : '未见异常'],
      margin: [0, 4, 0, 0],
    });
  }
  for (const d of dept.diagnoses) {
    content.push({ text: [{ text: '诊断：', bold: true }, d.name, d.advice ? `（建议：${d.advice}）` : ''] });
  }
  return content;
}

function signatures(data: ReportData): Content {
  const cells: TableCell[] = ['first', 'main', 'final'].map((step) => {
    const signed = data.signatures.find((s) => s.step === step);
    const text = `${STEP_NAMES[step]}医生：${signed ? `${signed.reviewerName}  ${day(signed.signedAt)}` : '—'}`;
    // The signature image of the account (账号管理) under the printed name, when it has one.
    const image = embeddableImage(signed?.signatureImage ?? null);
    return image ? { stack: [{ text }, { image, fit: [120, 40], margin: [0, 4, 0, 0] }] } : { text };
  });
  return { table: { widths: ['*', '*', '*'], body: [cells] }, layout: 'noBorders', margin: [0, 16, 0, 0] };
}

/** The report's sections, each printed under the title its template gives it. */
function sectionPrinter(data: ReportData, options: ReportPdfOptions, barcode: string): SectionPrinter {
  // 总检's conclusion grid: every department's and 总检's own, in its order, without the hidden ones.
  const diagnoses = data.diagnoses;
  const printers: Record<string, (title: string) => Content[]> = {
    cover: () => [cover(data, options, barcode)],
    examinee: (t) => [sectionHeading(t), examineeTable(options.layout, examineeValues(data))],
    conclusion: (t) => [sectionHeading(t), { text: data.conclusion?.trim() || '（无）' }],
    advice: (t) => [sectionHeading(t), { text: data.advice?.trim() || '（无）' }],
    diagnoses: (t) => [sectionHeading(t), diagnosisList(diagnoses)],
    results: (t) => [sectionHeading(t, { pageBreak: 'before' }), ...data.depts.flatMap(deptSection)],
    signatures: (t) => [sectionHeading(t), signatures(data)],
  };
  return (section) => printers[section.key]?.(section.title) ?? [];
}

/** The exam report (体检报告) of a visit as a PDF laid out by the default 体检报告 template (issue 8 print_rpt). */
export async function buildReportPdf(data: ReportData, options: ReportPdfOptions): Promise<Buffer> {
  const barcode = await code128(data.orderId);
  const { layout } = options;
  const title = layout.header.title;
  const doc: TDocumentDefinitions = {
    pageSize: layout.page_size,
    pageMargins: [40, 50, 40, 50],
    compress: options.compress ?? true,
    info: { title: `${title} ${data.orderId}`, subject: title },
    defaultStyle: { font: PDF_FONT, fontSize: layout.font_size },
    styles: {
      section: { fontSize: layout.font_size + 3, bold: true, margin: [0, 12, 0, 6] },
      dept: { fontSize: layout.font_size + 1, bold: true, margin: [0, 10, 0, 4] },
    },
    header: (page) =>
      page === 1
        ? ''
        : {
            columns: [
              { text: hospitalNameOf(options), fontSize: 8 },
              { text: `${printedName(data)}  ${data.orderId}`, fontSize: 8, alignment: 'right' },
            ],
            margin: [40, 20, 40, 0],
          },
    footer: (page, pages) => ({
      text: `第 ${page} 页 / 共 ${pages} 页`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 20, 0, 0],
    }),
    content: [
      ...(await layoutBlocks(layout, sectionPrinter(data, options, barcode))),
      { image: barcode, width: 4 * CM, margin: [0, 12, 0, 0] },
    ],
  };
  return renderPdf(doc);
}

/** Refuses a visit whose final review has not passed, naming where it stands. */
export function assertReportReady(status: string): void {
  if (isReportReady(status)) return;
  const label = isOrderStatus(status) ? `（当前状态：${ORDER_STATUS_LABELS[status]}）` : '';
  throw new AppError('ILLEGAL_TRANSITION', `${REPORT_NOT_READY_MESSAGE}${label}`);
}

/** What a report PDF is built from, read from the database; refused unless the final review passed. */
export async function readReportInput(
  db: Db,
  personalData: PersonalData,
  orderId: string,
): Promise<{ data: ReportData; options: ReportPdfOptions }> {
  const data = await readReportData(db, personalData, orderId);
  if (!data) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  assertReportReady(data.status);
  const config = await readGlobalConfig(db);
  return {
    data,
    options: {
      hospitalName: config.hospital.name ?? '体检中心',
      logo: config.hospital.logo,
      layout: await readDefaultLayout(db, 'exam_report', suitOfExamType(data.examType)),
    },
  };
}

/**
 * One visit's report as a PDF, for staff printing and the self-print kiosk alike: refused unless
 * its final review passed. Whether the caller may see the examinee is the caller's check.
 */
export async function renderReportPdf(
  db: Db,
  personalData: PersonalData,
  orderId: string,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const input = await readReportInput(db, personalData, orderId);
  return buildReportPdf(input.data, { ...input.options, compress: options.compress });
}

export const reportDisposition = (orderId: string) =>
  pdfDisposition(`report-${orderId}.pdf`, `体检报告-${orderId}.pdf`, 'inline');
