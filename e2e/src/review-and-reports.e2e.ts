import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ReviewWorklistRow } from '@checkup/api-contract';
import type { Stack } from '@checkup/launcher';
import { startDeviceSims, type DeviceSims } from '@checkup/device-sim';
import { expectAccessible } from '../support/axe.js';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { apiGet, label } from '../support/page-api.js';
import { batchPrintSelected, passReview } from '../support/review.js';
import { loggedIn } from '../support/session.js';
import { drawSignature } from '../support/signature.js';
import { startTestStack } from '../support/stack.js';

/** The text of a PDF as pdf.js reads it. */
async function pdfText(data: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data);
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** A name as a screen shows it, whole or masked (任*燕): the whole text, or followed by `after`. */
const shownName = (name: string, after?: string) =>
  after
    ? new RegExp(`${name[0]}\\S{0,${name.length - 1}}${after}`)
    : new RegExp(`^${name[0]}\\S{0,${name.length - 1}}$`);

/** The order status of a visit, as the review detail reads it. */
const statusOf = (page: Page, orderId: string) =>
  apiGet<{ order_status: string }>(page, `/manager/api/examreview/review_detail?order_id=${orderId}`).then(
    (d) => d.order_status,
  );

/**
 * Issue 20 in Chromium, on the whole product with the device simulators: two visits of the demo data
 * waiting for 初审 (every department signed). Visit A goes through 初审 (周文博, chief), 主审 (郑雅琴,
 * chief2) and 终审 (吴静, reviewer); in visit B 周文博 passes 初审 and takes it back (反审, with a reason)
 * before anyone starts 主审. A's report is then printed through the local print service, handed to the
 * report desk (报告入库), its collector told by SMS and the report picked up with a signature drawn on
 * screen (报告出库), and shared electronically (报告发送): the link opened in a fresh browser with the
 * extraction code shows the report, nobody signed in.
 */
describe('review levels and the report desk (issue 20)', () => {
  let stack: Stack;
  let sims: DeviceSims;
  let browser: Browser;
  const pageErrors: string[] = [];
  const jobsDir = mkdtempSync(path.join(tmpdir(), 'review-reports-e2e-'));
  let visitA: ReviewWorklistRow;
  let visitB: ReviewWorklistRow;

  const go = (page: Page, hashPath: string) => page.goto(`${stack.url}/#${hashPath}`);
  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(error.message));
  const segment = (page: Page, text: string) =>
    page.locator('.ant-segmented-item').filter({ hasText: new RegExp(`^${text}$`) });
  /** The message the screen answers with; an error or a warning instead fails the step with its text. */
  const toast = async (page: Page, text: string | RegExp) => {
    const notices = page.locator('.ant-message-notice');
    const refused = notices.filter({ has: page.locator('.ant-message-error, .ant-message-warning') });
    const answer = notices.filter({ hasText: text }).or(refused).first();
    await answer.waitFor();
    expect(await answer.innerText()).toMatch(text);
  };

  /** 初审 of a visit in its detail: the conclusion generated from the departments when empty, then 通过. */
  async function passFirstTrial(page: Page, orderId: string, shot: string) {
    await go(page, `/manager/exam_mg/rev_apr_detail_first_trial?order_id=${orderId}`);
    const conclusion = page.getByLabel('总检结论', { exact: true });
    await conclusion.waitFor();
    const generate = page.getByRole('button', { name: label('生成结论') });
    // A newer answer of the detail can replace what is on screen just after the click: click again.
    await expect
      .poll(async () => {
        if (!(await conclusion.inputValue())) await generate.click();
        return (await conclusion.inputValue()).length;
      })
      .toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath(shot) });
    await passReview(page);
    await toast(page, '初审通过');
  }

  beforeAll(async () => {
    [stack, sims, browser] = await Promise.all([
      startTestStack(),
      startDeviceSims({ stepDelayMs: 50, jobsDir }),
      launchChromium(),
    ]);
    // Two visits of the demo data waiting for 初审: not confidential, not occupational, no open
    // exception, not allotted to anyone, not returned.
    const { page, context } = await loggedIn(browser, stack.url, 'chief');
    const waiting = await apiGet<{ list: ReviewWorklistRow[] }>(
      page,
      '/manager/api/examreview/review_worklist?step=first&page=1&size=200',
    );
    const fit = waiting.list.filter(
      (r) =>
        r.special_flag !== '1' &&
        r.exam_type !== 'occupational' &&
        r.exception_flag === '0' &&
        r.reviewer_id === null &&
        r.return_reason === null,
    );
    expect(fit.length, 'demo visits waiting for 初审').toBeGreaterThanOrEqual(2);
    [visitA, visitB] = fit as [ReviewWorklistRow, ReviewWorklistRow];
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await sims?.close();
    await stack?.stop();
    rmSync(jobsDir, { recursive: true, force: true });
  });

  it('周文博 passes 初审 of A and of B, then takes B back (反审 with a reason) before 主审 starts', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'chief');
    watch(page);
    await passFirstTrial(page, visitA.order_id, 'review-a-first-trial');
    await expectAccessible(page, '初审详情');
    await passFirstTrial(page, visitB.order_id, 'review-b-first-trial');

    // 初审's worklist lists the visits I passed, where a 反审 is made.
    await go(page, '/manager/exam_mg/first_trial');
    await page.getByRole('combobox', { name: '列表范围' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '本人已初审（可反审）' }).click();
    const row = page.locator('tr').filter({ hasText: visitB.order_id });
    await row.getByRole('button', { name: label('查看') }).click();
    await page.waitForURL(/rev_apr_detail\?/);
    await page.getByRole('button', { name: '反审初审' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '反审（初审）' });
    // The reason is required.
    await dialog.getByRole('button', { name: '确认反审' }).click();
    await toast(page, '请填写反审原因');
    await page.locator('.ant-message-notice').filter({ hasText: '请填写反审原因' }).waitFor({ state: 'hidden' });
    await dialog.getByLabel('反审原因').fill('结论遗漏血脂异常，需重新初审');
    await page.screenshot({ path: screenshotPath('review-b-unpass-dialog') });
    await dialog.getByRole('button', { name: '确认反审' }).click();
    await toast(page, '已反审初审，订单回到待初审');
    await dialog.waitFor({ state: 'hidden' });
    // The review record keeps the 反审 with its reason.
    const record = page.locator('.ant-card').filter({ hasText: '审核记录' }).last();
    await record.getByText('结论遗漏血脂异常，需重新初审').waitFor();
    await expect.poll(() => statusOf(page, visitB.order_id)).toBe('depts_done');
    await page.screenshot({ path: screenshotPath('review-b-unpassed') });
    await context.close();
  });

  it('郑雅琴 passes 主审 and 吴静 终审 of A', async () => {
    const second = await loggedIn(browser, stack.url, 'chief2');
    watch(second.page);
    await go(second.page, `/manager/exam_mg/rev_apr_detail?order_id=${visitA.order_id}`);
    await expect.poll(() => second.page.getByLabel('总检结论', { exact: true }).inputValue()).not.toBe('');
    await second.page.getByText('待主审').first().waitFor();
    await second.page.screenshot({ path: screenshotPath('review-a-main-trial') });
    await passReview(second.page);
    await toast(second.page, '主审通过');
    await second.context.close();

    const reviewer = await loggedIn(browser, stack.url, 'reviewer');
    watch(reviewer.page);
    await go(reviewer.page, `/manager/exam_mg/rev_apr_detail?order_id=${visitA.order_id}`);
    await expect.poll(() => reviewer.page.getByLabel('总检结论', { exact: true }).inputValue()).not.toBe('');
    await reviewer.page.getByText('待终审').first().waitFor();
    await passReview(reviewer.page);
    await toast(reviewer.page, '终审通过，报告可打印');
    await expect.poll(() => statusOf(reviewer.page, visitA.order_id)).toBe('final_trial');
    await reviewer.context.close();
  });

  it('prints A in 报告打印 through the local print service', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'reviewer');
    watch(page);
    await go(page, '/manager/exam_mg/print_rpt');
    const search = page.getByLabel('姓名或体检号');
    await search.fill(visitA.order_id);
    await search.press('Enter');
    const row = page.locator('tr').filter({ hasText: visitA.order_id });
    await row.locator('input[type=checkbox]').check();
    const printer = sims.printServices[0]!;
    const before = printer.jobs().length;
    await batchPrintSelected(page);
    expect(printer.jobs().length).toBe(before + 1);
    const file = printer.jobs().at(-1)!.files[0]!;
    const text = await pdfText(new Uint8Array(readFileSync(file.savedAs!)));
    expect(text).toContain(visitA.cust_name);
    expect(text).toContain(visitA.order_id);
    await page.screenshot({ path: screenshotPath('report-a-printed') });
    await context.close();
    // batchPrintSelected waits up to 90 s for the outcome (see checkup-day's print step).
  }, 150_000);

  it('hands A over to the report desk, tells the examinee by SMS and hands it out with a drawn signature', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'reviewer');
    watch(page);

    // 报告入库: 终审交接 to the report desk.
    await go(page, '/manager/finance_mg/report_warehousing');
    const inSearch = page.getByLabel('姓名或体检号');
    await inSearch.fill(visitA.order_id);
    await inSearch.press('Enter');
    const inRow = page.locator('tr').filter({ hasText: visitA.order_id });
    await inRow.getByText('未交接').waitFor();
    await inRow.locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: '交接（1）' }).click();
    const handover = page.getByRole('dialog').filter({ hasText: '终审交接' });
    await handover.getByLabel('接收人').fill('报告室李娜');
    await page.screenshot({ path: screenshotPath('report-a-handover-dialog') });
    await expectAccessible(page, '报告入库（交接）');
    await handover.getByRole('button', { name: '确认交接' }).click();
    await handover.waitFor({ state: 'hidden' });
    // The list (未交接) no longer has it; 已交接 shows who took it.
    await segment(page, '已交接').click();
    const handed = page.locator('tr').filter({ hasText: visitA.order_id });
    await handed.getByText('报告室李娜').waitFor();
    await page.screenshot({ path: screenshotPath('report-a-handed-over') });

    // 报告出库: 领取通知 by SMS now (the logging transport by default).
    await go(page, '/manager/finance_mg/report_outgoing');
    const outSearch = page.getByLabel('姓名或体检号');
    await outSearch.fill(visitA.order_id);
    await outSearch.press('Enter');
    const outRow = page.locator('tr').filter({ hasText: visitA.order_id }).last();
    await outRow.getByRole('button', { name: '领取通知' }).click();
    const notice = page.getByRole('dialog').filter({ hasText: '领取通知' });
    const template = notice.getByRole('combobox', { name: '短信模板' });
    // The dialog may still be opening when 短信通知 is first clicked on a busy machine: click until it shows.
    await expect
      .poll(async () => {
        await notice.getByText('短信通知', { exact: true }).click();
        return template.isVisible();
      })
      .toBe(true);
    await template.click();
    await page.locator('.ant-select-item-option').filter({ hasText: '报告完成通知' }).click();
    await notice.getByText(/的体检报告（体检号/).waitFor();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await page.screenshot({ path: screenshotPath('report-a-notice-dialog') });
    await notice.getByRole('button', { name: '发送短信' }).click();
    await toast(page, '短信已提交发送');
    await notice.waitFor({ state: 'hidden' });
    await expect.poll(() => outRow.innerText()).toMatch(/已发送|待发送/);

    // 领取: method and collector, the signature drawn with the mouse.
    await outRow.getByRole('button', { name: '办理领取' }).click();
    const pickup = page.getByRole('dialog').filter({ hasText: '领取人签名' });
    await pickup.getByRole('combobox', { name: '发放方式' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '代领' }).click();
    await pickup.getByLabel('领取人', { exact: true }).fill('张丽（家属）');
    const pad = pickup.getByLabel('领取人签名区');
    await drawSignature(page, pad);
    await page.screenshot({ path: screenshotPath('report-a-pickup-signature') });
    await pickup.getByRole('button', { name: '确认领取' }).click();
    await toast(page, shownName(visitA.cust_name, '的报告已领取'));
    await pickup.waitFor({ state: 'hidden' });

    await segment(page, '已领取').click();
    const picked = page.locator('tr').filter({ hasText: visitA.order_id }).last();
    await picked.getByText('张丽（家属）').first().waitFor();
    expect(await picked.innerText()).toContain('代领');
    // The signature drawn is kept with the pick-up.
    const out = await apiGet<{ list: { order_id: string; has_signature: boolean; pickup_receiver: string | null }[] }>(
      page,
      `/manager/api/report_logistics/outgoing_list?picked=1&key=${visitA.order_id}&page=1&size=20`,
    );
    expect(out.list.find((r) => r.order_id === visitA.order_id)).toMatchObject({
      has_signature: true,
      pickup_receiver: '张丽（家属）',
    });
    // The wide list scrolled to its right end: 发放方式, 领取人 and 签名 beside 操作.
    await page
      .locator('.ant-table-content')
      .first()
      .evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await page.screenshot({ path: screenshotPath('report-a-picked-up') });
    await expectAccessible(page, '报告出库');
    await context.close();
  });

  it('shares A from 报告发送; the link opens in a fresh browser with the extraction code', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'reviewer');
    watch(page);
    const chooseA = async () => {
      await go(page, '/manager/exam_mg/send_rpt');
      await segment(page, '全部').click();
      const search = page.getByLabel('姓名或体检号');
      await search.fill(visitA.order_id);
      await search.press('Enter');
      await page.locator('tr').filter({ hasText: visitA.order_id }).click();
    };
    await chooseA();
    const panel = page.locator('.ant-card').filter({ hasText: '电子报告分享' }).last();
    await panel.getByRole('button', { name: '生成分享链接' }).click();
    const made = panel.getByRole('status', { name: '新分享链接' });
    await made.waitFor();
    const shown = await made.innerText();
    const link = /链接：(\S+)/.exec(shown)![1]!;
    const code = /提取码：(\S+)/.exec(shown)![1]!;
    await page.screenshot({ path: screenshotPath('report-a-share-link') });

    // The examinee's phone: a new browser, nobody signed in. The screen names the public listener by
    // its usual port; the test stack runs it on a free one.
    const url = new URL(link);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const examinee = await phone.newPage();
    watch(examinee);
    await examinee.goto(`${stack.kioskUrl}${url.pathname}${url.search}${url.hash}`);
    await examinee.getByLabel('提取码').fill(code);
    await examinee.getByRole('button', { name: '查看报告' }).click();
    await examinee.getByText(visitA.order_id).waitFor();
    await examinee.getByText(shownName(visitA.cust_name)).first().waitFor();
    await examinee.screenshot({ path: screenshotPath('report-a-share-opened') });
    await expectAccessible(examinee, '电子报告');
    const download = examinee.getByRole('link', { name: /下载体检报告/ });
    const pdf = await phone.request.get(new URL((await download.getAttribute('href'))!, stack.kioskUrl).href);
    expect(pdf.ok()).toBe(true);
    const body = new Uint8Array(await pdf.body());
    expect(Buffer.from(body.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await pdfText(body)).toContain(visitA.order_id);
    await phone.close();

    // Staff see the opening.
    await page.reload();
    await chooseA();
    await panel.getByText(/^1次/).waitFor();
    await context.close();
  });

  it('raised no page error on any of these screens', () => {
    expect(pageErrors).toEqual([]);
  });
});
