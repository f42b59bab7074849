import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { startDeviceSims, type DeviceSims } from '@checkup/device-sim';
import { expectAccessible } from '../support/axe.js';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { apiGet, apiPost, label } from '../support/page-api.js';
import { batchPrintSelected, passReview } from '../support/review.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

interface Dept {
  exam_dept_id: number;
  dept_name: string;
}

/** The text of a PDF as pdf.js reads it. */
async function pdfText(file: string): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(file)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function deptIdOf(page: Page, name: string): Promise<number> {
  const depts = await apiGet<Dept[]>(page, '/manager/api/departmentdiagnosis/my_depts');
  const dept = depts.find((d) => d.dept_name === name);
  if (!dept) throw new Error(`no department ${name} for this account`);
  return dept.exam_dept_id;
}

/**
 * A whole checkup day in Chromium, on the whole product with the device simulators on the spec's
 * ports. Issue 7: a registration clerk registers and prints the guide sheet, two department doctors
 * enter results, diagnose and sign, and the record lock and the draft behave as the spec says.
 * Issue 8: the same examinee goes through 初审, 主审 and 终审, the report is printed by staff and
 * at the kiosk, and a call from 叫号 reaches the queue display in the hall.
 */
describe('a checkup day: registration, department diagnosis (issue 7), review, report, kiosk and queue display (issue 8)', () => {
  let stack: Stack;
  let sims: DeviceSims;
  let browser: Browser;
  const pageErrors: string[] = [];
  let orderId = '';
  const jobsDir = mkdtempSync(path.join(tmpdir(), 'checkup-day-e2e-'));

  const go = (page: Page, hashPath: string) => page.goto(`${stack.url}/#${hashPath}`);
  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(error.message));
  const detailPath = (deptId: number) => `/manager/exam_mg/dept_diag_detail?order_id=${orderId}&exam_dept_id=${deptId}`;

  beforeAll(async () => {
    [stack, sims, browser] = await Promise.all([
      startTestStack(),
      startDeviceSims({ stepDelayMs: 50, jobsDir }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await sims?.close();
    await stack?.stop();
    rmSync(jobsDir, { recursive: true, force: true });
  });

  it('registers a new examinee from the ID card with a package and prints the guide sheet', async () => {
    const { page } = await loggedIn(browser, stack.url, 'reg');
    watch(page);
    await go(page, '/manager/exam_mg/order_quick_register');
    sims.idCard.queueCard({ name: '王建国', sex: '男' });
    await page.getByRole('button', { name: /读身份证/ }).click();
    await expect.poll(() => page.getByPlaceholder('姓名', { exact: true }).inputValue()).toBe('王建国');
    expect(await page.getByPlaceholder('18位身份证号').inputValue()).toMatch(/^110105199001011\d{2}[\dX]$/);

    await page.getByRole('combobox', { name: '套餐' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '入职体检套餐' }).click();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('¥198.00');
    await page.screenshot({ path: screenshotPath('register-quick-form') });
    await expectAccessible(page, '快速登记');

    await page.getByRole('button', { name: /^完成登记/ }).click();
    const title = await page
      .locator('.ant-result-title')
      .filter({ hasText: /登记成功，体检号 \d+/ })
      .textContent();
    orderId = /体检号 (\d+)/.exec(title ?? '')![1]!;

    // Issue 19: the desk asks what to print; here the guide sheet alone (速打 would add the labels).
    await page.getByRole('checkbox', { name: '条码' }).uncheck();
    await page.getByRole('button', { name: '打印所选' }).click();
    // The first print on this browser asks its workstation's name (打印配置).
    const naming = page.getByRole('dialog').filter({ hasText: '为本工作站命名' });
    await naming.getByLabel('工作站名称', { exact: true }).fill('登记台1');
    await naming.getByRole('button', { name: label('保存') }).click();
    const printer = sims.printServices[0]!;
    await expect.poll(() => printer.jobs().length, { timeout: 15_000 }).toBe(1);
    const [file] = printer.jobs()[0]!.files;
    expect(file).toMatchObject({ value: 1 });
    expect(readFileSync(file!.savedAs!).subarray(0, 5).toString()).toBe('%PDF-');
    await page.screenshot({ path: screenshotPath('register-saved-printed') });

    await go(page, `/manager/exam_mg/order_mg_detail?order_id=${orderId}`);
    await page.getByRole('button', { name: label('报到') }).click();
    await page.getByText('报到成功').waitFor();
    await page.screenshot({ path: screenshotPath('register-order-detail') });
    await page.context().close();
  });

  it('lets 陈建华 enter an abnormal blood pressure in 一般检查, match the diagnosis, save and sign', async () => {
    const { page } = await loggedIn(browser, stack.url, 'doctor1');
    watch(page);
    await go(page, detailPath(await deptIdOf(page, '一般检查')));
    const systolic = page.getByLabel('收缩压', { exact: true });
    await systolic.fill('150');
    await systolic.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('舒张压');
    await page.getByLabel('舒张压', { exact: true }).fill('80');
    await expect.poll(() => page.getByText('↑').count()).toBeGreaterThan(0);
    await page.getByTestId('bp-grade').filter({ hasText: '1级高血压' }).waitFor();
    // Issue 19: no signature over blank items — the measured values are typed, BMI follows them.
    await page.getByLabel('身高', { exact: true }).fill('170');
    await page.getByLabel('体重', { exact: true }).fill('65');
    await expect.poll(() => page.getByLabel('体重指数', { exact: true }).inputValue()).toBe('22.5');
    await page.getByLabel('脉搏', { exact: true }).fill('72');

    await page.getByRole('button', { name: label('匹配诊断') }).click();
    await expect.poll(() => page.getByLabel('小结1', { exact: true }).inputValue()).toContain('收缩压');
    await page.getByRole('button', { name: label('保存') }).click();
    await page
      .getByText(/保存成功/)
      .first()
      .waitFor();
    await page.screenshot({ path: screenshotPath('dept-diag-abnormal-saved') });
    await expectAccessible(page, '科室诊断');

    await page.getByRole('button', { name: label('签名') }).click();
    await page.getByText('本科室已签名，结果只读').waitFor();
    await page.context().close();
  });

  it('lets 赵敏 enter a critical white cell count in 检验科, which reaches 危急值管理', async () => {
    const { page } = await loggedIn(browser, stack.url, 'doctor2');
    watch(page);
    await go(page, detailPath(await deptIdOf(page, '检验科')));
    await page.getByLabel('白细胞计数', { exact: true }).fill('35');
    await page.getByText(/危急值：白细胞计数/).waitFor();
    // Issue 19: the rest of the panel takes the configured normal results in one action.
    await page.getByRole('button', { name: label('全部正常') }).click();
    await expect.poll(() => page.getByLabel('血红蛋白', { exact: true }).inputValue()).toBe('140');
    await page.getByRole('button', { name: label('保存') }).click();
    await page
      .getByText(/保存成功/)
      .first()
      .waitFor();
    await page.screenshot({ path: screenshotPath('dept-diag-critical-saved') });
    await page.getByRole('button', { name: label('签名') }).click();
    await page.getByText('本科室已签名，结果只读').waitFor();

    await go(page, '/manager/exam_mg/ser_dis_mg');
    const row = page.locator('tr').filter({ hasText: orderId }).filter({ hasText: '白细胞计数' });
    await row.waitFor();
    expect(await row.textContent()).toContain('35');
    await page.screenshot({ path: screenshotPath('critical-values-list') });
    await page.context().close();
  });

  it('tells a second doctor who holds the record, and closing the page releases the lock', async () => {
    const holder = await loggedIn(browser, stack.url, 'doctor1');
    watch(holder.page);
    const internal = await deptIdOf(holder.page, '内科');
    await go(holder.page, detailPath(internal));
    await holder.page.getByLabel('心脏', { exact: true }).waitFor();

    const other = await loggedIn(browser, stack.url, 'admin');
    watch(other.page);
    await go(other.page, detailPath(internal));
    await other.page.getByText(/该记录正在被「陈建华」编辑.*（只读打开）/).waitFor();
    expect(await other.page.getByRole('button', { name: label('保存') }).isDisabled()).toBe(true);
    await other.page.screenshot({ path: screenshotPath('dept-diag-locked') });

    await holder.page.close({ runBeforeUnload: true });
    await other.page.reload();
    await other.page.getByLabel('心脏', { exact: true }).waitFor();
    await expect.poll(() => other.page.getByRole('button', { name: label('保存') }).isDisabled()).toBe(false);
    expect(await other.page.getByText(/只读打开/).count()).toBe(0);
    await holder.context.close();
    await other.context.close();
  });

  it('keeps an unsaved entry as a draft 10 s after the edit and offers it when the record is reopened (issue 5)', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'doctor1');
    watch(page);
    const internal = await deptIdOf(page, '内科');
    await go(page, detailPath(internal));
    await page.getByLabel('心脏', { exact: true }).fill('心律不齐');
    await page.getByText('体检诊断已保存草稿！').waitFor({ timeout: 20_000 });

    await page.reload();
    await page.locator('.ant-modal-confirm-title').filter({ hasText: '是否恢复草稿' }).waitFor();
    await page.screenshot({ path: screenshotPath('dept-diag-draft-offered') });
    await page.getByRole('button', { name: label('恢复草稿') }).click();
    await expect.poll(() => page.getByLabel('心脏', { exact: true }).inputValue()).toBe('心律不齐');
    await context.close();
  });

  it('runs the day from the desks: 叫号 calls the next examinee with F2, and 数据监控 and 首页 show today', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'doctor3');
    watch(page);
    await go(page, '/manager/exam_mg/queue_mg_call');
    await page.getByText('尚未呼叫，按 F2 呼叫下一位').waitFor();
    await page.keyboard.press('F2');
    const current = page.getByTestId('current-examinee');
    await current.waitFor();
    expect(await current.textContent()).toMatch(/体检号 \d{14} · 已呼叫 1 次/);
    await page.keyboard.press('F3');
    await expect.poll(() => current.textContent()).toContain('已呼叫 2 次');
    await page.screenshot({ path: screenshotPath('queue-call-desk') });
    await context.close();

    const admin = await loggedIn(browser, stack.url, 'admin');
    watch(admin.page);
    await go(admin.page, '/manager/exam_mg/data_monitor');
    const orders = admin.page.locator('.ant-statistic').filter({ hasText: '今日订单' });
    await expect
      .poll(async () => Number(await orders.locator('.ant-statistic-content-value').textContent()))
      .toBeGreaterThan(0);
    await admin.page.screenshot({ path: screenshotPath('data-monitor') });
    await go(admin.page, '/manager/exam_mg/home_page');
    await admin.page.waitForTimeout(500);
    await admin.page.screenshot({ path: screenshotPath('home-page-today') });
    await admin.context.close();
  });

  it('finishes the other departments of the visit with normal results and signs them', async () => {
    // 眼科 measures visual acuity: typed, then 全部正常 and 保存并签名 (F9) on the screen (issue 19).
    const eyes = await loggedIn(browser, stack.url, 'doctor1');
    watch(eyes.page);
    await go(eyes.page, detailPath(await deptIdOf(eyes.page, '眼科')));
    await eyes.page.getByLabel('裸眼视力(左)', { exact: true }).fill('5.0');
    await eyes.page.getByLabel('裸眼视力(右)', { exact: true }).fill('5.0');
    await eyes.page.getByRole('button', { name: label('全部正常') }).click();
    await eyes.page.keyboard.press('F9');
    await eyes.page.getByText('本科室已签名，结果只读').waitFor();
    await eyes.context.close();

    for (const [account, depts] of [
      ['doctor1', ['内科', '外科']],
      ['doctor3', ['心电图室', '放射科']],
    ] as const) {
      const { page, context } = await loggedIn(browser, stack.url, account);
      for (const dept of depts) {
        const deptId = String(await deptIdOf(page, dept));
        await apiPost(page, '/manager/api/departmentdiagnosis/batch_normal_save', {
          exam_dept_id: deptId,
          order_ids: JSON.stringify([orderId]),
        });
        await apiGet(
          page,
          `/manager/api/departmentdiagnosis/order_dept_sign?order_id=${orderId}&exam_dept_id=${deptId}`,
        );
      }
      await context.close();
    }
  });

  it('takes the visit through 初审 (周文博), 主审 (郑雅琴) and 终审 (吴静), one person a level — issues 8, 17', async () => {
    const chief = await loggedIn(browser, stack.url, 'chief');
    watch(chief.page);
    await go(chief.page, `/manager/exam_mg/rev_apr_detail_first_trial?order_id=${orderId}`);
    const conclusion = chief.page.getByLabel('总检结论', { exact: true });
    await conclusion.waitFor();
    // A newer answer of the detail replaces what is on screen; on a loaded machine it can land just
    // after the click, so the chief examiner clicks again, as one would.
    const generate = chief.page.getByRole('button', { name: label('生成结论') });
    await expect
      .poll(async () => {
        if (!(await conclusion.inputValue())) await generate.click();
        return conclusion.inputValue();
      })
      .toContain('血压偏高');
    await chief.page.screenshot({ path: screenshotPath('review-first-trial') });
    await expectAccessible(chief.page, '总检审核');
    await passReview(chief.page);
    await chief.page.getByText('初审通过').first().waitFor();

    // The same chief examiner may not pass 主审 of the visit too.
    await go(chief.page, `/manager/exam_mg/rev_apr_detail?order_id=${orderId}`);
    await expect.poll(() => chief.page.getByLabel('总检结论', { exact: true }).inputValue()).toContain('血压偏高');
    await passReview(chief.page);
    await chief.page.getByText('您已完成该订单的初审，同一订单的各级审核须由不同的人完成').first().waitFor();
    await chief.page.screenshot({ path: screenshotPath('review-main-trial-refused') });
    await chief.context.close();

    const second = await loggedIn(browser, stack.url, 'chief2');
    watch(second.page);
    await go(second.page, `/manager/exam_mg/rev_apr_detail?order_id=${orderId}`);
    await expect.poll(() => second.page.getByLabel('总检结论', { exact: true }).inputValue()).toContain('血压偏高');
    await passReview(second.page);
    await second.page.getByText('主审通过').first().waitFor();
    await second.context.close();

    const reviewer = await loggedIn(browser, stack.url, 'reviewer');
    watch(reviewer.page);
    await go(reviewer.page, `/manager/exam_mg/rev_apr_detail?order_id=${orderId}`);
    await expect.poll(() => reviewer.page.getByLabel('总检结论', { exact: true }).inputValue()).toContain('血压偏高');
    await passReview(reviewer.page);
    await reviewer.page.getByText('终审通过，报告可打印').first().waitFor();
    await reviewer.context.close();
  });

  it('prints the report through the local print service; the PDF names the examinee and the diagnoses', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'reviewer');
    watch(page);
    await go(page, '/manager/exam_mg/print_rpt');
    const row = page.locator('tr').filter({ hasText: orderId });
    await row.locator('input[type=checkbox]').check();
    await expectAccessible(page, '报告打印');
    const printer = sims.printServices[0]!;
    const before = printer.jobs().length;
    // Declined, the print goes on with the centre's settings.
    await batchPrintSelected(page);
    expect(printer.jobs().length).toBe(before + 1);
    const [file] = printer.jobs().at(-1)!.files;
    expect(file).toMatchObject({ value: 1 });
    const text = await pdfText(file!.savedAs!);
    expect(text).toContain('王建国');
    expect(text).toContain('血压偏高');
    expect(text).toContain(orderId);
    await page.screenshot({ path: screenshotPath('report-printed') });
    await context.close();
    // About 5 s here, but twice over a minute in CI (cause not found): a long wait, and a miss says what the page showed.
  }, 150_000);

  it('lets the examinee print the same report at the kiosk with the ID card', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1024 }, locale: 'zh-CN' });
    const page = await context.newPage();
    watch(page);
    await page.goto(`${stack.kioskUrl}/#/self_print`);
    await page.getByRole('button', { name: /开始打印/ }).click();
    sims.idCard.queueCard({ name: '王建国', sex: '男' });
    await page.getByRole('button', { name: label('确认') }).click();
    const report = page.getByTestId('kiosk-report');
    await report.waitFor();
    expect(await report.count()).toBe(1);
    const printer = sims.printServices[0]!;
    const before = printer.jobs().length;
    await report.getByRole('button', { name: label('打印') }).click();
    await expect.poll(() => printer.jobs().length, { timeout: 30_000 }).toBe(before + 1);
    expect(await pdfText(printer.jobs().at(-1)!.files[0]!.savedAs!)).toContain('王建国');
    await page.screenshot({ path: screenshotPath('kiosk-report-list') });
    await expectAccessible(page, '自助打印');
    await context.close();
  });

  it('shows a call made from 叫号 on the queue display in the hall', async () => {
    const desk = await loggedIn(browser, stack.url, 'doctor1');
    watch(desk.page);
    const deptId = await deptIdOf(desk.page, '外科');
    const hall = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const display = await hall.newPage();
    watch(display);
    await display.goto(`${stack.url}/#/queue_page?dept_ids=${deptId}`);
    await display.getByText('外科').first().waitFor();

    await go(desk.page, '/manager/exam_mg/queue_mg_call');
    await desk.page.getByRole('combobox', { name: '科室' }).click();
    await desk.page.locator('.ant-select-item-option').filter({ hasText: '外科' }).click();
    await desk.page.getByText('尚未呼叫，按 F2 呼叫下一位').waitFor();
    await desk.page.keyboard.press('F2');
    const called = await desk.page.getByTestId('current-examinee').locator('h1').textContent();
    expect(called).toMatch(/^[A-Z]\d{3}$/);
    await display
      .getByText(new RegExp(`请 ${called} 号`))
      .first()
      .waitFor({ timeout: 15_000 });
    // The board follows the call too: the department no longer waits for its first call.
    await expect.poll(() => display.getByText('暂无呼叫').count()).toBe(0);
    await display.screenshot({ path: screenshotPath('queue-display') });
    await expectAccessible(display, '叫号屏');
    await hall.close();
    await desk.context.close();
  });

  it('raised no page error on any of these screens', () => {
    expect(pageErrors).toEqual([]);
  });
});
