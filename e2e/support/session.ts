import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@checkup/api-contract';

/** A fresh browser context logged in through the real login page. */
export async function loggedIn(
  browser: Browser,
  origin: string,
  account: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${origin}/#/`);
  await page.getByPlaceholder('请输入用户账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/manager\/exam_mg\/home_page$/);
  return { context, page };
}

/** The label of the active page tab. */
export const activeTab = (page: Page) => page.locator('[data-testid=page-tabs] .ant-tabs-tab-active');
export const tabLabels = (page: Page) => page.locator('[data-testid=page-tabs] .ant-tabs-tab').allInnerTexts();
