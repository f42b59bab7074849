import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { label } from '../support/page-api.js';
import { openEachScreen, screensOf } from '../support/screens.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

/**
 * 客户管理 in Chromium (issue 22): every screen of the area is built and passes axe-core, and a company
 * is made in 单位档案. The chain from group order to a registered employee in the departments is drafted
 * in e2e/drafts/crm-group-chain.draft.ts (not yet passing, not run): issue 22 stays open on it.
 */
describe('客户管理: the group business from company to registered employees', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  const pageErrors: string[] = [];
  const go = (hashPath: string) => admin.goto(`${stack.url}/#${hashPath}`);
  const COMPANY = '明远电子科技有限公司';

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    admin.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a working screen at every route of the area', async () => {
    const developing = await openEachScreen(admin, stack.url, screensOf('crm/'), '客户管理');
    expect(developing).toEqual([]);
  }, 300_000);

  it('makes a company in 单位档案', async () => {
    await go('/manager/crm/cmp_arch');
    await admin
      .getByRole('button', { name: /新增单位/ })
      .first()
      .click();
    const drawer = admin.locator('.ant-drawer:visible');
    await drawer.getByLabel('单位名称', { exact: true }).fill(COMPANY);
    await drawer.getByLabel('联系人', { exact: true }).fill('钱立新');
    await drawer.getByRole('button', { name: label('保存') }).click();
    await admin.locator('tr:visible').filter({ hasText: COMPANY }).first().waitFor();
    await admin.screenshot({ path: screenshotPath('crm-company-saved') });
  });
});
