import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { label } from './page-api.js';

/** 通过 in a review detail, confirmed in the dialog it opens (issue 20: a pass asks first). */
export async function passReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: label('通过') }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认通过' }).click();
}

/**
 * 批量打印 of the rows selected in 报告打印, declining to name the workstation; waits for the page's own
 * outcome message (printed, failed, or downloaded because the service did not answer) and expects it
 * to say the one report printed, so that a failure says why.
 */
export async function batchPrintSelected(page: Page): Promise<void> {
  await page.getByRole('button', { name: /批量打印/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '为本工作站命名' })
    .getByRole('button', { name: '暂不命名' })
    .click();
  const outcome = page.locator('.ant-message-notice').filter({ hasText: /共1份|已改为下载/ });
  try {
    await outcome.first().waitFor({ timeout: 90_000 });
  } catch {
    // Say what the page showed instead, so that a slow or stuck print explains itself.
    const shown = await page.locator('.ant-message-notice, .ant-modal, .ant-progress').allInnerTexts();
    throw new Error(`批量打印 gave no outcome in 90 s; the page showed: ${JSON.stringify(shown)}`);
  }
  expect(await outcome.first().innerText()).toBe('共1份，全部打印成功');
}
