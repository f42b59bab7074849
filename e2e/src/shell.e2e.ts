import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { APP_ROUTES, SIGNAL_HEADER } from '@checkup/api-contract';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { activeTab, loggedIn, tabLabels } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

const VERSION_CALL = '**/manager/api/commondata/version*';

describe('web shell in Chromium (issue 5)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page } = await loggedIn(browser, stack.url, 'admin'));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const go = (hashPath: string) => page.goto(`${stack.url}/#${hashPath}`);

  it('opens every route of the table with its title in a tab, without an error', async () => {
    const pages = APP_ROUTES.filter((r) => !r.isGroup);
    for (const route of pages) {
      // closeTag (spec §2) closes the tab left behind: built screens stay mounted while their tab is
      // open (keep-alive), and two hundred of them at once is not a desk anyone works at.
      await go(`${route.path}?closeTag=1`);
      await activeTab(page).getByText(route.title, { exact: true }).waitFor({ timeout: 10_000 });
    }
    expect(pageErrors).toEqual([]);
    // A built screen under a key its route does not have shows the developing page: the shell says so.
    expect(consoleErrors.filter((text) => text.includes('页面键不在路由表中'))).toEqual([]);
    expect(pages.length).toBeGreaterThan(200);
    expect((await tabLabels(page)).length).toBeLessThanOrEqual(2);
    await go('/manager/exam_mg/blood_mg');
    await page.getByText('采血管理 · 功能开发中').waitFor();
    await page.screenshot({ path: screenshotPath('shell-developing-screen') });
  }, 180_000);

  it('sends a menu group to its first child, which is built', async () => {
    await go('/manager/exam_mg/review_allot');
    await page.waitForURL(/review_allot\/first_review_allot$/);
    await activeTab(page).getByText('初审分配').waitFor();
    await expect(page.getByText('初审分配 · 功能开发中').count()).resolves.toBe(0);
  });

  it('restores the tabs after a reload', async () => {
    const before = await tabLabels(page);
    await page.reload();
    await activeTab(page).getByText('初审分配').waitFor();
    expect(await tabLabels(page)).toEqual(before);
    expect(before[0]).toBe('首页');
  });

  it('closes the departing tab when the next address carries closeTag', async () => {
    await go('/manager/exam_mg/order_mg_detail?order_id=20261121000001');
    await activeTab(page).getByText('登记详情').waitFor();
    await go('/manager/exam_mg/order_mg?closeTag=1');
    await activeTab(page).getByText('登记管理').waitFor();
    await page.waitForURL(/#\/manager\/exam_mg\/order_mg$/);
    expect(await tabLabels(page)).not.toContain('登记详情');
  });

  it('shows the developing page for an unknown address', async () => {
    await go('/manager/exam_mg/no_such_screen');
    await page.getByText('功能开发中', { exact: true }).waitFor();
    await go('/somewhere/else');
    await page.getByText('功能开发中', { exact: true }).waitFor();
  });

  it('filters the menu by the role and refuses a screen outside it', async () => {
    const doctor = await loggedIn(browser, stack.url, 'doctor2');
    const menu = doctor.page.getByTestId('side-menu');
    await menu.getByText('体检管理').waitFor();
    await expect(menu.getByText('系统设置').count()).resolves.toBe(0);
    await expect(menu.getByText('总检审核').count()).resolves.toBe(0);
    await doctor.page.screenshot({ path: screenshotPath('shell-doctor-menu') });
    await doctor.page.goto(`${stack.url}/#/manager/cfg/par_cfg`);
    await doctor.page.getByText('当前账号没有「参数设置」的菜单权限，请联系管理员。').waitFor();
    await doctor.context.close();
  });

  describe('signals of the BFF (spec §4)', () => {
    /** Answers the version call with `status` and the signal header, after `delayMs`. */
    const answerVersion =
      (status: number, signal: string, delayMs = 0) =>
      async (route: Route) => {
        await new Promise((r) => setTimeout(r, delayMs));
        await route.fulfill({
          status,
          contentType: 'application/json',
          headers: { [SIGNAL_HEADER]: signal },
          body: JSON.stringify({ status, data: status === 200 ? { param_value: 'Y' } : null, msg: '测试' }),
        });
      };

    it('a 402 goes to the external import page', async () => {
      const { context, page: p } = await loggedIn(browser, stack.url, 'admin');
      await p.route(VERSION_CALL, answerVersion(402, 'external-import'));
      await p.reload();
      await p.waitForURL(/#\/EimInfoImport$/);
      await p.getByText('外检信息导入 · 功能开发中').waitFor();
      await context.close();
    });

    it('maintenance remembers the route and goes back to it', async () => {
      const { context, page: p } = await loggedIn(browser, stack.url, 'admin');
      await p.goto(`${stack.url}/#/manager/exam_mg/order_mg?order_id=20261121000002`);
      await p.route(VERSION_CALL, answerVersion(200, 'maintenance'));
      await p.reload();
      await p.waitForURL(/#\/systemMaintain$/);
      await p.getByText('系统维护中').waitFor();
      await p.screenshot({ path: screenshotPath('shell-maintenance') });
      await p.unroute(VERSION_CALL);
      await p.getByTestId('maintain-back').click();
      await p.waitForURL(/#\/manager\/exam_mg\/order_mg\?order_id=20261121000002$/);
      await context.close();
    });

    it('a 401 asks a known user to log in again, then shows the login page', async () => {
      const { context, page: p } = await loggedIn(browser, stack.url, 'admin');
      // The user is known before the version answer arrives.
      await p.route(VERSION_CALL, answerVersion(401, 'relogin', 800));
      await p.reload();
      await p.getByText('登录信息已过期，请重新登录').waitFor();
      await p.screenshot({ path: screenshotPath('shell-relogin') });
      await p.getByRole('button', { name: '重新登录' }).click();
      await p.waitForURL(/#\/$/);
      await context.close();
    });

    it('非法访问 goes straight to the login page', async () => {
      const { context, page: p } = await loggedIn(browser, stack.url, 'admin');
      await p.route(VERSION_CALL, answerVersion(403, 'login', 300));
      await p.reload();
      await p.waitForURL(/#\/$/);
      await p.getByPlaceholder('请输入用户账号').waitFor();
      await context.close();
    });
  });
});
