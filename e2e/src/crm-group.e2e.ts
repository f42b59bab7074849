import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@checkup/launcher';
import { GROUP_LIST_COLUMNS, idNumberCheckChar } from '@checkup/api-contract';
import { launchChromium, screenshotPath } from '../support/browser.js';
import { apiGet, apiPost, label } from '../support/page-api.js';
import { openEachScreen, screensOf } from '../support/screens.js';
import { loggedIn } from '../support/session.js';
import { startTestStack } from '../support/stack.js';

/**
 * 客户管理 in Chromium (issue 22): every screen of the area is built and passes axe-core; then the
 * group business from company to a registered employee in the departments — a company made in 单位档案,
 * a group order with two groups submitted and approved by a leader, a 50-row list with 3 bad rows
 * imported (the error report downloaded), 预登记, 批量登记 in 团检登记名单, 报到 at the desk and the visit
 * opened in 科室诊断. The order's and the groups' fields go in through the calls the forms make (their
 * forms are the resource layer's, tried in jsdom); every move of the chain is clicked.
 */
describe('客户管理: the group business from company to registered employees', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  const pageErrors: string[] = [];
  const go = (hashPath: string) => admin.goto(`${stack.url}/#${hashPath}`);
  const COMPANY = '明远电子科技有限公司';
  let orderId = 0;
  let orderNo = '';
  let visitNo = '';

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    ({ page: admin } = await loggedIn(browser, stack.url, 'admin'));
    admin.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a working screen at every route of the area', async () => {
    const developing = await openEachScreen(admin, stack.url, screensOf('crm/'), '客户管理');
    expect(developing).toEqual([]);
  }, 300_000);

  it('makes a company in 单位档案', async () => {
    await go('/manager/crm/cmp_arch');
    await admin
      .getByRole('button', { name: /新增单位/ })
      .first()
      .click();
    const drawer = admin.locator('.ant-drawer:visible');
    await drawer.getByLabel('单位名称', { exact: true }).fill(COMPANY);
    await drawer.getByLabel('联系人', { exact: true }).fill('钱立新');
    await drawer.getByRole('button', { name: label('保存') }).click();
    await admin.locator('tr:visible').filter({ hasText: COMPANY }).first().waitFor();
    await admin.screenshot({ path: screenshotPath('crm-company-saved') });
  });

  it('submits a group order with two groups and a leader approves it', async () => {
    const options = await apiGet<{
      companies: { value: number; label: string }[];
      packages: { value: number; label: string }[];
    }>(admin, '/manager/api/crm/group_order/options');
    const companyId = options.companies.find((c) => c.label.includes(COMPANY))!.value;
    const pkg = (name: string) => options.packages.find((p) => p.label.includes(name))!.value;
    const year = new Date().getFullYear();
    const saved = await apiPost<{ id: number; order_no: string }>(admin, '/manager/api/crm/group_order/save', {
      order_name: `明远电子${year}年度职工体检`,
      company_id: String(companyId),
      exam_type: 'health',
      plan_from: `${year}-01-01`,
      plan_to: `${year}-12-31`,
      plan_male: '30',
      plan_female: '20',
      exam_mode: 'inside',
      report_delivery: 'company',
      desk_note: '请提醒受检者空腹',
    });
    orderId = saved.id;
    orderNo = saved.order_no;
    for (const [name, sex, pkgName, price] of [
      ['男职工组', '1', '基础体检套餐(男)', '458.00'],
      ['女职工组', '2', '基础体检套餐(女)', '498.00'],
    ] as const) {
      await apiPost(admin, '/manager/api/crm/group_price/save', {
        group_order_id: String(orderId),
        group_name: name,
        package_id: String(pkg(pkgName)),
        gender_limit: sex,
        marital_limit: '0',
        priority: '0',
        pay_mode: 'company',
        price,
        hide_price: 'false',
        paused: 'false',
      });
    }

    await go(`/manager/crm/group_unit_mg_detail?id=${orderId}`);
    await admin.getByText(orderNo).first().waitFor();
    await admin.getByRole('button', { name: label('提交') }).click();
    await admin.getByText('已提交', { exact: true }).first().waitFor();
    await admin.getByRole('button', { name: label('审核') }).click();
    const dialog = admin.locator('.ant-modal:visible');
    await dialog.getByLabel('审批意见', { exact: true }).fill('人数与预算核对无误，同意。');
    await dialog.getByRole('radio', { name: '通过', exact: true }).check();
    await dialog.getByRole('button', { name: label('确定') }).click();
    await admin.getByText('审核通过', { exact: true }).first().waitFor();
    await admin.screenshot({ path: screenshotPath('crm-group-order-approved') });
  });

  it('imports a 50-row list with 3 bad rows, downloads the error report and prepares the good ones', async () => {
    const file = await employeeList();
    await go(`/manager/crm/group_list_import_detail?id=${orderId}`);
    const chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: /选择名单文件导入/ }).click();
    await (
      await chooser
    ).setFiles({
      name: '明远电子名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await admin.getByText('共50行：新增47人，更新0人，未导入3行').waitFor({ timeout: 60_000 });
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: /下载错误报告/ }).click();
    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile(await (await download).path());
    const reported = report.worksheets[0]!.getSheetValues().filter(Boolean).length - 1;
    expect(reported).toBe(3);
    await admin.screenshot({ path: screenshotPath('crm-list-imported') });

    await admin.getByRole('button', { name: /全部预登记/ }).click();
    await admin
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: label('确定') })
      .click();
    await admin.getByText('预登记完成：47人').first().waitFor({ timeout: 60_000 });
    await admin.screenshot({ path: screenshotPath('crm-list-prepared') });
  });

  it('batch-registers the prepared people, checks one in at the desk and opens the visit in 科室诊断', async () => {
    const listed = await apiGet<{ list: { order_id: string | null; status: string }[] }>(
      admin,
      `/manager/api/crm/group_register/list?group_order_id=${orderId}&page=1&size=200`,
    );
    expect(listed.list.filter((p) => p.status === 'prepared')).toHaveLength(47);

    await go('/manager/crm/group_register_list');
    const table = admin.locator('.ant-table:visible').first();
    await table.locator('tr').filter({ hasText: orderNo }).first().waitFor();
    // Select the order's people on the first page (the newest first) and register them in one go.
    await table.locator('thead .ant-checkbox-input').check();
    await admin.getByRole('button', { name: label('批量登记') }).click();
    const result = admin.locator('.ant-modal:visible').filter({ hasText: '批量登记结果' });
    await result.getByText(/成功 \d+ 人/).waitFor();
    await admin.screenshot({ path: screenshotPath('crm-batch-registered') });
    await result.getByRole('button', { name: label('确定') }).click();
    await result.waitFor({ state: 'hidden' });

    const after = await apiGet<{ list: { order_id: string | null; status: string }[] }>(
      admin,
      `/manager/api/crm/group_register/list?group_order_id=${orderId}&page=1&size=200`,
    );
    visitNo = after.list.find((p) => p.status === 'registered')!.order_id!;

    await go(`/manager/exam_mg/order_mg_detail?order_id=${visitNo}`);
    await admin.getByRole('button', { name: label('打印导检单') }).waitFor();
    await admin.screenshot({ path: screenshotPath('crm-desk-detail') });
    await admin.getByRole('button', { name: label('报到') }).click();
    await admin.getByText('报到成功').waitFor();

    // The visit is in the worklist of each of its departments today: 科室诊断 opens it from there.
    const today = await admin.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const depts = await apiGet<{ exam_dept_id: number; dept_name: string }[]>(
      admin,
      '/manager/api/departmentdiagnosis/my_depts',
    );
    let dept: { exam_dept_id: number; dept_name: string } | undefined;
    for (const d of depts) {
      const found = await apiGet<{ list: unknown[] }>(
        admin,
        `/manager/api/departmentdiagnosis/dept_worklist?exam_dept_id=${d.exam_dept_id}&exam_date=${today}&keyword=${visitNo}`,
      );
      if (found.list.length === 1) {
        dept = d;
        break;
      }
    }
    expect(dept, '报到后的体检者应出现在某个科室的工作列表中').toBeDefined();
    await go(`/manager/exam_mg/dept_diag_detail?order_id=${visitNo}&exam_dept_id=${dept!.exam_dept_id}`);
    // The earlier tabs stay mounted, hidden: what counts is what the 科室诊断 tab shows.
    await admin.getByText(visitNo).filter({ visible: true }).first().waitFor();
    await admin.getByText(dept!.dept_name).filter({ visible: true }).first().waitFor();
    await admin.screenshot({ path: screenshotPath('crm-visit-in-dept') });
    expect(pageErrors).toEqual([]);
  });
});

/** 50 employees of the health template: 47 good, a bad ID check character, a sex against the ID, one twice. */
async function employeeList(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('名单');
  const columns = GROUP_LIST_COLUMNS.health;
  sheet.addRow(columns.map((c) => c.title));
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < 48; i += 1) {
    const male = i % 2 === 0;
    const birthday = `19${70 + (i % 25)}-0${1 + (i % 9)}-1${i % 10}`;
    const body = `330106${birthday.replaceAll('-', '')}${String(100 + i * 2 + (male ? 1 : 0)).slice(-3)}`;
    rows.push({
      cust_name: `职工${String(i + 1).padStart(2, '0')}`,
      id_card: body + idNumberCheckChar(body),
      sex: male ? '男' : '女',
      birthday,
      phone: `1390000${String(1000 + i)}`,
      marital: i % 3 === 0 ? '未婚' : '已婚',
      dept_name: '生产部',
      employee_no: `MY${String(i + 1).padStart(4, '0')}`,
    });
  }
  // A wrong check character, a sex the ID number contradicts, and the first employee again.
  const badId = rows[46]!;
  badId.id_card = badId.id_card!.slice(0, 17) + (badId.id_card!.endsWith('0') ? '1' : '0');
  rows[47]!.sex = rows[47]!.sex === '男' ? '女' : '男';
  rows.push({ ...rows[0]!, employee_no: 'MY9999' });
  // 49 rows so far: one more good employee makes 50.
  const body = '33010619881212321';
  rows.splice(45, 0, {
    cust_name: '职工补录',
    id_card: body + idNumberCheckChar(body),
    sex: '男',
    birthday: '1988-12-12',
    phone: '13900009999',
    marital: '已婚',
    dept_name: '行政部',
    employee_no: 'MY0099',
  });
  for (const row of rows) sheet.addRow(columns.map((c) => row[c.key] ?? ''));
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}
