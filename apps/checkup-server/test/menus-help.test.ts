import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  FUNCTION_INTRO_PDF_RULE,
  errorCatalogue,
  findMenuNode,
  functionHelpFileRoute,
  functionHelpRoute,
  functionIntroResource,
  functionIntroUploadRoute,
  menuClassificationListRoute,
  menuClassificationResetRoute,
  menuClassificationSaveRoute,
  menuSettingsRoute,
  menuTree,
  quickAccessRoutes,
  visibleMenu,
  type MenuSetting,
  type MenuSettingRow,
} from '@checkup/api-contract';
import { auditLog } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('登记管理操作手册'), Buffer.from('\n%%EOF')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A multipart body as a browser's FormData makes it. */
async function multipart(file: Buffer, name: string, type: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** The entries of an area or group as the screen saves them, in the current order. */
const entriesOf = (settings: readonly MenuSetting[], key: string) =>
  findMenuNode(menuTree(settings), key)!.children.map((c) => ({
    menu_key: c.key,
    hidden: c.hidden,
    quick_access: c.quickAccess,
  }));

const versionsOf = (rows: readonly MenuSettingRow[]) =>
  JSON.stringify(Object.fromEntries(rows.map((r) => [r.menu_key, r.version])));

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let keeper: ReturnType<typeof callerFor>;
  let helpKeeper: ReturnType<typeof callerFor>;
  let clerk: ReturnType<typeof callerFor>;

  // Each record of the generated suite documents a screen of its own (one document a screen).
  const screens = APP_ROUTES.filter((r) => !r.isGroup && r.area === 'exam_cfg').map((r) => r.menuKey);
  const keyOfN = new Map<number, string>();
  const screenFor = (n: number) => {
    if (!keyOfN.has(n)) keyOfN.set(n, screens[keyOfN.size]!);
    return keyOfN.get(n)!;
  };

  beforeAll(async () => {
    keeper = callerFor(server, await staffSession(db(), 'menu_keeper', ['cfg/menu_classification']));
    helpKeeper = callerFor(server, await staffSession(db(), 'help_keeper', ['cfg/system_function_introduction']));
    clerk = callerFor(server, await staffSession(db(), 'menu_clerk', ['exam_mg/order_mg']));
  });

  const audits = async (action: string, target: string) =>
    Number(
      (
        await db()
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
      )[0]!.n,
    );

  describeResource(server, functionIntroResource, {
    valid: (n) => ({ doc_name: `帮助文档${n}号`, unique_key: screenFor(n), doc_type: 'text', content: `第${n}号说明` }),
    invalid: [
      { form: { unique_key: 'exam_cfg/pkg_cfg', doc_type: 'text', content: '说明' }, message: '请填写文档名称' },
      {
        form: { doc_name: '说明', unique_key: 'exam_cfg/nope', doc_type: 'text', content: '说明' },
        message: '所选页面不存在',
      },
      {
        form: { doc_name: '说明', unique_key: 'exam_cfg/his_sync', doc_type: 'text', content: '说明' },
        message: '所选页面不存在',
      },
      {
        form: { doc_name: '说明', unique_key: 'exam_cfg/pkg_cfg', doc_type: 'word', content: '说明' },
        message: '请选择文档类型',
      },
      {
        form: { doc_name: '说明', unique_key: 'exam_cfg/pkg_cfg', doc_type: 'text', content: '' },
        message: '请填写说明内容',
      },
    ],
    filterFor: (n) => ({ key: `帮助文档${n}号` }),
  });

  describe('菜单分类', () => {
    const settings = async (caller = clerk) => (await caller.get(menuSettingsRoute.path)).json().data as MenuSetting[];
    const rows = async () => (await keeper.get(menuClassificationListRoute.path)).json().data as MenuSettingRow[];

    it('keeps its settings to the screen, and answers the effective ones to any signed-in account', async () => {
      expect((await clerk.get(menuSettingsRoute.path)).json()).toMatchObject({ status: 200, data: [] });
      for (const [path, send] of [
        [menuClassificationListRoute.path, () => clerk.get(menuClassificationListRoute.path)],
        [menuClassificationSaveRoute.path, () => clerk.post(menuClassificationSaveRoute.path, { parent_key: 'cfg' })],
        [menuClassificationResetRoute.path, () => clerk.post(menuClassificationResetRoute.path, { parent_key: 'cfg' })],
      ] as const) {
        const res = await send();
        expect([path, res.statusCode, res.json().msg]).toEqual([path, 403, errorCatalogue.FORBIDDEN.msg]);
      }
    });

    it('renames an area, reorders it, hides an entry and offers one on the home page, with an audit row', async () => {
      const entries = entriesOf([], 'cfg');
      const moved = entries.find((e) => e.menu_key === 'cfg/log_front')!;
      const reordered = [moved, ...entries.filter((e) => e !== moved)].map((e) => ({
        ...e,
        hidden: e.menu_key === 'cfg/menu_classification',
        quick_access: e.menu_key === 'cfg/par_cfg',
      }));
      const before = await audits('menu_settings_save', 'menu:cfg');
      const saved = await keeper.post(menuClassificationSaveRoute.path, {
        parent_key: 'cfg',
        title: '系统管理',
        entries: JSON.stringify(reordered),
        versions: '{}',
      });
      expect(saved.json()).toMatchObject({ status: 200 });
      expect(await audits('menu_settings_save', 'menu:cfg')).toBe(before + 1);

      const tree = menuTree(await settings());
      const area = findMenuNode(tree, 'cfg')!;
      expect(area.title).toBe('系统管理');
      expect(area.children.map((c) => c.key)).toEqual(reordered.map((e) => e.menu_key));
      // The admin's menu leaves the hidden entry out; the other areas keep the table's order.
      const adminMenu = findMenuNode(visibleMenu(tree, ['*']), 'cfg')!;
      expect(adminMenu.children.map((c) => c.key)).not.toContain('cfg/menu_classification');
      expect(adminMenu.children[0]!.key).toBe('cfg/log_front');
      expect(findMenuNode(tree, 'exam_mg')!.children.map((c) => c.key)).toEqual(
        entriesOf([], 'exam_mg').map((e) => e.menu_key),
      );
      expect(quickAccessRoutes(tree, ['*']).map((r) => r.menuKey)).toContain('cfg/par_cfg');
      expect(quickAccessRoutes(tree, ['exam_mg/order_mg']).map((r) => r.menuKey)).toEqual(['exam_mg/order_mg']);
      // Hidden only from the menu: the screen's own calls still answer those who hold it.
      expect((await keeper.get(menuClassificationListRoute.path)).json().status).toBe(200);
    });

    it('refuses a stale save with who saved since, and entries that are not the area’s own', async () => {
      const current = await rows();
      const entries = entriesOf(current, 'cfg');
      const stale = await keeper.post(menuClassificationSaveRoute.path, {
        parent_key: 'cfg',
        entries: JSON.stringify(entries),
        versions: '{}',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().msg).toMatch(/^该菜单已被menu_keeper于.+修改，请刷新后重试$/);

      const missing = await keeper.post(menuClassificationSaveRoute.path, {
        parent_key: 'cfg',
        entries: JSON.stringify(entries.slice(1)),
        versions: versionsOf(current),
      });
      expect([missing.statusCode, missing.json().msg]).toEqual([400, '菜单项与当前菜单不一致，请刷新后重试']);
      const screen = await keeper.post(menuClassificationSaveRoute.path, {
        parent_key: 'cfg/log_front',
        entries: '[]',
        versions: '{}',
      });
      expect([screen.statusCode, screen.json().msg]).toEqual([400, '只能调整模块或分组中的菜单项']);
      const garbled = await keeper.post(menuClassificationSaveRoute.path, {
        parent_key: 'cfg',
        entries: '[{',
        versions: '{}',
      });
      expect([garbled.statusCode, garbled.json().msg]).toEqual([400, '菜单项格式不正确']);
    });

    it('saves a group inside an area at the versions read, and resets an area to the route table', async () => {
      const current = await rows();
      const group = entriesOf(current, 'exam_cfg/his_sync');
      const res = await keeper.post(menuClassificationSaveRoute.path, {
        parent_key: 'exam_cfg/his_sync',
        title: 'HIS对接',
        entries: JSON.stringify([...group].reverse()),
        versions: versionsOf(current),
      });
      expect(res.json().status).toBe(200);
      const his = findMenuNode(menuTree(await settings()), 'exam_cfg/his_sync')!;
      expect([his.title, his.children.map((c) => c.key)]).toEqual([
        'HIS对接',
        ['exam_cfg/his_sync/his_change_handling', 'exam_cfg/his_sync/his_msg'],
      ]);

      const reset = await keeper.post(menuClassificationResetRoute.path, { parent_key: 'cfg' });
      expect(reset.json().status).toBe(200);
      expect(await audits('menu_settings_reset', 'menu:cfg')).toBe(1);
      const left = (await settings()).map((s) => s.menu_key);
      expect(left.some((k) => k === 'cfg' || k.startsWith('cfg/'))).toBe(false);
      expect(left).toContain('exam_cfg/his_sync');
    });
  });

  describe('功能介绍', () => {
    async function upload(id: number, file: Buffer, name: string, type: string, caller = helpKeeper) {
      const body = await multipart(file, name, type);
      return server.app.inject({
        method: 'POST',
        url: `${functionIntroUploadRoute.path}?id=${id}`,
        payload: body.payload,
        headers: { 'content-type': body.type, 'x-checkup-token': caller.token },
      });
    }

    it('answers the enabled help of a screen to any signed-in account, and nothing for a screen without one', async () => {
      expect((await clerk.get(functionHelpRoute.path, { unique_key: 'exam_mg/order_mg' })).json()).toMatchObject({
        status: 200,
        data: null,
      });
      const saved = await helpKeeper.post(functionIntroResource.routes.save.path, {
        doc_name: '登记管理说明',
        unique_key: 'exam_mg/order_mg',
        doc_type: 'text',
        content: '第一步：查询\n第二步：<b>登记</b>',
      });
      const { id } = saved.json().data as { id: number };
      const help = await clerk.get(functionHelpRoute.path, { unique_key: 'exam_mg/order_mg' });
      expect(help.json().data).toEqual({
        doc_name: '登记管理说明',
        doc_type: 'text',
        content: '第一步：查询\n第二步：<b>登记</b>',
        file_id: null,
      });
      await helpKeeper.post(functionIntroResource.routes.enable.path, { id, enabled: '0' });
      expect((await clerk.get(functionHelpRoute.path, { unique_key: 'exam_mg/order_mg' })).json().data).toBeNull();
    });

    it('stores an uploaded PDF with audit rows and serves it as help; refuses other files and text documents', async () => {
      const pdfDoc = (
        await helpKeeper.post(functionIntroResource.routes.save.path, {
          doc_name: '总检审核手册',
          unique_key: 'exam_mg/rev_apr',
          doc_type: 'pdf',
        })
      ).json().data as { id: number };

      const png = await upload(pdfDoc.id, PNG, '截图.png', 'image/png');
      expect([png.statusCode, png.json().msg]).toEqual([400, '只能上传PDF 文件']);
      const huge = Buffer.concat([PDF, Buffer.alloc(FUNCTION_INTRO_PDF_RULE.maxBytes)]);
      const tooLarge = await upload(pdfDoc.id, huge, '大手册.pdf', 'application/pdf');
      expect([tooLarge.statusCode, tooLarge.json().msg]).toEqual([413, '文件不能超过20MB']);
      const byClerk = await upload(pdfDoc.id, PDF, '手册.pdf', 'application/pdf', clerk);
      expect(byClerk.statusCode).toBe(403);

      const stored = await upload(pdfDoc.id, PDF, '总检审核手册.pdf', 'application/pdf');
      expect(stored.json()).toMatchObject({ status: 200, data: { file_name: '总检审核手册.pdf' } });
      const fileId = stored.json().data.file_id as number;
      expect(await audits('function_intro_upload', `function_intro:${pdfDoc.id}`)).toBe(1);
      expect(await audits('file_upload', `function_intro:${pdfDoc.id}`)).toBe(1);
      const row = (await helpKeeper.get(functionIntroResource.routes.detail.path, { id: pdfDoc.id })).json().data;
      expect(row).toMatchObject({ file_id: fileId, file_name: '总检审核手册.pdf', screen_title: '总检审核' });

      const help = (await clerk.get(functionHelpRoute.path, { unique_key: 'exam_mg/rev_apr' })).json().data;
      expect(help).toMatchObject({ doc_type: 'pdf', file_id: fileId });
      const file = await clerk.get(functionHelpFileRoute.path, { id: fileId });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(file.rawPayload.equals(PDF)).toBe(true);

      const textDoc = (
        await helpKeeper.post(functionIntroResource.routes.save.path, {
          doc_name: '报告打印说明',
          unique_key: 'exam_mg/print_rpt',
          doc_type: 'text',
          content: '点击打印',
        })
      ).json().data as { id: number };
      const onText = await upload(textDoc.id, PDF, '手册.pdf', 'application/pdf');
      expect([onText.statusCode, onText.json().msg]).toEqual([
        400,
        '文字说明不需要上传文件，请先把文档类型改为PDF文档',
      ]);
      // A disabled document's PDF is no longer served to the other accounts.
      await helpKeeper.post(functionIntroResource.routes.enable.path, { id: pdfDoc.id, enabled: '0' });
      expect((await clerk.get(functionHelpFileRoute.path, { id: fileId })).statusCode).toBe(404);
      expect((await helpKeeper.get(functionHelpFileRoute.path, { id: fileId })).statusCode).toBe(200);
    });
  });
});
