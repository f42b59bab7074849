import type { Db } from './client.js';
import { branches, functionIntros, parameters, reportCabinets } from './schema.js';
import { DEFAULT_CARD_READER_PARAM, DEMO_PASSWORD } from '@checkup/api-contract';
import { seedDemoAccounts } from './demo/seed-accounts.js';
import { seedCatalogue } from './demo/seed-catalogue.js';
import { seedDiagConfig } from './demo/seed-diag-config.js';
import { seedConfigDicts } from './demo/seed-config-dicts.js';
import { seedTemplates } from './demo/seed-templates.js';
import { seedExamForms } from './demo/seed-exam-forms.js';
import { PARAM } from '../modules/parameters/codes.js';

/** The demo administrator documented in the README; every demo account is in the contract's demo-accounts.ts. */
export const DEMO_ADMIN = { account: 'admin', password: DEMO_PASSWORD, name: '系统管理员' } as const;

const seedParameters = [
  {
    paramCode: PARAM.COMPANY,
    paramName: '单位信息',
    paramValue: { companyCfg: { name: '示范医院体检中心', systemColorStyle: 'default' } },
  },
  { paramCode: PARAM.SERVICE_MODE, paramName: '服务模式', paramValue: { service_type: 1 } },
  {
    paramCode: PARAM.API_SECURITY,
    paramName: '接口安全',
    paramValue: {
      is_record_fill_in_password: false,
      // Every call from the BFF is signed, and these fields travel encrypted (spec §7).
      api_params_encrypt: true,
      api_integrity_verify: true,
      api_encrypt_fields: ['password', 'cust_id_card', 'phone'],
      api_signature_sort: true,
    },
  },
  { paramCode: PARAM.CARD_READER, paramName: '身份证读卡设置', paramValue: DEFAULT_CARD_READER_PARAM },
  {
    paramCode: PARAM.AI_REVIEW,
    paramName: '总检设置',
    paramValue: { ai_review: { enable: false }, show_contagion: false },
  },
];

/**
 * Inserts the parameters, the demo catalogue and the demo accounts once; running it again changes
 * nothing. All in one transaction. Orders are not seeded here (demo/seed-orders.ts): every test
 * database runs this, so it has to stay fast.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(parameters).values(seedParameters).onConflictDoNothing();
    await seedCatalogue(tx);
    await seedDiagConfig(tx);
    await seedTemplates(tx);
    await seedExamForms(tx);
    await seedDemoAccounts(tx);
    await seedConfigDicts(tx);
    // The report room's cabinets (issue 20); 1 is where a report goes when nothing else is said.
    await tx
      .insert(reportCabinets)
      .values([
        { cabinetNo: '1', cabinetName: '1号柜', location: '报告室' },
        { cabinetNo: '2', cabinetName: '2号柜', location: '报告室' },
        { cabinetNo: 'VIP', cabinetName: 'VIP柜', location: 'VIP接待室' },
      ])
      .onConflictDoNothing();
    // 功能介绍: the home page's help, so the help icon has a document to show (breadth §7).
    await tx
      .insert(functionIntros)
      .values({
        docName: '首页使用说明',
        uniqueKey: 'exam_mg/home_page',
        docType: 'text',
        content:
          '首页显示今日体检进度、各科室进度和当前账号信息。\n快捷入口由系统设置 › 菜单分类配置，只显示本账号有权限打开的页面。\n点击页签栏右侧的问号可查看每个页面的功能说明。',
      })
      .onConflictDoNothing();
    // The demo centre's one branch (issue 21); migration 0033 adds the same one to a database with visits.
    await tx
      .insert(branches)
      .values({
        branchName: '本部',
        shortCode: 'BB',
        pinyinCode: 'BB',
        phone: '0571-88880000',
        address: '示范市健康路1号门诊楼三楼',
        issuePeriod: 'all',
        bookingEnabled: true,
        deskNotice: '登记时请核对身份证与手机号；团检人员请出示单位名单。',
        preExamNotice: '体检前一天晚上八点后请禁食，当日早晨空腹前来；请携带身份证；女士经期请告知前台。',
      })
      .onConflictDoNothing();
  });
}
