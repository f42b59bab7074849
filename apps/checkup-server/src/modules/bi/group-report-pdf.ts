import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  GROUP_REPORT_OCCUPATIONAL_NOTE,
  GROUP_REPORT_STATE_LABELS,
  type GroupReportRow,
  type GroupReportSnapshot,
} from '@checkup/api-contract';
import { PDF_FONT, renderPdf } from '../../lib/pdf.js';
import { barChart } from './group-report-chart.js';

const head = (titles: string[]): TableCell[] => titles.map((text) => ({ text, bold: true }));
const num = (n: number | string): TableCell => ({ text: String(n), alignment: 'right' });
const cst = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

function section(title: string): Content {
  return { text: title, fontSize: 13, bold: true, margin: [0, 12, 0, 4] };
}

function grid(widths: (number | string)[], titles: string[], rows: TableCell[][]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [
        head(titles),
        ...(rows.length ? rows : [[{ text: '无', colSpan: titles.length }, ...titles.slice(1).map(() => '')]]),
      ],
    },
    fontSize: 8,
    margin: [0, 0, 0, 4],
  };
}

/**
 * 阳性名单 on paper: one row per person with their positive conclusions (the screen and its Excel keep
 * a row per conclusion with its advice). A 2,000-person order stays a few dozen pages, laid out in
 * seconds (bench:bi times it).
 */
function positivesByPerson(s: GroupReportSnapshot) {
  const people = new Map<
    string,
    { order_id: string; name: string; sex: string; age: number | string; diag_names: string[] }
  >();
  for (const p of s.positives) {
    const person = people.get(p.order_id) ?? {
      order_id: p.order_id,
      name: p.name,
      sex: p.sex,
      age: p.age,
      diag_names: [],
    };
    if (!person.diag_names.includes(p.diag_name)) person.diag_names.push(p.diag_name);
    people.set(p.order_id, person);
  }
  return [...people.values()];
}

/**
 * 团检报告 as a PDF (breadth §4.3 打印): the definition, each analysis table and its chart; 完成情况
 * lists the people not yet finished (未检项目, 总检 or 打印 outstanding) and counts the rest.
 */
export function buildGroupReportPdf(
  report: GroupReportRow,
  s: GroupReportSnapshot,
  options: { hospitalName: string; compress?: boolean },
): Promise<Buffer> {
  const unfinished = s.completion.filter((c) => c.pending_items.length > 0 || !c.chief_done || !c.printed);
  const content: Content[] = [
    { text: options.hospitalName, fontSize: 12 },
    {
      text: `${report.company_name} 团体健康检查报告`,
      fontSize: 18,
      bold: true,
      alignment: 'center',
      margin: [0, 4, 0, 8],
    },
    {
      columns: [
        `样本名称：${report.sample_name}`,
        `订单：${report.order_no} ${report.order_name}`,
        `登记日期：${report.date_from} 至 ${report.date_to}`,
      ],
    },
    {
      columns: [
        `分中心：${report.branch_name ?? ''}`,
        `状态：${GROUP_REPORT_STATE_LABELS[report.state]}`,
        `生成时间：${cst(s.generated_at)}`,
      ],
      margin: [0, 2, 0, 0],
    },
    section('一、人员构成'),
    grid(
      ['*', 60, 60, 60],
      ['类型', '男', '女', '合计'],
      s.people.map((p) => [p.label, num(p.male), num(p.female), num(p.total)]),
    ),
    section('二、年龄分布'),
    grid(
      ['*', 50, 50, 50, 50],
      ['年龄段', '男', '女', '合计', '%'],
      s.ages.map((a) => [a.label, num(a.male), num(a.female), num(a.total), num(a.percent)]),
    ),
    barChart(
      '年龄分布',
      s.ages.map((a) => ({ label: a.label, parts: [a.male, a.female] })),
      ['男', '女'],
    ),
    section('三、登记日期分布'),
    grid(
      ['*', 60, 60, 60],
      ['登记日期', '男', '女', '合计'],
      s.dates.map((d) => [d.date, num(d.male), num(d.female), num(d.total)]),
    ),
    barChart(
      '登记日期分布',
      s.dates.map((d) => ({ label: d.date, parts: [d.male, d.female] })),
      ['男', '女'],
    ),
    section('四、检出情况'),
    grid(
      ['*', 40, 40, 40, 50, 40],
      ['结论', '男', '女', '检出人数', '总体人数', '检出率%'],
      s.findings.map((f) => [f.diag_name, num(f.male), num(f.female), num(f.total), num(f.population), num(f.percent)]),
    ),
    barChart(
      '检出人数（前20）',
      s.findings.slice(0, 20).map((f) => ({ label: f.diag_name, parts: [f.male, f.female] })),
      ['男', '女'],
    ),
    section('五、收费项目参检情况'),
    grid(
      ['*', 40, 40, 40, 50, 40],
      ['收费项目', '应检', '参检男', '参检女', '参检合计', '比例%'],
      s.items.map((i) => [i.union_name, num(i.ordered), num(i.male), num(i.female), num(i.total), num(i.percent)]),
    ),
    section('六、阳性名单'),
    grid(
      [80, 50, 24, 24, '*'],
      ['体检号', '姓名', '性别', '年龄', '阳性结论'],
      positivesByPerson(s).map((p) => [p.order_id, p.name, p.sex, num(p.age), p.diag_names.join('、')]),
    ),
    section(`七、完成情况（已完成 ${s.completion.length - unfinished.length} 人，未完成 ${unfinished.length} 人）`),
    grid(
      [80, 50, 60, '*', 30, 30],
      ['体检号', '姓名', '状态', '未检项目', '总检', '打印'],
      unfinished.map((c) => [
        c.order_id,
        c.name,
        c.status_label,
        c.pending_items.join('、'),
        c.chief_done ? '是' : '否',
        c.printed ? '是' : '否',
      ]),
    ),
    section('八、职业健康（危害因素、人员一览、复查情况）'),
    { text: GROUP_REPORT_OCCUPATIONAL_NOTE, color: '#888888' },
  ];
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [28, 28, 28, 28],
    compress: options.compress ?? true,
    info: { title: `${report.company_name} 团检报告`, subject: '团检报告' },
    defaultStyle: { font: PDF_FONT, fontSize: 10 },
    content,
  });
}
