import ExcelJS from 'exceljs';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { XLSX_TYPE, errorCatalogue, type AnyResource } from '@checkup/api-contract';
import type { Db } from '../../src/db/client.js';
import { auditLog } from '../../src/db/schema.js';
import type { TestServer } from './app.js';
import { staffSession } from './access.js';
import { callerFor } from './domain.js';

type Fields = Record<string, string>;

/** What a resource's generated suite needs to know of it (issue 18: one suite per resource). */
export interface ResourceFixture {
  /** A valid form; `n` keeps codes and names unique between calls (a read-only resource has none). */
  valid(n: number): Fields;
  /** A read-only resource (no save, a log): writes the row of `n` as its source would. */
  insert?(db: Db, n: number): Promise<void>;
  /** Refused forms, each with the Chinese message the refusal must carry. */
  invalid: readonly { form: Fields; message: string }[];
  /** A filter that finds the record saved from valid(n), and no other. */
  filterFor(n: number): Fields;
  /** Makes something refer to the record, so that its removal is refused. */
  reference?(db: Db, id: number): Promise<void>;
  /** The same form saved twice is refused as a duplicate (a unique code); default true. */
  unique?: boolean;
}

/** A multipart body as a browser's FormData makes it. */
async function multipart(file: Buffer, name: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)], { type: XLSX_TYPE }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** The first sheet of a downloaded workbook as text cells. */
export async function sheetRows(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

async function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The generated suite of one resource, inside a describeOnEachDatabase: refusal without its screens,
 * the form's messages, insert/update with the version check, paging and filters, enable, removal,
 * the audit rows, and the .xlsx export/import round trip.
 */
export function describeResource(server: TestServer, resource: AnyResource, fixture: ResourceFixture) {
  const { spec, routes } = resource;
  const db = () => server.database.db;
  const has = (action: string) => (spec.actions as readonly string[]).includes(action);
  // A resource without save (a log) has no save tests: they are not declared, rather than skipped.
  const itWhenSaved = (name: string, test: () => Promise<void>) => {
    if (has('save')) it(name, test);
  };
  let serial = 0;
  const next = () => (serial += 1) + 1000 * (1 + Math.floor(Math.random() * 900));
  const keeper = async () =>
    callerFor(server, await staffSession(db(), `${spec.name}_keeper_${next()}`, [spec.screens[0]]));
  /** Makes the record of `n`: saved through the resource, or written as its source would. */
  const make = async (caller: ReturnType<typeof callerFor>, n: number) => {
    if (has('save')) await caller.post(routes.save.path, fixture.valid(n));
    else await fixture.insert!(db(), n);
  };
  const audits = async (action: string) =>
    Number(
      (
        await db()
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.action, action), sql`${auditLog.detail}->>'resource' = ${spec.name}`))
      )[0]!.n,
    );

  describe(`${spec.title} (${spec.name})`, () => {
    it('refuses its writes to a role that only reads it, and every call to a role without its screens', async () => {
      const stranger = callerFor(
        server,
        await staffSession(db(), `${spec.name}_stranger_${next()}`, ['exam_mg/home_page']),
      );
      expect((await stranger.get(routes.list.path)).statusCode).toBe(403);
      const readers = spec.readers ?? [];
      if (readers.length === 0 || !has('save')) return;
      const reader = callerFor(server, await staffSession(db(), `${spec.name}_reader_${next()}`, [readers[0]!]));
      expect((await reader.get(routes.list.path)).json().status).toBe(200);
      for (const write of [routes.save, routes.remove, routes.enable]) {
        const res = await reader.post(write.path, fixture.valid(next()));
        expect([write.path, res.statusCode, res.json().msg]).toEqual([write.path, 403, errorCatalogue.FORBIDDEN.msg]);
      }
    });

    itWhenSaved('refuses an invalid form with its Chinese message and writes nothing', async () => {
      const caller = await keeper();
      const before = await audits('config_save');
      for (const { form, message } of fixture.invalid) {
        const res = await caller.post(routes.save.path, form);
        expect([res.statusCode, res.json().msg]).toEqual([400, message]);
      }
      expect(await audits('config_save')).toBe(before);
    });

    itWhenSaved(
      'saves a new record and changes it at the version read, refusing a stale save with who changed it',
      async () => {
        const caller = await keeper();
        const n = next();
        const before = await audits('config_save');
        const created = await caller.post(routes.save.path, fixture.valid(n));
        expect(created.json()).toMatchObject({ status: 200, data: { version: 1, enabled: true } });
        const row = created.json().data;
        expect((await caller.get(routes.detail.path, { id: row.id })).json().data).toEqual(row);

        const changed = await caller.post(routes.save.path, { ...fixture.valid(n), id: row.id, version: 1 });
        expect(changed.json()).toMatchObject({ status: 200, data: { id: row.id, version: 2 } });
        expect(changed.json().data.updated_by_name).toBeTruthy();
        const stale = await caller.post(routes.save.path, { ...fixture.valid(n), id: row.id, version: 1 });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().msg).toMatch(new RegExp(`^该${spec.title}已被.+于.+修改，请刷新后重试$`));
        expect(await audits('config_save')).toBe(before + 2);

        if (fixture.unique === false) return;
        const duplicate = await caller.post(routes.save.path, fixture.valid(n));
        expect(duplicate.statusCode).toBe(400);
        expect(duplicate.json().msg).toMatch(/已存在$/);
      },
    );

    it('pages and filters its list, and says whether the count was capped', async () => {
      const caller = await keeper();
      const ns = [next(), next(), next()];
      for (const n of ns) await make(caller, n);
      const found = (await caller.get(routes.list.path, fixture.filterFor(ns[1]!))).json().data;
      expect(found).toMatchObject({ total: 1, total_capped: false });
      const firstPage = (await caller.get(routes.list.path, { size: 2, page: 1 })).json().data;
      expect(firstPage.list).toHaveLength(2);
      expect(firstPage.total).toBeGreaterThanOrEqual(3);
      // Chosen records are shown by name: the list answers exactly the ids asked for.
      const ids = firstPage.list.map((r: { id: number }) => r.id);
      const named = (await caller.get(routes.list.path, { ids: ids.join(',') })).json().data;
      expect(named.list.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
    });

    if (has('enable')) {
      it('disables and enables a record, which the enabled filter follows', async () => {
        const caller = await keeper();
        const n = next();
        const { id } = (await caller.post(routes.save.path, fixture.valid(n))).json().data;
        const off = await caller.post(routes.enable.path, { id, enabled: '0' });
        expect(off.json()).toMatchObject({ status: 200, data: { enabled: false, version: 2 } });
        const listed = (await caller.get(routes.list.path, { ...fixture.filterFor(n), enabled: '0' })).json().data;
        expect(listed.total).toBe(1);
        expect((await caller.post(routes.enable.path, { id, enabled: '1' })).json().data.enabled).toBe(true);
      });
    }

    if (has('remove')) {
      it('removes a record nothing uses, and refuses one in use with the reason', async () => {
        const caller = await keeper();
        const free = (await caller.post(routes.save.path, fixture.valid(next()))).json().data;
        const before = await audits('config_remove');
        expect((await caller.post(routes.remove.path, { id: free.id, version: free.version })).json().status).toBe(200);
        expect((await caller.get(routes.detail.path, { id: free.id })).statusCode).toBe(404);
        expect(await audits('config_remove')).toBe(before + 1);
        if (!fixture.reference) return;
        const used = (await caller.post(routes.save.path, fixture.valid(next()))).json().data;
        await fixture.reference(db(), used.id);
        const refused = await caller.post(routes.remove.path, { id: used.id, version: used.version });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().msg).toMatch(new RegExp(`^该${spec.title}已被\\d+个.+使用，不能删除，可改为停用$`));
      });
    }

    if (has('export') && !has('import')) {
      it('exports its rows to .xlsx with their Chinese headers', async () => {
        const caller = await keeper();
        const n = next();
        await make(caller, n);
        const exported = await caller.get(routes.export.path, fixture.filterFor(n));
        expect(exported.headers['content-type']).toBe(XLSX_TYPE);
        const rows = await sheetRows(exported.rawPayload);
        expect(rows[0]).toEqual((spec.excel ?? []).map((c) => c.title));
        expect(rows).toHaveLength(2);
      });
    }

    if (has('export') && has('import')) {
      it('exports its rows to .xlsx and imports them back, all or only the valid ones, with an error report', async () => {
        const caller = await keeper();
        const n = next();
        await caller.post(routes.save.path, fixture.valid(n));
        const exported = await caller.get(routes.export.path, fixture.filterFor(n));
        expect(exported.headers['content-type']).toBe(XLSX_TYPE);
        const rows = await sheetRows(exported.rawPayload);
        const headers = (spec.excel ?? []).map((c) => c.title);
        expect(rows[0]).toEqual(headers);
        expect(rows).toHaveLength(2);

        // The exported row, a new valid one, and a row the form refuses.
        const fresh = next();
        const freshRow = (spec.excel ?? []).map((c) => fixture.valid(fresh)[c.key] ?? '');
        const badForm = { ...fixture.valid(next()), ...fixture.invalid[0]!.form };
        const badRow = (spec.excel ?? []).map((c) => badForm[c.key] ?? '');
        const file = await workbookOf([headers, rows[1]!, freshRow, badRow]);
        const send = async (mode: string) => {
          const body = await multipart(file, `${spec.title}.xlsx`);
          return server.app.inject({
            method: 'POST',
            url: `${routes.import.path}?mode=${mode}`,
            payload: body.payload,
            headers: { 'content-type': body.type, 'x-checkup-token': caller.token },
          });
        };
        const all = (await send('all')).json();
        expect(all, JSON.stringify(all)).toMatchObject({ status: 200, data: { total: 3, imported: 0, failed: 1 } });
        expect((await caller.get(routes.list.path, fixture.filterFor(fresh))).json().data.total).toBe(0);

        // A refusal says its message (twice, under load, a refusal with no message shown: see resource-excel).
        const answer = (await send('valid')).json();
        expect(answer, JSON.stringify(answer)).toMatchObject({
          status: 200,
          data: { total: 3, imported: 2, failed: 1 },
        });
        const valid = answer.data;
        expect((await caller.get(routes.list.path, fixture.filterFor(fresh))).json().data.total).toBe(1);
        const report = await caller.get(routes.importReport.path, { id: valid.report_id });
        const reported = await sheetRows(report.rawPayload);
        expect(reported[0]).toEqual(['行号', ...headers, '错误原因']);
        expect(reported[1]![0]).toBe('4');
        expect(reported[1]!.at(-1)).toContain(fixture.invalid[0]!.message);
      });
    }
  });
}
