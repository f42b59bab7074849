import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { label } from '../support/page-api.js';
import { openEachScreen, screensOf } from '../support/screens.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

/**
 * 统计分析 in Chromium (issue 24): every screen of the area is built and passes axe-core; then finance
 * reads the month's money two ways that must agree (支付方式 and 日收入统计), drills from a total to its lines,
 * exports it to Excel with the same 合计, refreshes the statistics on demand, and a group report is
 * defined, generated, submitted, approved and printed.
 */
describe('统计分析: the money of the day, the statistics and a group report', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let finance: Page;
  const pageErrors: string[] = [];
  const go = (page: Page, hashPath: string) => page.goto(`${stack.url}/#${hashPath}?closeTag=1`);
  /** The 合计 row's cell of a column, by the column's header text. */
  async function totalOf(page: Page, header: string): Promise<string> {
    const table = page.locator('.ant-table-wrapper:visible').first();
    const headers = await table.locator('thead th').allInnerTexts();
    const index = headers.findIndex((h) => h.trim() === header);
    expect(index, `${header} in ${headers.join(',')}`).toBeGreaterThanOrEqual(0);
    return (await table.locator('.ant-table-summary tr').first().locator('td').nth(index).innerText()).trim();
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    ({ page: finance } = await loggedIn(browser, stack.url, 'finance'));
    for (const page of [admin, finance]) page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a working screen at every route of the area', async () => {
    const developing = await openEachScreen(admin, stack.url, screensOf('bi/'), '统计分析');
    expect(developing).toEqual([]);
  }, 300_000);

  it('shows this month’s money the same in 支付方式 and 日收入统计, drills into it and exports it', async () => {
    await go(finance, '/manager/bi/report_export/payment_method');
    await finance.locator('.ant-table-summary').first().waitFor();
    const paid = await totalOf(finance, '金额');
    expect(Number(paid)).toBeGreaterThan(0);
    await finance.screenshot({ path: screenshotPath('bi-payment-method') });

    await go(finance, '/manager/bi/finance_report/daily_income');
    await finance.locator('.ant-table-summary:visible').first().waitFor();
    expect(await totalOf(finance, '总金额')).toBe(paid);
    await finance.screenshot({ path: screenshotPath('bi-daily-income') });

    // The first row's lines: as many as its 笔数.
    await go(finance, '/manager/bi/report_export/payment_method');
    const table = finance.locator('.ant-table-wrapper:visible').first();
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const headers = await table.locator('thead th').allInnerTexts();
    const count = Number(await firstRow.locator('td').nth(headers.indexOf('笔数')).innerText());
    await firstRow.click();
    const drawer = finance.locator('.ant-drawer:visible');
    await drawer.getByText(`共 ${count} 条`).waitFor();
    await finance.screenshot({ path: screenshotPath('bi-payment-method-drill') });
    await drawer.locator('.ant-drawer-close').click();

    const [download] = await Promise.all([
      finance.waitForEvent('download'),
      finance.getByRole('button', { name: /导出Excel/ }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const last = rows.at(-1)!;
    expect(last[1]).toBe('合计');
    expect(Number(last[4]).toFixed(2)).toBe(paid);
  }, 120_000);

  it('defines a group report, generates, submits, approves and prints it', async () => {
    await go(admin, '/manager/bi/group_report');
    await admin
      .getByRole('button', { name: label('新建') })
      .filter({ visible: true })
      .click();
    const modal = admin.locator('.ant-modal:visible').filter({ hasText: '新建团检报告' });
    const pick = async (name: string) => {
      await modal.getByLabel(name).click();
      await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await admin
        .locator('.ant-select-dropdown:visible')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await expect.poll(() => admin.locator('.ant-select-dropdown:visible').count()).toBe(0);
    };
    await pick('团体');
    await pick('订单');
    await modal.getByLabel('样本名称').fill('年度健康体检团体报告');
    if (
      (await modal
        .locator('.ant-form-item')
        .filter({ hasText: '分中心' })
        .locator('.ant-select-selection-item')
        .count()) === 0
    )
      await pick('分中心');
    await modal.getByRole('button', { name: label('保存') }).click();
    await modal.waitFor({ state: 'hidden' });
    const row = admin.locator('tr.ant-table-row:visible').filter({ hasText: '年度健康体检团体报告' });
    await row.getByRole('button', { name: label('生成') }).click();
    await row.getByRole('button', { name: label('提交') }).waitFor();
    await row.getByRole('button', { name: label('提交') }).click();
    await row.getByRole('button', { name: label('查看') }).click();
    await admin.getByRole('button', { name: '审核通过' }).filter({ visible: true }).click();
    await admin.getByRole('button', { name: '反审核' }).filter({ visible: true }).waitFor();
    await admin.screenshot({ path: screenshotPath('bi-group-report-detail') });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: '打印PDF' }).filter({ visible: true }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('refreshes the statistics on demand, and 科室分析 says when they are as of', async () => {
    await go(admin, '/manager/bi/dept_ana');
    const asOf = admin
      .getByText(/数据截至/)
      .filter({ visible: true })
      .first();
    await asOf.waitFor();
    await admin
      .getByRole('button', { name: /刷新统计/ })
      .filter({ visible: true })
      .click();
    await admin.getByText(/统计数据已刷新，共/).waitFor();
    await expect.poll(() => asOf.innerText()).toMatch(/数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await admin.locator('.ant-table-summary:visible').first().waitFor();
    await admin.screenshot({ path: screenshotPath('bi-dept-ana') });
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
