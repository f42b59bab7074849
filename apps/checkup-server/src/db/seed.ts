import type { Db } from './client.js';
import { parameters } from './schema.js';
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
  });
}
