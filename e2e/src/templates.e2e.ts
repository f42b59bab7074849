import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

/** antd writes two-character button labels with a space between them ("保 存"). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);
/** The drawer slides in and out: a screenshot waits until it has. */
const settled = (page: Page) => page.waitForTimeout(600);

/**
 * 自定义模板 in Chromium (issue 18 §2): the seeded default 导检单 is edited in the editor, its preview
 * follows, and the saved change is what the list shows; the barcode label is laid out the same way.
 */
describe('自定义模板: a template edited and previewed', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  const pageErrors: string[] = [];
  const go = (hashPath: string) => admin.goto(`${stack.url}/#${hashPath}`);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    admin.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('edits the default guide sheet: a new title and a hidden section show in the preview and are saved', async () => {
    await go('/manager/exam_cfg/self_defined_template/guide_sheet');
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
    await go('/manager/exam_cfg/self_defined_template/barcode');
    await admin.locator('.ant-table-row').filter({ hasText: '标准条码' }).getByRole('button', { name: '编辑' }).click();
    const form = admin.getByRole('form', { name: '条码模板' });
    await form.getByRole('region', { name: '打印预览' }).waitFor();
    await form.getByRole('combobox', { name: '体检号的位置' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '条码下方' }).click();
    await settled(admin);
    await admin.screenshot({ path: screenshotPath('templates-barcode-editor') });
    expect(pageErrors).toEqual([]);
  });
});
