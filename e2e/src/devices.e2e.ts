import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeviceSims, type DeviceSims } from '@checkup/device-sim';
import { launchChromium, screenshotPath } from '../support/browser.js';

const devicesRoot = fileURLToPath(new URL('../../libs/devices', import.meta.url));

/**
 * The device components in Chromium, talking to tools/device-sim across origins as the product page
 * talks to the helpers on a staff PC (CORS, real fetch and WebSocket). libs/devices/demo mounts them,
 * so apps/web is not needed.
 */
describe('device components against the simulators (issue 6)', () => {
  let sims: DeviceSims;
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const jobsDir = mkdtempSync(path.join(tmpdir(), 'devices-e2e-'));

  beforeAll(async () => {
    sims = await startDeviceSims({
      idCardPort: 0,
      fingerprintPort: 0,
      printServicePorts: [0],
      printHelperPort: 0,
      conversionPort: 0,
      jobsDir,
      stepDelayMs: 200,
    });
    vite = await createServer({
      root: devicesRoot,
      configFile: false,
      plugins: [react()],
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0 },
    });
    await vite.listen();
    browser = await launchChromium();
    page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const ports = sims.ports();
    const query = new URLSearchParams({
      idCardBase: sims.idCard.baseUrl,
      fingerprintUrl: sims.fingerprint.url,
      printServiceUrls: ports.printServices.map((port) => `http://127.0.0.1:${port}/`).join(','),
      printHelperUrl: `http://127.0.0.1:${ports.printHelper}/`,
    });
    await page.goto(`${vite.resolvedUrls!.local[0]}demo/?${query}`);
    await page.getByText('身份证读卡').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    await sims?.close();
    rmSync(jobsDir, { recursive: true, force: true });
  });

  it('reads the card placed on the reader while it polls', async () => {
    await page.getByRole('button', { name: /读取身份证/ }).click();
    await page.getByText('正在读卡，请将身份证放在读卡器上…').waitFor();
    sims.idCard.queueCard({ name: '李四', sex: '女' });
    await page.getByText('已读取：李四').waitFor();
    const card = JSON.parse((await page.getByTestId('id-card').textContent()) ?? '{}') as Record<string, unknown>;
    expect(card).toMatchObject({ cust_name: '李四', gender: '2', cust_birthday: '1990-01-01', folk: '汉' });
    await page.screenshot({ path: screenshotPath('devices-id-card') });
  });

  it('says in Chinese that the reader is not connected', async () => {
    sims.idCard.setMode('retcode1');
    await page.getByRole('button', { name: /读取身份证/ }).click();
    await page.getByText('读卡错误，请检查读卡器连接：读卡器未连接或端口打开失败').waitFor();
    sims.idCard.setMode('normal');
  });

  it('registers a fingerprint, then compares a new capture with it', async () => {
    sims.fingerprint.queueFinger({ finger: 'right-index' });
    await page.getByRole('button', { name: '登记指纹' }).click();
    const dialog = page.getByRole('dialog');
    // The press → lift → press again prompts last 200 ms each; the steps bar keeps the flow visible.
    await dialog.getByText('指纹注册成功', { exact: true }).last().waitFor();
    for (const step of ['按手指', '抬起手指', '再次按手指']) await dialog.getByText(step, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: '关 闭', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    sims.fingerprint.queueFinger({ finger: 'right-index' });
    await page.getByRole('button', { name: '比对指纹' }).click();
    await page.getByText('指纹比对成功（相似度 88，阈值 60）').waitFor();
    await page.screenshot({ path: screenshotPath('devices-fingerprint-match') });
    await page.getByRole('dialog').getByRole('button', { name: '关 闭', exact: true }).click();
  });

  it('shows a connection closed mid-flow', async () => {
    sims.fingerprint.queueFinger({ outcome: 'disconnect' });
    await page.getByRole('button', { name: '登记指纹' }).click();
    await page.getByText('指纹仪连接已关闭，请检查指纹服务后重试').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '关 闭', exact: true }).click();
  });

  it('finds the print controls and prints through the print service', async () => {
    await page.getByRole('button', { name: '检查打印控件' }).click();
    await page.getByText('打印控件均已就绪').waitFor();
    await page.getByRole('button', { name: '打印本页' }).click();
    await page.getByText('共1份，全部打印成功').waitFor();
    expect(sims.printServices[0]!.jobs()).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });
});
