import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOM_REPORT_MESSAGES as M,
  customReportEnableRoute,
  customReportExportRoute,
  customReportListRoute,
  customReportRemoveRoute,
  customReportRunRoute,
  customReportSaveRoute,
  errorCatalogue,
  type CustomReportRow,
} from '@checkup/api-contract';
import { auditLog, orderUnions, roles, unions } from '../src/db/schema.js';
import { readOnly } from '../src/modules/bi/custom-report-query.js';
import { refreshStatistics } from '../src/modules/bi/refresh.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, callerFor } from './support/domain.js';

/**
 * 自定义报表 (issue 24, breadth §4.8): a definition is checked against the view catalogue when saved,
 * runs only for the roles it names, answers exact figures with its parameters and aggregates, never
 * lets a value or a name become SQL, and exports the same rows.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let manager: ReturnType<typeof callerFor>;
  let runner: ReturnType<typeof callerFor>;
  let runnerRoleId: number;

  const DAY1 = '2026-03-15';
  const DAY2 = '2026-03-16';

  beforeAll(async () => {
    manager = callerFor(
      server,
      await staffSession(db(), 'rpt_manager', ['bi/customized_rpt', 'bi/customized_rpt:manage']),
    );
    runner = callerFor(server, await staffSession(db(), 'rpt_runner', ['bi/customized_rpt']));
    const [role] = await db().select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 't_rpt_runner'));
    runnerRoleId = role!.id;

    const { deptId } = await addDept(db(), '自定义报表科');
    const unionId = async (code: string) => {
      const [row] = await db()
        .insert(unions)
        .values({ unionCode: code, unionName: `项目${code}`, deptId, price: '100.00' })
        .returning({ id: unions.id });
      return row!.id;
    };
    const [u1, u2] = [await unionId('RPT-1'), await unionId('RPT-2')];
    const visit = async (name: string, examDate: string, lines: [number, string, string][], confidential = false) => {
      const orderId = await addOrder(db(), { status: 'registered', examDate, name, confidential });
      for (const [union, listPrice, price] of lines)
        await db().insert(orderUnions).values({ orderId, unionId: union, deptId, listPrice, price, origin: 'package' });
      return orderId;
    };
    await visit('张三丰', DAY1, [
      [u1, '100.00', '80.00'],
      [u2, '50.50', '45.25'],
    ]);
    await visit('李四', DAY1, [[u1, '200.00', '150.01']], true);
    await visit('王五', DAY2, [[u2, '30.00', '30.00']]);
    await refreshStatistics(db(), { full: true });
  });

  const definition = (extra: Record<string, unknown> = {}) => {
    const def: Record<string, unknown> = {
      name: '每日人次',
      view: 'rpt_visits',
      columns: ['exam_date', 'masked_name', 'price_total'],
      params: [{ column: 'exam_date', operator: 'between', label: '登记日期', required: true }],
      aggregates: [],
      sort: [{ column: 'price_total', desc: true }],
      role_ids: [],
      ...extra,
    };
    return Object.fromEntries(
      Object.entries(def).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ) as Record<string, string>;
  };

  const save = async (extra: Record<string, unknown> = {}) => {
    const res = await manager.post(customReportSaveRoute.path, definition(extra));
    return res.json() as { status: number; msg: string; data: CustomReportRow };
  };

  const run = (caller: ReturnType<typeof callerFor>, id: number, params: unknown, page = {}) =>
    caller.get(customReportRunRoute.path, { id, params: JSON.stringify(params), ...page });

  describe('saving a definition', () => {
    it('refuses in Chinese an unknown column, no columns, a duplicate name, a sum of text and a foreign sort', async () => {
      expect((await save({ name: '未知列', columns: ['cust_id_card'] })).msg).toBe(M.unknownColumn('cust_id_card'));
      expect((await save({ name: '空列', columns: [] })).msg).toBe(M.noColumns);
      expect((await save({ name: '文本求和', aggregates: [{ fn: 'sum', column: 'masked_name' }] })).msg).toBe(
        M.sumKind('姓名'),
      );
      expect((await save({ name: '排序', sort: [{ column: 'age', desc: false }] })).msg).toBe(M.sortColumn('age'));
      expect((await save({ name: '视图', view: 'users' })).msg).toBe(M.view);
      const first = await save({ name: '重复名称' });
      expect(first.status).toBe(200);
      expect((await save({ name: '重复名称' })).msg).toBe(M.duplicateName('重复名称'));
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'custom_report_save'));
      expect(audit.map((a) => a.target)).toContain(String(first.data.id));
    });

    it('is kept by 管理自定义报表 only', async () => {
      const res = await runner.post(customReportSaveRoute.path, definition({ name: '越权' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(errorCatalogue.FORBIDDEN.msg);
    });
  });

  describe('running', () => {
    let detail: CustomReportRow;
    let summary: CustomReportRow;

    beforeAll(async () => {
      detail = (await save({ name: '人次明细', role_ids: [runnerRoleId] })).data;
      summary = (
        await save({
          name: '每日汇总',
          columns: ['exam_date'],
          aggregates: [{ fn: 'count' }, { fn: 'sum', column: 'price_total' }, { fn: 'sum', column: 'list_total' }],
          sort: [{ column: 'exam_date', desc: false }],
          params: [
            { column: 'exam_date', operator: 'between', label: '登记日期', required: true },
            { column: 'masked_name', operator: 'like', label: '姓名', required: false },
          ],
        })
      ).data;
    });

    it('lists the chosen columns with the parameters, masked names, money to the fen', async () => {
      const res = await run(runner, detail.id, { 0: [DAY1, DAY1] });
      expect(res.json().status, res.body).toBe(200);
      const data = res.json().data;
      expect(data.columns.map((c: { title: string }) => c.title)).toEqual(['登记日期', '姓名', '优惠价']);
      expect(data.total).toBe(2);
      expect(data.list).toEqual([
        { exam_date: DAY1, masked_name: '***', price_total: '150.01' },
        { exam_date: DAY1, masked_name: '张**', price_total: '125.25' },
      ]);
      const paged = await run(runner, detail.id, { 0: [DAY1, DAY2] }, { page: 2, size: 2 });
      expect(paged.json().data.list).toEqual([{ exam_date: DAY2, masked_name: '王*', price_total: '30.00' }]);
    });

    it('groups by the chosen columns with count and exact sums', async () => {
      const res = await run(manager, summary.id, { 0: [DAY1, DAY2] });
      expect(res.json().status, res.body).toBe(200);
      expect(res.json().data.list).toEqual([
        { exam_date: DAY1, count: 2, sum_price_total: '275.26', sum_list_total: '350.50' },
        { exam_date: DAY2, count: 1, sum_price_total: '30.00', sum_list_total: '30.00' },
      ]);
      expect(res.json().data.columns.map((c: { title: string }) => c.title)).toEqual([
        '登记日期',
        '计数',
        '优惠价合计',
        '原价合计',
      ]);
    });

    it('enforces a required parameter and checks a value against its column', async () => {
      expect((await run(manager, summary.id, {})).json().msg).toBe(M.required('登记日期'));
      expect((await run(manager, summary.id, { 0: ['2026-03-15', 'tomorrow'] })).json().msg).toBe(
        M.badValue('登记日期'),
      );
    });

    it('runs only for the roles named: the list hides the others and a run is refused', async () => {
      const listed = (await runner.get(customReportListRoute.path)).json().data as CustomReportRow[];
      expect(listed.map((r) => r.name)).toEqual(['人次明细']);
      const all = (await manager.get(customReportListRoute.path)).json().data as CustomReportRow[];
      expect(all.map((r) => r.name)).toEqual(expect.arrayContaining(['人次明细', '每日汇总', '重复名称']));
      const refused = await run(runner, summary.id, { 0: [DAY1, DAY2] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe(M.notAllowed);
      await manager.post(customReportEnableRoute.path, { id: detail.id, enabled: '0' });
      expect((await runner.get(customReportListRoute.path)).json().data).toEqual([]);
      expect((await run(runner, detail.id, { 0: [DAY1, DAY1] })).json().msg).toBe(M.disabled);
      await manager.post(customReportEnableRoute.path, { id: detail.id, enabled: '1' });
    });

    it('keeps an injection attempt harmless: a value stays a value, a name outside the catalogue is refused', async () => {
      const like = await run(manager, summary.id, { 0: [DAY1, DAY2], 1: "张' or 1=1 --" });
      expect(like.json().status, like.body).toBe(200);
      expect(like.json().data.list).toEqual([]);
      const quote = await run(manager, summary.id, { 0: ["2026-03-15' or '1'='1", DAY2] });
      expect(quote.json().msg).toBe(M.badValue('登记日期'));
      const injected = 'price_total" from users; --';
      expect((await save({ name: '注入', columns: [injected] })).msg).toBe(M.unknownColumn(injected));
      expect((await save({ name: '注入2', sort: [{ column: '1; drop table users', desc: false }] })).msg).toBe(
        M.sortColumn('1; drop table users'),
      );
      const stillThere = await run(manager, detail.id, { 0: [DAY1, DAY2] });
      expect(stillThere.json().data.total).toBe(3);
    });

    it('reads in a READ ONLY transaction: a write inside it is refused by the database', async () => {
      await expect(readOnly(db(), (tx) => tx.execute(sql`delete from custom_reports`))).rejects.toThrow();
      expect((await run(manager, detail.id, { 0: [DAY1, DAY1] })).json().data.total).toBe(2);
    });

    it('exports the rows as .xlsx with the Chinese titles and money as numbers', async () => {
      const res = await runner.get(customReportExportRoute.path, {
        id: detail.id,
        params: JSON.stringify({ 0: [DAY1, DAY2] }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('人次明细'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      expect(rows.map((r) => r.slice(1))).toEqual([
        ['登记日期', '姓名', '优惠价'],
        [DAY1, '***', 150.01],
        [DAY1, '张**', 125.25],
        [DAY2, '王*', 30],
      ]);
    });

    it('removes a definition with an audit row', async () => {
      const res = await manager.post(customReportRemoveRoute.path, { id: summary.id });
      expect(res.json().status, res.body).toBe(200);
      expect((await run(manager, summary.id, { 0: [DAY1, DAY2] })).json().msg).toBe(M.notFound);
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'custom_report_remove'));
      expect(audit.map((a) => a.target)).toEqual([String(summary.id)]);
    });
  });
});
