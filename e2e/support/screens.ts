import type { Page } from 'playwright-core';
import { APP_ROUTES, type AppRoute } from '@checkup/api-contract';
import { expectAccessible } from './axe.js';
import { screenshotPath } from './browser.js';
import { activeTab } from './session.js';

/** The screens (not groups) of the route table whose menu key starts with one of these prefixes. */
export const screensOf = (...prefixes: string[]): AppRoute[] =>
  APP_ROUTES.filter((r) => !r.isGroup && prefixes.some((p) => r.menuKey.startsWith(p)));

/**
 * Opens each screen in its tab, waits until it shows (a lazy chunk shows its card once loaded, a detail
 * page opened without its record an Alert or an Empty saying so, the developing page a Result), checks
 * it with axe-core and takes its screenshot; answers the titles of those that show 功能开发中.
 */
export async function openEachScreen(page: Page, origin: string, routes: readonly AppRoute[], area: string) {
  const developing: string[] = [];
  for (const route of routes) {
    await page.goto(`${origin}/#${route.path}?closeTag=1`);
    await activeTab(page).getByText(route.title, { exact: true }).waitFor({ timeout: 10_000 });
    // The open tabs' screens stay mounted, hidden (首页's cards first of all): the shown one is the one.
    await page
      .locator('.ant-card:visible, .ant-alert:visible, .ant-empty:visible, .ant-result:visible')
      .first()
      .waitFor({ timeout: 15_000 });
    if ((await page.getByText(/功能开发中/).count()) > 0) developing.push(route.title);
    // Every screen built on the shared widgets passes axe-core, once its list has loaded.
    await page
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    await expectAccessible(page, `${area} ${route.title}`);
    await page.screenshot({
      path: screenshotPath(`${route.menuKey.split('/')[0]}-${route.screenKey.replaceAll('/', '-')}`),
    });
  }
  return developing;
}
