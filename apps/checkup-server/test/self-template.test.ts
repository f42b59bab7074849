import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selfTemplateDetailRoute, selfTemplateListRoute } from '@checkup/api-contract';
import { auditLog, selfTemplates } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';

const LIST = '/manager/api/SelfTemplate/list';
const DETAIL = '/manager/api/SelfTemplate/detail';
const FIELDS = '/manager/api/SelfTemplate/barcode_fields';
const SAVE = '/manager/api/SelfTemplate/save';
const ENABLE = '/manager/api/SelfTemplate/enable';

const BARCODE_CONFIG = { format: 'CODE128', width_cm: 5, height_cm: 3, fields: ['order_id', 'cust_name'] };

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  const db = () => server.database.db;
  const templateCount = () => db().$count(selfTemplates);
  const auditCount = (action: string) => db().$count(auditLog, eq(auditLog.action, action));
  const enabledOf = async (tempType: string) =>
    (
      await db()
        .select({ id: selfTemplates.id })
        .from(selfTemplates)
        .where(and(eq(selfTemplates.tempType, tempType), eq(selfTemplates.enableTemp, '1')))
    ).map((row) => row.id);
  const save = async (fields: Record<string, string | number>) => admin.post(SAVE, fields);
  const create = async (tempType: string, name: string, config: object = BARCODE_CONFIG) => {
    const res = await save({ temp_type: tempType, temp_name: name, temp_config: JSON.stringify(config) });
    expect(res.json()).toMatchObject({ status: 200 });
    return res.json().data.id as number;
  };

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  describe('save and read', () => {
    it('creates a template from a form body with temp_config as JSON text, not yet in use', async () => {
      const id = await create('barcode', '采血管条码');

      const res = await admin.get(DETAIL, { id });
      expect(res.statusCode).toBe(200);
      const detail = selfTemplateDetailRoute.output.parse(res.json().data);
      expect(detail).toMatchObject({
        id,
        temp_type: 'barcode',
        temp_type_name: '条码',
        temp_name: '采血管条码',
        enable_temp: '0',
        temp_config: BARCODE_CONFIG,
      });
      expect(await auditCount('self_template_save')).toBeGreaterThanOrEqual(1);
    });

    it('updates the name and layout of an existing template, keeping its type', async () => {
      const id = await create('guide_sheet', '导检单旧版', { rows: 1 });

      const res = await save({ id, temp_type: 'guide_sheet', temp_name: '导检单新版', temp_config: '{"rows":2}' });

      expect(res.json()).toEqual({ status: 200, data: { id }, msg: '操作成功' });
      const [row] = await db().select().from(selfTemplates).where(eq(selfTemplates.id, id));
      expect(row).toMatchObject({ tempType: 'guide_sheet', tempName: '导检单新版', tempConfig: { rows: 2 } });
    });

    it('refuses moving a template to another type and changes nothing', async () => {
      const id = await create('consent', '知情同意书', { text: '同意' });

      const res = await save({ id, temp_type: 'exam_report', temp_name: '改名', temp_config: '{}' });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, data: null, msg: '模板类型不能修改，请新建模板' });
      const [row] = await db().select().from(selfTemplates).where(eq(selfTemplates.id, id));
      expect(row).toMatchObject({ tempType: 'consent', tempName: '知情同意书', tempConfig: { text: '同意' } });
    });

    it('answers an unknown template with a Chinese not-found message', async () => {
      const before = await templateCount();
      const saved = await save({ id: 999999, temp_type: 'barcode', temp_name: '不存在', temp_config: '{}' });
      expect(saved.json()).toEqual({ status: 404, data: null, msg: '模板不存在或已被删除' });
      expect(await templateCount()).toBe(before);
      expect((await admin.get(DETAIL, { id: 999999 })).json()).toEqual({
        status: 404,
        data: null,
        msg: '模板不存在或已被删除',
      });
    });

    it.each([
      ['no type', { temp_type: undefined }, '请选择模板类型'],
      ['an unknown type', { temp_type: 'poster' }, '模板类型不正确'],
      ['no name', { temp_name: '   ' }, '请填写模板名称'],
      ['a name over 64 characters', { temp_name: '名'.repeat(65) }, '模板名称不能超过64个字符'],
      ['no config', { temp_config: undefined }, '请填写模板配置'],
      ['a config that is not JSON', { temp_config: "{format:'CODE128'}" }, '模板配置不是有效的JSON'],
      ['a JSON array', { temp_config: '["order_id"]' }, '模板配置必须是JSON对象'],
      ['JSON null', { temp_config: 'null' }, '模板配置必须是JSON对象'],
      ['a config over 64 KB', { temp_config: JSON.stringify({ t: '条'.repeat(22000) }) }, '模板配置不能超过64KB'],
      ['a malformed id', { id: 'abc' }, '模板ID格式不正确'],
    ])('refuses %s with a Chinese message and writes nothing', async (_case, change, msg) => {
      const before = { templates: await templateCount(), audits: await auditCount('self_template_save') };
      const fields = Object.fromEntries(
        Object.entries({ temp_type: 'barcode', temp_name: '条码', temp_config: '{}', ...change }).filter(
          (pair): pair is [string, string] => pair[1] !== undefined,
        ),
      );

      const res = await save(fields);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, data: null, msg });
      expect(await templateCount()).toBe(before.templates);
      expect(await auditCount('self_template_save')).toBe(before.audits);
    });

    it('lists the templates of one type without their layouts', async () => {
      const id = await create('health_certificate', '健康证模板');

      const res = await admin.get(LIST, { temp_type: 'health_certificate' });

      const list = selfTemplateListRoute.output.parse(res.json().data);
      expect(list.map((t) => t.temp_type)).toEqual(list.map(() => 'health_certificate'));
      expect(list.find((t) => t.id === id)).toMatchObject({ temp_name: '健康证模板', temp_type_name: '健康证' });
      expect(res.json().data[0]).not.toHaveProperty('temp_config');
    });

    it('lists every type when no type is given, and refuses an unknown one', async () => {
      const all = (await admin.get(LIST)).json().data as { temp_type: string }[];
      expect(all.map((t) => t.temp_type)).toEqual(
        expect.arrayContaining(['barcode', 'guide_sheet', 'consent', 'health_certificate']),
      );
      expect((await admin.get(LIST, { temp_type: '' })).json().data).toHaveLength(all.length);
      expect((await admin.get(LIST, { temp_type: 'poster' })).json()).toEqual({
        status: 400,
        data: null,
        msg: '模板类型不正确',
      });
    });

    it.each([
      [{}, '请传递模板ID'],
      [{ id: '' }, '请传递模板ID'],
      [{ id: '1.5' }, '模板ID格式不正确'],
      [{ id: '-1' }, '模板ID格式不正确'],
    ])('refuses the detail of %j with %s', async (query, msg) => {
      expect((await admin.get(DETAIL, query)).json()).toEqual({ status: 400, data: null, msg });
    });
  });

  it('offers the barcode fields with their Chinese labels', async () => {
    const res = await admin.get(FIELDS);
    const fields = res.json().data as { field: string; label: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'order_id', label: '体检号' },
        { field: 'cust_name', label: '姓名' },
        { field: 'specimen', label: '标本类型' },
      ]),
    );
    expect(fields.map((f) => f.field)).toEqual(expect.arrayContaining(['sex', 'age', 'union_name', 'exam_date']));
  });

  describe('enable', () => {
    it('puts one template in use and takes the others of its type out of use, other types untouched', async () => {
      const first = await create('barcode', '条码甲');
      const second = await create('barcode', '条码乙');
      const report = await create('exam_report', '体检报告');
      await admin.post(ENABLE, { id: report });
      await admin.post(ENABLE, { id: first });
      expect(await enabledOf('barcode')).toEqual([first]);

      const res = await admin.post(ENABLE, { id: second });

      expect(res.json()).toEqual({ status: 200, data: null, msg: '操作成功' });
      expect(await enabledOf('barcode')).toEqual([second]);
      expect(await enabledOf('exam_report')).toEqual([report]);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'self_template_enable'), eq(auditLog.target, String(second))));
      expect(audit).toMatchObject({ userAccount: 'admin', detail: { temp_type: 'barcode' } });
    });

    it('leaves exactly one template in use when several are enabled at once', async () => {
      const ids = await Promise.all(['丙', '丁', '戊', '己'].map((name) => create('group_report', `团体报告${name}`)));

      const answers = await Promise.all(ids.map((id) => admin.post(ENABLE, { id })));

      expect(answers.map((res) => res.json().status)).toEqual([200, 200, 200, 200]);
      expect(await enabledOf('group_report')).toHaveLength(1);
    });

    it('answers an unknown template with not-found and changes nothing', async () => {
      const before = await enabledOf('barcode');
      const res = await admin.post(ENABLE, { id: 999999 });
      expect(res.json()).toEqual({ status: 404, data: null, msg: '模板不存在或已被删除' });
      expect(await enabledOf('barcode')).toEqual(before);
    });

    it('refuses a call without an id', async () => {
      expect((await admin.post(ENABLE, {})).json()).toEqual({ status: 400, data: null, msg: '请传递模板ID' });
    });
  });

  it('is closed to callers without a session', async () => {
    for (const [method, url] of [
      ['GET', LIST],
      ['GET', FIELDS],
      ['POST', ENABLE],
    ] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
    }
  });
});
