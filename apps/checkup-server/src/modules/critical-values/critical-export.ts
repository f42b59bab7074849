import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import {
  AppError,
  CRITICAL_EXPORT_MAX_ROWS,
  CRITICAL_LEVEL_LABELS,
  CRITICAL_SOURCE_LABELS,
  CRITICAL_STATUS_LABELS,
  XLSX_TYPE,
  criticalValueExportRoute,
  type CriticalValueRow,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { CST_OFFSET_MS, todayCst } from '../../lib/hospital-day.js';
import type { PersonalData } from '../people/personal-data.js';
import { criticalValuesForExport } from './critical-repository.js';
import { searchOf, toRow } from './critical-row.js';

/** A time as the centre reads it (China Standard Time), whatever the server's zone. */
const centreTime = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + CST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '';

/** The three stages side by side, as the screen shows them (issue 20). */
const COLUMNS: { title: string; width: number; value: (r: CriticalValueRow) => string }[] = [
  { title: '状态', width: 8, value: (r) => CRITICAL_STATUS_LABELS[r.status] },
  { title: '体检号', width: 16, value: (r) => r.order_id },
  { title: '姓名', width: 10, value: (r) => r.cust_name },
  { title: '性别', width: 6, value: (r) => (r.sex === '1' ? '男' : '女') },
  { title: '年龄', width: 6, value: (r) => String(r.age) },
  { title: '科室', width: 12, value: (r) => r.dept_name },
  { title: '项目', width: 14, value: (r) => r.item_name },
  { title: '结果', width: 12, value: (r) => `${r.result_value}${r.unit ? ` ${r.unit}` : ''}` },
  { title: '危急程度', width: 8, value: (r) => CRITICAL_LEVEL_LABELS[r.level] },
  { title: '来源', width: 12, value: (r) => CRITICAL_SOURCE_LABELS[r.source] },
  { title: '描述', width: 24, value: (r) => r.description ?? '' },
  { title: '提报人', width: 10, value: (r) => r.raised_by_name ?? '' },
  { title: '提报时间', width: 17, value: (r) => centreTime(r.created_at) },
  { title: '通知人', width: 10, value: (r) => r.notified_by_name ?? '' },
  { title: '被通知人（关系，方式）', width: 24, value: (r) => r.notified_person ?? '' },
  { title: '通知时间', width: 17, value: (r) => centreTime(r.notified_at) },
  { title: '处理专家', width: 10, value: (r) => r.handled_by_name ?? '' },
  { title: '处理意见', width: 30, value: (r) => r.note ?? '' },
  { title: '处理时间', width: 17, value: (r) => centreTime(r.handled_at) },
];

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * 导出: the filtered list as .xlsx, names masked as the list shows them. A filtered list is small (a
 * day, a department); past CRITICAL_EXPORT_MAX_ROWS the user is asked to narrow it rather than given a
 * file that silently lacks rows. Audited: the file carries examinees' names.
 */
export function serveCriticalExport(app: FastifyInstance, db: Db, personalData: PersonalData) {
  const route = criticalValueExportRoute;
  app.get(route.path, { config: { access: route.access } }, async (request, reply) => {
    const parsed = route.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const user = request.user as UserInfo;
    const search = searchOf(parsed.data, user, personalData);
    const records = await criticalValuesForExport(db, search, CRITICAL_EXPORT_MAX_ROWS);
    if (records.length > CRITICAL_EXPORT_MAX_ROWS) {
      throw new AppError('VALIDATION', `导出的危急值超过${CRITICAL_EXPORT_MAX_ROWS}条，请缩小日期范围后再导出`);
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('危急值');
    sheet.columns = COLUMNS.map((c) => ({ header: c.title, width: c.width }));
    for (const record of records) {
      const row = toRow(user, record);
      sheet.addRow(COLUMNS.map((c) => c.value(row)));
    }
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    await db.insert(auditLog).values({
      action: 'critical_export',
      userId: user.id,
      userAccount: user.user_account,
      detail: { rows: records.length, status: parsed.data.status ?? null, date_from: parsed.data.date_from ?? null },
      ip: request.ip,
    });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', attachment(`危急值-${todayCst()}.xlsx`))
      .send(body);
  });
}
