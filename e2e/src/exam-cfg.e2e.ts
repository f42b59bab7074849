import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { expectAccessible } from '../support/axe.js';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { loggedIn } from '../support/session.js';
import { openEachScreen, screensOf } from '../support/screens.js';
import { startTestStack } from '../support/stack.js';
import { label } from '../support/page-api.js';

/** The drawer slides in and out: a screenshot waits until it has. */
const settled = (page: Page) => page.waitForTimeout(600);

/** Picks `text` in a remote-search select: types it and chooses the option naming it. */
async function choose(page: Page, field: string, text: string) {
  const select = page.getByRole('combobox', { name: field });
  await select.click();
  await select.fill(text);
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

/** 参数设置 → 单位信息 → 系统配色, saved; the next load of a page shows the colour. */
async function chooseColour(page: Page, colourLabel: string) {
  await page.goto(`${new URL(page.url()).origin}/#/manager/cfg/par_cfg`);
  const company = page.getByRole('form', { name: '单位信息' });
  await company.getByRole('combobox', { name: '系统配色' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: colourLabel }).click();
  await company.getByRole('button', { name: /保存单位信息/ }).click();
  await page.getByText('单位信息已保存').waitFor();
}

/**
 * 体检配置 in Chromium (issue 18): a package made in 套餐配置 is offered at 快速登记 with its price; a
 * reference range changed in 基础项目 judges the next entry; 100 conclusion words imported from .xlsx
 * with 3 bad rows leave a report to download; ultrasound sign words compose a 描述 and 结论, a
 * questionnaire's branches show, the HIS screens say no HIS is configured; a template edited in 自定义模板
 * is previewed and saved; every 体检配置 screen is built and passes axe-core. One stack for the area.
 */
describe('体检配置: the centre keeps its own catalogue', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let orderId = '';
  const pageErrors: string[] = [];
  const go = (page: Page, hashPath: string) => page.goto(`${stack.url}/#${hashPath}`);
  const goAdmin = (hashPath: string) => go(admin, hashPath);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    admin.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('makes a package of two unions for men, which 快速登记 offers with its price', async () => {
    await go(admin, '/manager/exam_cfg/pkg_cfg');
    await admin.getByRole('button', { name: /新增套餐/ }).click();
    const form = admin.getByRole('form', { name: '套餐' });
    await form.getByLabel('套餐编码').fill('RZ-M');
    await form.getByLabel('套餐名称').fill('男士入职套餐');
    await form.getByRole('combobox', { name: '适用性别' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: /^男$/ }).click();
    await form.getByLabel('套餐价格（元）').fill('150');
    await choose(admin, '组合项目', '血常规');
    await choose(admin, '组合项目', '肝功能');
    await admin.screenshot({ path: screenshotPath('exam-cfg-package-form') });
    await expectAccessible(admin, '套餐配置 抽屉');
    await admin.getByRole('button', { name: label('保存') }).click();
    await admin.getByText('套餐已保存').waitFor();
    const row = admin.locator('.ant-table-row').filter({ hasText: '男士入职套餐' });
    expect(await row.textContent()).toContain('150.00');
    await admin.screenshot({ path: screenshotPath('exam-cfg-package-list') });
    await expectAccessible(admin, '套餐配置 列表');

    const { page: desk, context } = await loggedIn(browser, stack.url, 'reg');
    desk.on('pageerror', (error) => pageErrors.push(error.message));
    await go(desk, '/manager/exam_mg/order_quick_register');
    await desk.getByPlaceholder('姓名', { exact: true }).fill('配置测试');
    await desk.getByPlaceholder('18位身份证号').fill('110105198803070037');
    await desk.getByPlaceholder('18位身份证号').blur();
    await desk.getByRole('combobox', { name: '套餐' }).click();
    await desk.locator('.ant-select-item-option').filter({ hasText: '男士入职套餐' }).click();
    await expect.poll(() => desk.getByTestId('order-total').textContent()).toBe('¥150.00');
    await desk.screenshot({ path: screenshotPath('exam-cfg-package-registered') });
    await desk.getByRole('button', { name: /^完成登记/ }).click();
    const title = await desk
      .locator('.ant-result-title')
      .filter({ hasText: /登记成功，体检号 \d+/ })
      .textContent();
    orderId = /体检号 (\d+)/.exec(title ?? '')![1]!;
    await go(desk, `/manager/exam_mg/order_mg_detail?order_id=${orderId}`);
    await desk.getByRole('button', { name: label('报到') }).click();
    await desk.getByText('报到成功').waitFor();
    await context.close();
  });

  it('judges the next entry by a reference range changed in 基础项目', async () => {
    await go(admin, '/manager/exam_cfg/item_cfg');
    await admin.getByLabel('搜索项目').fill('WBC');
    await admin.getByLabel('搜索项目').press('Enter');
    const row = admin.locator('.ant-table-row').filter({ hasText: '白细胞计数' });
    expect(await row.textContent()).toContain('3.5-9.5');
    await expectAccessible(admin, '基础项目 列表');
    await row.getByRole('button', { name: '编辑' }).click();
    const form = admin.getByRole('form', { name: '基础项目' });
    await form.getByLabel('男参考上限').fill('8.5');
    await expectAccessible(admin, '基础项目 抽屉');
    await admin.getByRole('button', { name: label('保存') }).click();
    await admin.getByText('基础项目已保存').waitFor();
    await expect.poll(() => row.textContent()).toContain('3.5-8.5');

    const detail = await admin.evaluate(async () => {
      const list = await (await fetch('/manager/api/examcfg/exam_item/list?key=WBC')).json();
      return list.data.list[0] as { ref_high_male: string };
    });
    expect(detail.ref_high_male).toBe('8.5');

    // 检验科 enters 9.0 for the package's 血常规: above the new upper limit (it was within 3.5-9.5).
    const { page: lab, context } = await loggedIn(browser, stack.url, 'doctor2');
    lab.on('pageerror', (error) => pageErrors.push(error.message));
    const depts = await lab.evaluate(
      async () => (await (await fetch('/manager/api/departmentdiagnosis/my_depts')).json()).data,
    );
    const labId = (depts as { exam_dept_id: number; dept_name: string }[]).find(
      (d) => d.dept_name === '检验科',
    )!.exam_dept_id;
    await go(lab, `/manager/exam_mg/dept_diag_detail?order_id=${orderId}&exam_dept_id=${labId}`);
    await lab.getByLabel('白细胞计数').fill('9.0');
    await lab.getByLabel('白细胞计数').press('Enter');
    await expect.poll(() => lab.getByText('↑').count()).toBeGreaterThan(0);
    await lab.screenshot({ path: screenshotPath('exam-cfg-range-judged') });
    await context.close();
  });

  it('imports 100 conclusion words with 3 bad rows, and offers the error report', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('诊断');
    sheet.addRow(['诊断编码', '诊断名称', '拼音简码', '科室ID', '建议', '健康指导', '传染病', '重要程度']);
    for (let i = 1; i <= 100; i += 1) {
      const bad = i === 10 || i === 50 || i === 99;
      sheet.addRow([
        `IMP${i}`,
        i === 10 ? '' : `导入结论${i}`,
        '',
        i === 50 ? '科室' : '',
        '定期复查',
        '',
        '否',
        bad && i === 99 ? '特别' : '一般',
      ]);
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    await go(admin, '/manager/exam_cfg/diag_cfg');
    await admin.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '导入诊断' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '结论词.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByText('只导入正确的行').click();
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    await dialog.getByText('共 100 行，导入 97 行，错误 3 行').waitFor();
    await admin.screenshot({ path: screenshotPath('exam-cfg-import-result') });
    await expectAccessible(admin, '诊断词库 导入结果');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载错误报告' }).click(),
    ]);
    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile((await download.path())!);
    const rows: string[][] = [];
    report.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['11', '请填写诊断名称'],
      ['51', '科室格式不正确'],
      ['100', '请选择重要程度'],
    ]);
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await admin.getByLabel('搜索诊断').fill('导入结论');
    await admin.getByLabel('搜索诊断').press('Enter');
    await admin.getByText('共 97 条').waitFor();
    expect(pageErrors).toEqual([]);
  });

  // 超声配置, 问卷配置 and the HIS screens; then 自定义模板's editor.
  it('previews what 肝脏’s sign words compose, and refuses to remove a node with children', async () => {
    await goAdmin('/manager/exam_cfg/ultrasonic_cfg/item_symptom');
    const item = admin.getByRole('combobox', { name: '预览的超声项目' });
    await item.click();
    await item.fill('肝脏');
    await admin.locator('.ant-select-item-option').filter({ hasText: '肝脏（GZ）' }).click();
    await admin.getByRole('checkbox', { name: /脂肪肝（轻度）/ }).check();
    await admin.getByLabel('组合结果').getByText('轻度脂肪肝', { exact: true }).waitFor();
    expect(await admin.getByRole('checkbox', { name: /肝脏未见异常/ }).isChecked()).toBe(false);
    await admin.locator('.ant-select-dropdown').last().waitFor({ state: 'hidden' });
    await admin.screenshot({ path: screenshotPath('exam-cfg-us-sign-preview') });

    await goAdmin('/manager/exam_cfg/ultrasonic_cfg/classify');
    const root = admin.locator('.ant-table-row').filter({ hasText: 'Abdomen' });
    await root.getByRole('button', { name: '删除' }).click();
    await admin
      .getByRole('button', { name: /^删\s*除$/ })
      .last()
      .click();
    await admin.getByText('该分类下还有3个下级分类，请先删除或移走下级分类').waitFor();
    await admin.screenshot({ path: screenshotPath('exam-cfg-us-classify') });
  });

  it('shows the health questionnaire’s questions with their branches', async () => {
    await goAdmin('/manager/exam_cfg/questionnaire_cfg');
    await admin
      .locator('.ant-table-row')
      .filter({ hasText: '健康体检问卷（成人）' })
      .getByRole('button', { name: '题目' })
      .click();
    await admin.getByText('问卷：健康体检问卷（成人）').waitFor();
    await admin.getByText(/A\.是→Q2/).waitFor();
    await admin.screenshot({ path: screenshotPath('exam-cfg-questionnaire-detail') });
  });

  it('says plainly on both HIS screens that no HIS is configured', async () => {
    for (const screen of ['his_msg', 'his_change_handling']) {
      await goAdmin(`/manager/exam_cfg/his_sync/${screen}`);
      await admin.getByText(/^未配置HIS接口：/).waitFor();
      await admin.screenshot({ path: screenshotPath(`exam-cfg-${screen}`) });
    }
    expect(pageErrors).toEqual([]);
  });

  it('edits the default guide sheet: a new title and a hidden section show in the preview and are saved', async () => {
    await goAdmin('/manager/exam_cfg/self_defined_template/guide_sheet');
    const row = admin.locator('.ant-table-row').filter({ hasText: '标准导检单' });
    expect(await row.textContent()).toContain('默认');
    await row.getByRole('button', { name: '编辑' }).click();
    const form = admin.getByRole('form', { name: '导检单模板' });
    const preview = form.getByRole('region', { name: '打印预览' });
    await preview.getByText('检查科室与项目').waitFor();
    await form.getByRole('textbox', { name: '标题', exact: true }).fill('入职体检指引单');
    await form.getByRole('switch', { name: '显示检查科室与项目' }).click();
    await preview.getByText('入职体检指引单').waitFor();
    expect(await preview.getByText('检查科室与项目').count()).toBe(0);
    await settled(admin);
    await admin.screenshot({ path: screenshotPath('templates-guide-sheet-editor') });
    await admin.getByRole('button', { name: label('保存') }).click();
    await admin.getByText('导检单模板已保存').waitFor();
    await settled(admin);
    expect(await row.textContent()).toContain('系统管理员');
    await admin.screenshot({ path: screenshotPath('templates-guide-sheet-list') });
  });

  it('lays out a barcode label', async () => {
    await goAdmin('/manager/exam_cfg/self_defined_template/barcode');
    await admin.locator('.ant-table-row').filter({ hasText: '标准条码' }).getByRole('button', { name: '编辑' }).click();
    const form = admin.getByRole('form', { name: '条码模板' });
    await form.getByRole('region', { name: '打印预览' }).waitFor();
    await form.getByRole('combobox', { name: '体检号的位置' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '条码下方' }).click();
    await settled(admin);
    await admin.screenshot({ path: screenshotPath('templates-barcode-editor') });
    expect(pageErrors).toEqual([]);
  });

  it('opens every 体检配置 screen of the route table as a built screen, not 功能开发中', async () => {
    const screens = screensOf('exam_cfg/');
    const developing = await openEachScreen(admin, stack.url, screens, '体检配置');
    expect(developing).toEqual([]);
    expect(screens.length).toBeGreaterThanOrEqual(35);
    expect(pageErrors).toEqual([]);
  }, 240_000);

  // Issue 18: the text on a theme colour is chosen by contrast, so every colour of 参数设置 passes
  // axe-core. Switched the way the centre does it, in 参数设置.
  it.each([
    // Teal again, as the centre would choose it: the same points and screenshots in all three colours.
    ['default', '青绿（默认）'],
    ['yellow', '橙黄'],
    ['blue', '蓝色'],
  ] as const)(
    'shows login, 首页, a 体检配置 list and its drawer and 快速登记 in the %s theme with 0 critical, 0 serious',
    async (theme, colourLabel) => {
      await chooseColour(admin, colourLabel);
      const login = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
      await login.goto(`${stack.url}/#/`);
      await login.getByRole('button', { name: /登\s*录/ }).waitFor();
      await expectAccessible(login, `登录 (${theme})`);
      await login.screenshot({ path: screenshotPath(`theme-${theme}-login`) });
      await login.close();

      await go(admin, '/manager/exam_mg/home_page');
      await admin.reload();
      await admin.getByText(/(上午|下午|晚上)好/).waitFor();
      await admin.locator('.ant-statistic').first().waitFor();
      await expectAccessible(admin, `首页 (${theme})`);
      await admin.screenshot({ path: screenshotPath(`theme-${theme}-home`) });

      await go(admin, '/manager/exam_cfg/dept_cfg');
      await admin.locator('.ant-table-row').first().waitFor();
      await expectAccessible(admin, `科室配置 列表 (${theme})`);
      await admin.getByRole('button', { name: /新增/ }).first().click();
      await admin.getByRole('form').last().waitFor();
      await expectAccessible(admin, `科室配置 抽屉 (${theme})`);
      await admin.screenshot({ path: screenshotPath(`theme-${theme}-drawer`) });
      await admin.keyboard.press('Escape');

      await go(admin, '/manager/exam_mg/order_quick_register');
      await admin.getByRole('combobox', { name: '套餐' }).waitFor();
      await expectAccessible(admin, `快速登记 (${theme})`);
      await admin.screenshot({ path: screenshotPath(`theme-${theme}-register`) });
    },
  );
});
