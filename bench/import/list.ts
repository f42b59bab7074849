import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { GROUP_LIST_COLUMNS, idNumberCheckChar } from '@checkup/api-contract';
import { rng } from '../shared/random.js';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍建国红梅志文辉鹏飞';
const DEPTS = ['生产部', '质检部', '行政部', '销售部', '仓储部', '研发部'];

/**
 * A 健康 list of `rows` distinct people, as a company sends it: 18-digit ID numbers with their check
 * character, born 1961–2004 (a sixth over 50), a mobile each, a department and a 工号; married or not.
 */
export async function healthList(rows: number, seed: number): Promise<Buffer> {
  const random = rng(seed);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('名单');
  const columns = GROUP_LIST_COLUMNS.health;
  sheet.addRow(columns.map((c) => c.title)).commit();
  for (let i = 0; i < rows; i += 1) {
    const year = 1961 + Math.floor(random() * 44);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const birthday = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const male = random() < 0.5;
    // The sequence (3 digits) and the area code spread the numbers: each row is a different person.
    const area = 110101 + Math.floor(i / 500);
    const sequence = ((i % 500) * 2 + (male ? 1 : 0)) % 1000;
    const body = `${area}${birthday.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
    const name =
      SURNAMES[Math.floor(random() * SURNAMES.length)]! +
      GIVEN[Math.floor(random() * GIVEN.length)]! +
      (random() < 0.6 ? GIVEN[Math.floor(random() * GIVEN.length)]! : '');
    const cells: Record<string, string> = {
      cust_name: name,
      id_card: body + idNumberCheckChar(body),
      sex: male ? '男' : '女',
      birthday,
      phone: `13${String(100000000 + i).slice(0, 9)}`,
      marital: random() < 0.6 ? '已婚' : '未婚',
      dept_name: DEPTS[Math.floor(random() * DEPTS.length)]!,
      employee_no: `E${String(i + 1).padStart(6, '0')}`,
    };
    sheet.addRow(columns.map((c) => cells[c.key] ?? '')).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
