import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { diagnosisResource, examItemResource, unionResource } from '@checkup/api-contract';
import { departments, diagnoses } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

/**
 * The large catalogue lists search lower-case copies kept by the database (migration 0016) with a
 * plain LIKE instead of ILIKE (bench:catalogue): the matches must be the ones ILIKE gave — any case,
 * part of a name, the start of a code or of the pinyin initials, and the user's % and _ taken literally.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let deptId = 0;
  let keeper: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    const db = server.database.db;
    deptId = (await db.select({ id: departments.id }).from(departments).limit(1))[0]!.id;
    keeper = callerFor(
      server,
      await staffSession(db, `fold_${Date.now()}`, ['exam_cfg/diag_cfg', 'exam_cfg/item_cfg', 'exam_cfg/union_cfg']),
    );
  });

  const codes = async (path: string, key: string, field: string) =>
    ((await keeper.get(path, { key, size: 50 })).json().data.list as Record<string, string>[]).map((r) => r[field]);

  it('finds a conclusion word by any case of its code, pinyin and the Latin letters of its name', async () => {
    const saved = await keeper.post(diagnosisResource.routes.save.path, {
      diag_code: 'FoldDX01',
      diag_name: '甲状腺CT低密度结节',
      pinyin: 'JZXctdmdjj',
      dept_id: String(deptId),
      serious_type: '0',
    });
    expect(saved.json().status).toBe(200);
    const find = (key: string) => codes(diagnosisResource.routes.list.path, key, 'diag_code');
    for (const key of ['folddx', 'FOLDDX01', 'jzxct', 'JzXc', 'ct低密度', 'Ct低', '低密度结节']) {
      expect(await find(key), key).toContain('FoldDX01');
    }
    for (const key of ['dx01', 'xct', '%结节', '_olddx']) expect(await find(key), key).not.toContain('FoldDX01');
  });

  it('finds basic items and unions the same way', async () => {
    const item = await keeper.post(examItemResource.routes.save.path, {
      item_code: 'FoldIT01',
      item_name: '血清HbA1c测定',
      dept_id: String(deptId),
      result_type: 'number',
      sort: '0',
    });
    expect(item.json().status).toBe(200);
    const items = (key: string) => codes(examItemResource.routes.list.path, key, 'item_code');
    for (const key of ['foldit', 'hba1c', 'HBA1C测定']) expect(await items(key), key).toContain('FoldIT01');
    expect(await items('it01')).not.toContain('FoldIT01');

    const union = await keeper.post(unionResource.routes.save.path, {
      union_code: 'FoldUN01',
      union_name: '头颅MRI平扫',
      dept_id: String(deptId),
      price: '300.00',
      gender_limit: '0',
      pinyin: 'tlmrips',
      sort: '0',
      item_ids: '[]',
    });
    expect(union.json().status).toBe(200);
    const unionsFound = (key: string) => codes(unionResource.routes.list.path, key, 'union_code');
    for (const key of ['FOLDUN', 'TLMRI', 'mri平扫']) expect(await unionsFound(key), key).toContain('FoldUN01');
  });

  it('exports more rows than one batch, every row once, in id order', async () => {
    const db = server.database.db;
    await db.insert(diagnoses).values(
      Array.from({ length: 2_345 }, (_, n) => ({
        diagCode: `BATCH${n}`,
        diagName: `批量导出诊断${n}号`,
        pinyin: 'pldczd',
      })),
    );
    const [total] = await db.select({ n: count() }).from(diagnoses);
    const exported = await keeper.get(diagnosisResource.routes.export.path);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const codes: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes).toHaveLength(Number(total!.n));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => c.startsWith('BATCH'))).toEqual(Array.from({ length: 2_345 }, (_, n) => `BATCH${n}`));
  });

  it('pages through a list as one long list would, each row with its own fields (the ids of a page first)', async () => {
    for (const resource of [unionResource, diagnosisResource, examItemResource]) {
      const list = async (page: number, size: number) =>
        (await keeper.get(resource.routes.list.path, { page, size })).json().data.list as { id: number }[];
      const whole = await list(1, 45);
      const paged = [];
      for (let page = 1; page <= 5; page += 1) paged.push(...(await list(page, 9)));
      expect(paged, resource.spec.name).toEqual(whole);
    }
  });
});
