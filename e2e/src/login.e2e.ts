import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { expectAccessible } from '../support/axe.js';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { startTestStack } from '../support/stack.js';

const TEAL = 'rgb(48, 191, 190)';

describe('login slice in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows the Chinese login page in the default teal theme', async () => {
    await page.goto(`${stack.url}/#/`);
    await page.getByText('示范医院体检中心').waitFor();
    await expect(page.getByText('健康体检管理系统 · 工作人员登录').isVisible()).resolves.toBe(true);
    const button = page.getByRole('button', { name: /登\s*录/ });
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TEAL);
    await page.waitForFunction(() => document.title === '示范医院体检中心 - 体检管理系统');
    await page.screenshot({ path: screenshotPath('login-page') });
    await expectAccessible(page, '登录');
  });

  it('refuses a wrong password with the spec message and changes nothing else', async () => {
    await page.getByPlaceholder('请输入用户账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('alert').getByText('用户账号或密码错误').waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    expect(await page.getByPlaceholder('请输入用户账号').inputValue()).toBe('admin');
    expect(await context.cookies()).toEqual([]);
    await page.screenshot({ path: screenshotPath('login-wrong-password') });
  });

  it('logs in and shows the user on the home page with an HttpOnly SameSite=Strict cookie', async () => {
    await page.getByPlaceholder('请输入密码').fill('Checkup@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/manager\/exam_mg\/home_page$/);
    await page.getByTestId('current-user').getByText('系统管理员').waitFor();
    await page.getByText(/(上午|下午|晚上)好，系统管理员/).waitFor();
    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ name: 'checkup_sid', httpOnly: true, sameSite: 'Strict' });
    const header = page.locator('.ant-layout-header').first();
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TEAL);
    await page.screenshot({ path: screenshotPath('home-page') });
    await expectAccessible(page, '首页');
  });

  it('stays logged in after a reload', async () => {
    await page.reload();
    await page.getByTestId('current-user').getByText('系统管理员').waitFor();
    expect(new URL(page.url()).hash).toBe('#/manager/exam_mg/home_page');
  });

  it('logs out, after which the session no longer opens the manager pages', async () => {
    const oldCookies = await context.cookies();
    await page.getByTestId('current-user').hover();
    await page.getByText('退出登录').click();
    await page.waitForURL(/#\/$/);
    expect(await context.cookies()).toEqual([]);

    await page.goto(`${stack.url}/#/manager/exam_mg/home_page`);
    await page.waitForURL(/#\/$/);
    await page.getByPlaceholder('请输入用户账号').waitFor();

    // The old cookie, replayed, is worthless.
    const replay = await fetch(`${stack.url}/manager/api/login/user_info`, {
      headers: { cookie: `${oldCookies[0]!.name}=${oldCookies[0]!.value}` },
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ status: 401 });
  });
});
