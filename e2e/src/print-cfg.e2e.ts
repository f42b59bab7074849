import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { startDeviceSims, type DeviceSims } from '@checkup/device-sim';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';
import { label } from '../support/page-api.js';

/**
 * 打印配置 in Chromium (issue 17 §3): the helpers run on free ports, none on the spec's, so a print
 * reaches them only through the addresses the administrator sets; then 0110 moves the ID-card
 * reader and the kiosk reads the card from the new address.
 */
describe('打印配置 and the kiosk’s reader address in Chromium', () => {
  let stack: Stack;
  let sims: DeviceSims;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const jobsDir = mkdtempSync(path.join(tmpdir(), 'print-cfg-e2e-'));
  const watch = (p: Page) => p.on('pageerror', (error) => pageErrors.push(error.message));

  beforeAll(async () => {
    [stack, sims, browser] = await Promise.all([
      startTestStack(),
      startDeviceSims({
        idCardPort: 0,
        fingerprintPort: 0,
        printServicePorts: [0],
        printHelperPort: 0,
        conversionPort: 0,
        jobsDir,
        stepDelayMs: 50,
      }),
      launchChromium(),
    ]);
    ({ page } = await loggedIn(browser, stack.url, 'admin'));
    watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    await sims?.close();
    await stack?.stop();
    rmSync(jobsDir, { recursive: true, force: true });
  });

  it('names this workstation and sets the centre’s print service, helpers and report printer', async () => {
    await page.goto(`${stack.url}/#/manager/cfg/print_cfg`);
    await page.getByRole('button', { name: '命名本工作站' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('工作站名称').fill('管理员电脑');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await page.getByText('本工作站已命名为“管理员电脑”').waitFor();

    const ports = sims.ports();
    const defaults = page.getByRole('form', { name: '默认打印设置' });
    await defaults.getByLabel('打印服务地址', { exact: true }).fill(`http://127.0.0.1:${ports.printServices[0]}/`);
    await defaults.getByLabel('备用打印服务地址').fill('');
    await defaults.getByLabel('Word控件地址').fill(`http://127.0.0.1:${ports.printHelper}/`);
    await defaults.getByLabel('转换服务地址').fill(`http://127.0.0.1:${ports.conversion}/`);
    await defaults.getByLabel('报告打印机').fill('报告室激光打印机');
    await defaults.getByRole('button', { name: '保存默认设置' }).click();
    await page.getByText('默认打印设置已保存').waitFor();
    await page.getByRole('row').filter({ hasText: '管理员电脑' }).getByText('本机').waitFor();
    await page.getByText('报告室激光打印机', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('print-cfg'), fullPage: true });

    await page.getByRole('row').filter({ hasText: '管理员电脑' }).getByRole('button', { name: '编辑' }).click();
    await page.getByRole('form', { name: '工作站设置' }).waitFor();
    // The drawer slides in: shoot it once it rests against the right edge.
    await page.waitForFunction(() => {
      const box = document.querySelector('.ant-drawer-content-wrapper')?.getBoundingClientRect();
      return box !== undefined && Math.abs(box.right - window.innerWidth) < 1;
    });
    await page.screenshot({ path: screenshotPath('print-cfg-workstation') });
    await page.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await page.screenshot({ path: screenshotPath('print-cfg-workstation-end') });
    await page.getByRole('button', { name: label('取消') }).click();
  });

  it('prints a report at the configured print service on the configured report printer', async () => {
    await page.goto(`${stack.url}/#/manager/exam_mg/print_rpt`);
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await first.locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: /批量打印/ }).click();
    const printer = sims.printServices[0]!;
    await expect.poll(() => printer.jobs().length, { timeout: 30_000 }).toBe(1);
    expect(printer.jobs()[0]).toMatchObject({ printer_name: '报告室激光打印机', files: [{ value: 1 }] });
  });

  it('reads the kiosk’s card from the reader address 参数设置 gives 0110', async () => {
    await page.goto(`${stack.url}/#/manager/cfg/par_cfg`);
    const reader = page.getByRole('form', { name: '身份证读卡设置' });
    await reader.getByRole('textbox', { name: '读卡程序地址' }).fill(sims.idCard.baseUrl);
    await reader.getByRole('button', { name: /保存身份证读卡设置/ }).click();
    await page.getByText('身份证读卡设置已保存').waitFor();

    const kiosk = await browser.newContext({ viewport: { width: 1280, height: 1024 }, locale: 'zh-CN' });
    const screen = await kiosk.newPage();
    watch(screen);
    await screen.goto(`${stack.kioskUrl}/#/self_print`);
    await screen.getByRole('button', { name: /开始打印/ }).click();
    sims.idCard.queueCard({ name: '赵读卡', sex: '女' });
    // Nobody with this card had a checkup: the kiosk read it, and the server says so.
    await screen.getByRole('alert').filter({ hasText: '未找到您的体检记录' }).waitFor({ timeout: 15_000 });
    expect(sims.idCard.state()).toMatchObject({ queued: 0, reads: expect.any(Number) });
    expect(sims.idCard.state().reads).toBeGreaterThan(0);
    await screen.screenshot({ path: screenshotPath('kiosk-reader-from-0110') });
    await kiosk.close();
  });

  it('raised no page error on these screens', () => {
    expect(pageErrors).toEqual([]);
  });
});
