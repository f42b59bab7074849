import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import {
  cashierDayEndListRoute,
  costDetailRoute,
  examCardResource,
  financeDayEndListRoute,
  idNumberCheckChar,
  settleDetailRoute,
  settleOrdersRoute,
  toFen,
  type RouteOutput,
} from '@checkup/api-contract';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { apiGet, label } from '../support/page-api.js';
import { openEachScreen, screensOf } from '../support/screens.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

type CostDetail = RouteOutput<typeof costDetailRoute>;
interface CardList {
  list: { card_no: string; balance: string; has_password: boolean }[];
}
type DayEnds = RouteOutput<typeof cashierDayEndListRoute>;
type FinanceDayEnds = RouteOutput<typeof financeDayEndListRoute>;

/**
 * 财务管理 in Chromium (issue 23): every screen of the area is built and passes axe-core; then one
 * day's money end to end — the desk registers an examinee with a discount and an extra item, the
 * cashier takes the money in cash and from an exam card, returns the extra item to the card and
 * issues an invoice; finance settles a group order with a deduction; the cashier's and finance's
 * day-ends close and their totals agree with the lines.
 */
describe('财务管理: a day of money from the desk to the finance day-end', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let cashier: Page;
  let finance: Page;
  const pageErrors: string[] = [];
  const go = (page: Page, hashPath: string) => page.goto(`${stack.url}/#${hashPath}`);
  const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal:visible').filter({ hasText: title });
  let orderId = '';
  let cardNo = '';
  let cardFen = 0;
  let thyroidFen = 0;
  let dueFen = 0;

  /**
   * The new day-end opens in a drawer once its close has answered: wait for it, then close it, so that
   * its mask cannot come up after the next click (an Escape pressed before it opened missed it once).
   */
  async function closeDayEndDrawer(page: Page) {
    await page
      .getByText(/^日结明细 RJ\d+/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await page.locator('.ant-drawer-close:visible').first().click();
    await expect.poll(() => page.locator('.ant-drawer-mask:visible').count()).toBe(0);
  }

  const detail = (page: Page) => apiGet<CostDetail>(page, `${costDetailRoute.path}?order_id=${orderId}`);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    ({ page: cashier } = await loggedIn(browser, stack.url, 'cashier'));
    ({ page: finance } = await loggedIn(browser, stack.url, 'finance'));
    for (const page of [admin, cashier, finance]) page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a working screen at every route of the area', async () => {
    const developing = await openEachScreen(admin, stack.url, screensOf('finance_mg/'), '财务管理');
    expect(developing).toEqual([]);
  }, 300_000);

  it('registers an examinee with an extra item and a 95% rate at the desk', async () => {
    const { page, context } = await loggedIn(browser, stack.url, 'reg');
    await go(page, '/manager/exam_mg/order_quick_register');
    await page.getByPlaceholder('姓名', { exact: true }).fill('林思远');
    const first17 = '11010519900612301';
    const idInput = page.getByPlaceholder('18位身份证号');
    await idInput.fill(first17 + idNumberCheckChar(first17));
    await idInput.blur();
    await page.getByPlaceholder('手机号，或带区号的固定电话').fill('13912345678');
    await page.getByRole('combobox', { name: '套餐' }).fill('RZTJ');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toContain('198.00');
    await page.getByRole('combobox', { name: '加项' }).fill('jzxcc');
    await page.locator('.ant-select-item-option:visible').filter({ hasText: '甲状腺彩超' }).first().click();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toContain('278.00');
    await page.getByRole('button', { name: /整单折扣/ }).click();
    const rate = page.getByRole('dialog').filter({ hasText: '整单折扣' });
    await rate.getByRole('spinbutton', { name: '整单折扣' }).fill('95');
    await rate.getByRole('button', { name: label('应用') }).click();
    await expect.poll(() => page.getByTestId('order-total').textContent()).not.toContain('278.00');
    await page.keyboard.press('F9');
    const title = await page
      .locator('.ant-result-title')
      .filter({ hasText: /登记成功，体检号 \d+/ })
      .textContent();
    orderId = /体检号 (\d+)/.exec(title ?? '')![1]!;
    await page.screenshot({ path: screenshotPath('finance-desk-registered') });
    await context.close();
  });

  it('takes the money in cash and from an exam card at the cashier', async () => {
    const cards = await apiGet<CardList>(admin, `${examCardResource.routes.list.path}?state=已售&size=50`);
    const card = cards.list.find((c) => !c.has_password && toFen(c.balance) >= 10000)!;
    cardNo = card.card_no;
    cardFen = toFen(card.balance);
    const before = await detail(cashier);
    dueFen = toFen(before.due);
    thyroidFen = toFen(before.lines.find((l) => l.union_name === '甲状腺彩超')!.price);
    expect(dueFen).toBeGreaterThan(thyroidFen);

    await go(cashier, `/manager/finance_mg/cost_mg_detail?order_id=${orderId}`);
    await cashier.getByText(`体检号 ${orderId}`).waitFor();
    await cashier.getByRole('button', { name: label('收款') }).click();
    const collect = dialog(cashier, '收款');
    // The card pays the extra item's share; the rest in cash.
    await collect
      .getByRole('spinbutton', { name: '金额' })
      .first()
      .fill(((dueFen - thyroidFen) / 100).toFixed(2));
    await collect.getByRole('button', { name: '增加付款方式' }).click();
    await collect.getByRole('combobox', { name: '付款方式' }).nth(1).click();
    await cashier.locator('.ant-select-item-option:visible').filter({ hasText: '体检卡' }).click();
    await collect
      .getByRole('spinbutton', { name: '金额' })
      .nth(1)
      .fill((thyroidFen / 100).toFixed(2));
    await collect.getByRole('textbox', { name: '体检卡号' }).fill(cardNo);
    await cashier.screenshot({ path: screenshotPath('finance-cashier-collect') });
    await collect.getByRole('button', { name: '确认收款' }).click();
    await collect.waitFor({ state: 'hidden' });

    const after = await detail(cashier);
    expect(toFen(after.due)).toBe(0);
    expect(after.payments.map((p) => [p.pay_method, toFen(p.amount)]).sort()).toEqual(
      [
        ['cash', dueFen - thyroidFen],
        ['exam_card', thyroidFen],
      ].sort(),
    );
    const cardAfter = await apiGet<CardList>(admin, `${examCardResource.routes.list.path}?key=${cardNo}`);
    expect(toFen(cardAfter.list.find((c) => c.card_no === cardNo)!.balance)).toBe(cardFen - thyroidFen);
  });

  it('returns the extra item to the card and issues an invoice for the cash', async () => {
    const paid = await detail(cashier);
    const cardLine = paid.payments.find((p) => p.pay_method === 'exam_card')!;
    const cashLine = paid.payments.find((p) => p.pay_method === 'cash')!;
    await cashier.getByRole('button', { name: /退项/ }).click();
    const refund = dialog(cashier, '退项/退费');
    await refund.locator('tr').filter({ hasText: '甲状腺彩超' }).getByRole('checkbox').check();
    await refund.getByRole('spinbutton', { name: `退款金额-${cashLine.id}` }).fill('0');
    await refund.getByRole('spinbutton', { name: `退款金额-${cardLine.id}` }).fill((thyroidFen / 100).toFixed(2));
    await refund.getByRole('textbox', { name: '退项原因' }).fill('体检者不做甲状腺彩超');
    await cashier.screenshot({ path: screenshotPath('finance-cashier-refund') });
    await refund.getByRole('button', { name: '确认退项' }).click();
    await refund.waitFor({ state: 'hidden' });
    const returned = await detail(cashier);
    expect(returned.lines.find((l) => l.union_name === '甲状腺彩超')!.returned).toBe(true);
    expect(returned.payments.find((p) => p.kind === 'refund')).toMatchObject({ pay_method: 'exam_card' });
    const cardAfter = await apiGet<CardList>(admin, `${examCardResource.routes.list.path}?key=${cardNo}`);
    expect(toFen(cardAfter.list.find((c) => c.card_no === cardNo)!.balance)).toBe(cardFen);
    await cashier.screenshot({ path: screenshotPath('finance-cost-detail') });

    await go(cashier, '/manager/finance_mg/invoice_mg');
    await cashier
      .getByRole('button', { name: label('开票') })
      .first()
      .click();
    const issue = dialog(cashier, '开票');
    await issue.getByRole('textbox', { name: '体检号/卡号' }).fill(orderId);
    await issue.getByRole('button', { name: '查询可开票金额' }).click();
    await issue
      .getByText((cashLine.amount as string).replace(/\.00$/, ''))
      .first()
      .waitFor();
    await issue.getByRole('textbox', { name: '抬头' }).fill('林思远');
    const download = cashier.waitForEvent('download').catch(() => null);
    await issue.getByRole('button', { name: '开票并打印' }).click();
    await issue.waitFor({ state: 'hidden' });
    await download;
    await cashier.locator('tr:visible').filter({ hasText: orderId }).first().waitFor();
    await cashier.screenshot({ path: screenshotPath('finance-invoice-issued') });
  });

  it('settles a group order with a deduction and checks it out', async () => {
    const orders = await apiGet<RouteOutput<typeof settleOrdersRoute>>(finance, settleOrdersRoute.path);
    const order = orders.list.find((o) => toFen(o.receivable) > 0)!;
    await go(finance, `/manager/finance_mg/team_balance_accounts_detail?id=${order.id}`);
    await finance.getByText(order.order_no).first().waitFor();
    await finance.getByRole('button', { name: /新建结算单/ }).click();
    const create = dialog(finance, '新建结算单');
    await create.getByRole('checkbox', { name: '预结算' }).check();
    await create.getByRole('button', { name: '生成结算单' }).click();
    await create.waitFor({ state: 'hidden' });
    const row = finance.locator('tr:visible').filter({ hasText: '草稿' }).first();
    await row.getByRole('button', { name: '明细' }).click();
    await finance.getByRole('textbox', { name: '减免金额' }).fill('50.00');
    await finance.getByRole('button', { name: '分摊减免' }).click();
    await finance.getByText('减免已分摊').waitFor();
    await finance.screenshot({ path: screenshotPath('finance-settlement-deducted') });
    await row.getByRole('button', { name: '审核' }).click();
    await finance.locator('tr:visible').filter({ hasText: '已审核' }).first().waitFor();
    await finance
      .locator('tr:visible')
      .filter({ hasText: '已审核' })
      .first()
      .getByRole('button', { name: '结账' })
      .click();
    const checkout = dialog(finance, '结账');
    const settled = await apiGet<RouteOutput<typeof settleDetailRoute>>(
      finance,
      `${settleDetailRoute.path}?group_order_id=${order.id}`,
    );
    const statement = settled.statements.find((st) => st.state === '已审核')!;
    expect(toFen(statement.deduction)).toBe(5000);
    expect(toFen(statement.net_amount)).toBe(toFen(statement.settle_amount) + toFen(statement.fee_total) - 5000);
    const netText = statement.net_amount;
    await checkout.getByRole('textbox', { name: '实际结帐金额' }).fill(netText);
    await checkout.getByRole('combobox', { name: '付款方式1' }).click();
    await finance.locator('.ant-select-item-option:visible').filter({ hasText: '转账' }).click();
    await checkout.getByRole('textbox', { name: '付款金额1' }).fill(netText);
    await finance.screenshot({ path: screenshotPath('finance-settlement-checkout') });
    await checkout.getByRole('button', { name: '确认结账' }).click();
    await checkout.waitFor({ state: 'hidden' });
    await finance.locator('tr:visible').filter({ hasText: '已结账' }).first().waitFor();
  });

  it('closes the cashier’s and finance’s day-ends, and the finance day-end is their sum', async () => {
    // The cashier: cash in, the card's payment and its refund (not money received), the invoice.
    await go(cashier, '/manager/finance_mg/day_end_mg');
    await cashier.getByText('本人未日结').first().waitFor();
    await cashier
      .getByRole('button', { name: label('日结') })
      .first()
      .click();
    await cashier
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: label('日结') })
      .click();
    await expect
      .poll(async () => (await apiGet<DayEnds>(cashier, cashierDayEndListRoute.path)).list.length)
      .toBeGreaterThan(0);
    await closeDayEndDrawer(cashier);
    const [mine] = (await apiGet<DayEnds>(cashier, cashierDayEndListRoute.path)).list;
    const cashFen = dueFen - thyroidFen;
    expect(toFen(mine!.received_total)).toBe(cashFen);
    expect(toFen(mine!.total)).toBe(cashFen);
    expect(toFen(mine!.invoice_total)).toBe(cashFen);
    await cashier.screenshot({ path: screenshotPath('finance-cashier-day-end') });

    // Finance closes its own lines (the settlement), then rolls both up.
    await go(finance, '/manager/finance_mg/day_end_mg');
    await finance.getByText('本人未日结').first().waitFor();
    await finance
      .getByRole('button', { name: label('日结') })
      .first()
      .click();
    await finance
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: label('日结') })
      .click();
    await expect
      .poll(async () => (await apiGet<DayEnds>(finance, `${cashierDayEndListRoute.path}?size=50`)).list.length)
      .toBeGreaterThan(1);
    await closeDayEndDrawer(finance);
    const cashierDayEnds = (await apiGet<DayEnds>(finance, `${cashierDayEndListRoute.path}?size=50`)).list;
    await finance.getByRole('tab', { name: '财务日结' }).click();
    await finance.getByRole('button', { name: '财务日结' }).click();
    await finance
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: label('日结') })
      .click();
    await expect
      .poll(async () => (await apiGet<FinanceDayEnds>(finance, financeDayEndListRoute.path)).list.length)
      .toBe(1);
    const [rolled] = (await apiGet<FinanceDayEnds>(finance, financeDayEndListRoute.path)).list;
    const sum = cashierDayEnds.reduce((s, d) => s + toFen(d.total), 0);
    expect(toFen(rolled!.total)).toBe(sum);
    expect(rolled!.cashier_count).toBe(cashierDayEnds.length);
    await finance.screenshot({ path: screenshotPath('finance-finance-day-end') });
    expect(pageErrors).toEqual([]);
  }, 150_000);
});
