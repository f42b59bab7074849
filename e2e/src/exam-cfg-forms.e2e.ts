import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

/**
 * 体检配置's templates in Chromium (issue 18 §2): the ultrasound sign words compose a report's 描述 and
 * 结论 in the preview; a body-part node with children is not removed; a questionnaire's questions show
 * their branches; the HIS screens say that no HIS is configured.
 */
describe('体检配置: ultrasound templates, questionnaires and HIS screens', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  const pageErrors: string[] = [];
  const go = (hashPath: string) => admin.goto(`${stack.url}/#${hashPath}`);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    admin.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('previews what 肝脏’s sign words compose, and refuses to remove a node with children', async () => {
    await go('/manager/exam_cfg/ultrasonic_cfg/item_symptom');
    const item = admin.getByRole('combobox', { name: '预览的超声项目' });
    await item.click();
    await item.fill('肝脏');
    await admin.locator('.ant-select-item-option').filter({ hasText: '肝脏（GZ）' }).click();
    await admin.getByRole('checkbox', { name: /脂肪肝（轻度）/ }).check();
    await admin.getByLabel('组合结果').getByText('轻度脂肪肝', { exact: true }).waitFor();
    expect(await admin.getByRole('checkbox', { name: /肝脏未见异常/ }).isChecked()).toBe(false);
    await admin.locator('.ant-select-dropdown').last().waitFor({ state: 'hidden' });
    await admin.screenshot({ path: screenshotPath('exam-cfg-us-sign-preview') });

    await go('/manager/exam_cfg/ultrasonic_cfg/classify');
    const root = admin.locator('.ant-table-row').filter({ hasText: 'Abdomen' });
    await root.getByRole('button', { name: '删除' }).click();
    await admin
      .getByRole('button', { name: /^删\s*除$/ })
      .last()
      .click();
    await admin.getByText('该分类下还有3个下级分类，请先删除或移走下级分类').waitFor();
    await admin.screenshot({ path: screenshotPath('exam-cfg-us-classify') });
  });

  it('shows the health questionnaire’s questions with their branches', async () => {
    await go('/manager/exam_cfg/questionnaire_cfg');
    await admin
      .locator('.ant-table-row')
      .filter({ hasText: '健康体检问卷（成人）' })
      .getByRole('button', { name: '题目' })
      .click();
    await admin.getByText('问卷：健康体检问卷（成人）').waitFor();
    await admin.getByText(/A\.是→Q2/).waitFor();
    await admin.screenshot({ path: screenshotPath('exam-cfg-questionnaire-detail') });
  });

  it('says plainly on both HIS screens that no HIS is configured', async () => {
    for (const screen of ['his_msg', 'his_change_handling']) {
      await go(`/manager/exam_cfg/his_sync/${screen}`);
      await admin.getByText(/^未配置HIS接口：/).waitFor();
      await admin.screenshot({ path: screenshotPath(`exam-cfg-${screen}`) });
    }
    expect(pageErrors).toEqual([]);
  });
});
