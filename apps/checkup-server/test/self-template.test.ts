import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TEMPLATE_RESOURCES,
  TEMPLATE_SET_DEFAULT_ROUTES,
  defaultLayout,
  type DocumentLayout,
  type TemplateType,
} from '@checkup/api-contract';
import { auditLog, selfTemplates } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';
import { describeResource } from './support/resource-suite.js';
import { addReviewedOrder } from './report-fixture.js';

const form = (type: TemplateType, name: string, layout: object = defaultLayout(type), suit = 'health') => ({
  temp_name: name,
  suit_type: suit,
  temp_config: JSON.stringify(layout),
});
/** A document layout with one section hidden and another title. */
function changed(type: 'guide_sheet' | 'exam_report', title: string, hide: string): DocumentLayout {
  const layout = defaultLayout(type);
  return {
    ...layout,
    header: { ...layout.header, title },
    blocks: layout.blocks.map((b) => (b.kind === 'section' && b.key === hide ? { ...b, visible: false } : b)),
  };
}

/** 自定义模板 (issue 18 §2): the ten types as resources, one default per type and 适用类型, and what prints. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: ReturnType<typeof callerFor>;
  const defaultsOf = async (type: string, suit: string) =>
    (
      await db()
        .select({ id: selfTemplates.id })
        .from(selfTemplates)
        .where(
          and(eq(selfTemplates.tempType, type), eq(selfTemplates.suitType, suit), eq(selfTemplates.enableTemp, '1')),
        )
    ).map((r) => r.id);
  const create = async (type: TemplateType, name: string, layout?: object, suit?: string) => {
    const res = await admin.post(TEMPLATE_RESOURCES[type].routes.save.path, form(type, name, layout, suit));
    expect(res.json()).toMatchObject({ status: 200 });
    return res.json().data as { id: number; version: number };
  };
  const setDefault = (type: TemplateType, id: number) => admin.post(TEMPLATE_SET_DEFAULT_ROUTES[type].path, { id });

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  for (const type of ['guide_sheet', 'barcode'] as const) {
    describeResource(server, TEMPLATE_RESOURCES[type], {
      valid: (n) => form(type, `测试模板${n}号`),
      invalid: [
        { form: form(type, ''), message: '请填写模板名称' },
        { form: { ...form(type, '模板'), suit_type: 'child' }, message: '请选择适用类型' },
        { form: { ...form(type, '模板'), temp_config: '{"a":' }, message: '模板配置不是有效的JSON' },
        {
          form: form(type, '模板', { ...defaultLayout(type), font_size: 99 }),
          message: type === 'barcode' ? '字号应在6到14之间' : '字号应在8到16之间',
        },
      ],
      filterFor: (n) => ({ key: `测试模板${n}号` }),
    });
  }

  it('seeds one default per type, which prints when nobody changed it', async () => {
    for (const type of Object.keys(TEMPLATE_RESOURCES)) expect(await defaultsOf(type, 'health')).toHaveLength(1);
  });

  describe('one default per type and 适用类型', () => {
    it('moves the default within its type and 适用类型 only, with an audit row', async () => {
      const a = await create('consent', '同意书甲');
      const b = await create('consent', '同意书乙');
      const occu = await create('consent', '职业同意书', undefined, 'occu');
      expect((await setDefault('consent', occu.id)).json().status).toBe(200);
      expect((await setDefault('consent', a.id)).json().status).toBe(200);
      expect(await defaultsOf('consent', 'health')).toEqual([a.id]);
      expect((await setDefault('consent', b.id)).json().status).toBe(200);
      expect(await defaultsOf('consent', 'health')).toEqual([b.id]);
      expect(await defaultsOf('consent', 'occu')).toEqual([occu.id]);
      expect(await defaultsOf('exam_form', 'health')).toHaveLength(1);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'template_set_default'), eq(auditLog.target, `template_consent:${b.id}`)));
      expect(audits).toHaveLength(1);
      const listed = (await admin.get(TEMPLATE_RESOURCES.consent.routes.list.path, { suit_type: 'health' })).json();
      const row = listed.data.list.find((r: { id: number }) => r.id === b.id);
      expect(row).toMatchObject({ is_default: true, suit_type: 'health', temp_type: 'consent' });
    });

    it('keeps each type to its own screen and its own rows', async () => {
      const mine = await create('barcode', '采血管条码');
      const keeper = callerFor(
        server,
        await staffSession(db(), 'tpl_guide_keeper', ['exam_cfg/self_defined_template/guide_sheet']),
      );
      expect((await keeper.post(TEMPLATE_SET_DEFAULT_ROUTES.barcode.path, { id: mine.id })).statusCode).toBe(403);
      // A barcode template is not found through the guide sheet's calls.
      const foreign = await keeper.post(TEMPLATE_SET_DEFAULT_ROUTES.guide_sheet.path, { id: mine.id });
      expect([foreign.statusCode, foreign.json().msg]).toEqual([404, '该模板不存在或已被删除']);
      const save = await keeper.post(TEMPLATE_RESOURCES.guide_sheet.routes.save.path, {
        ...form('guide_sheet', '改名'),
        id: mine.id,
        version: mine.version,
      });
      expect(save.statusCode).toBe(404);
      const [row] = await db().select().from(selfTemplates).where(eq(selfTemplates.id, mine.id));
      expect(row).toMatchObject({ tempType: 'barcode', tempName: '采血管条码' });
    });

    it('refuses removing the default or moving it to another 适用类型', async () => {
      const t = await create('group_voucher', '团体凭证新版');
      await setDefault('group_voucher', t.id);
      const removed = await admin.post(TEMPLATE_RESOURCES.group_voucher.routes.remove.path, {
        id: t.id,
        version: t.version,
      });
      expect([removed.statusCode, removed.json().msg]).toEqual([409, '默认模板不能删除，请先将其他模板设为默认']);
      const moved = await admin.post(TEMPLATE_RESOURCES.group_voucher.routes.save.path, {
        ...form('group_voucher', '团体凭证新版', undefined, 'occu'),
        id: t.id,
        version: t.version,
      });
      expect(moved.json().msg).toBe('默认模板不能修改适用类型，请先将其他模板设为默认');
    });
  });

  describe('what the editor changes is what prints next', () => {
    it('prints the guide sheet with the default 导检单 template: its title, page size and text block, without a hidden section', async () => {
      const orderId = await addReviewedOrder(db(), { status: 'registered', name: '模板导检' });
      const before = await readPdf(
        (await admin.get('/manager/api/order/guide_sheet', { order_id: orderId })).rawPayload,
      );
      expect(before.text).toContain('体检导引单');
      expect(before.text).toContain('检查科室与项目');

      const layout = { ...changed('guide_sheet', '入职体检指引单', 'depts'), page_size: 'A5' as const };
      layout.blocks.push({ kind: 'text', title: '温馨提示', text: '检查前请勿饮酒。', visible: true });
      const t = await create('guide_sheet', '入职导检单', layout);
      expect((await setDefault('guide_sheet', t.id)).json().status).toBe(200);

      const printed = (await admin.get('/manager/api/order/guide_sheet', { order_id: orderId })).rawPayload;
      // A5 is 419.53 × 595.28 pt; the specimen labels go two to a row there.
      expect(printed.toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.53 595\.28\]/);
      const after = await readPdf(printed);
      expect(after.text).toContain('入职体检指引单');
      expect(after.text).toContain('检查前请勿饮酒。');
      expect(after.text).not.toContain('体检导引单');
      expect(after.text).not.toContain('检查科室与项目');
      expect(after.text).toContain('模板导检');
    }, 60_000);

    it('prints the report with the default 体检报告 template, and an A5 page when it asks for one', async () => {
      const orderId = await addReviewedOrder(db(), { status: 'final_trial', name: '模板报告' });
      const layout = { ...changed('exam_report', '员工健康体检报告', 'results'), page_size: 'A5' as const };
      const t = await create('exam_report', '员工报告', layout);
      expect((await setDefault('exam_report', t.id)).json().status).toBe(200);

      const res = await admin.get('/manager/api/report/report_pdf', { order_id: orderId });
      expect(res.statusCode).toBe(200);
      // A5 is 419.53 × 595.28 pt.
      expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.53 595\.28\]/);
      const { text } = await readPdf(res.rawPayload);
      expect(text).toContain('员工健康体检报告');
      expect(text).toContain('总检结论');
      expect(text).not.toContain('各科检查结果');
    }, 60_000);
  });
});
