import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { parameters, roles, users } from './schema.js';
import { hashPassword } from '../modules/auth/password.js';
import { PARAM } from '../modules/parameters/codes.js';

/** The demo administrator documented in the README. Change its password in a real installation. */
export const DEMO_ADMIN = { account: 'admin', password: 'Checkup@2026', name: '系统管理员' } as const;

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
  {
    paramCode: PARAM.AI_REVIEW,
    paramName: '总检设置',
    paramValue: { ai_review: { enable: false }, show_contagion: false },
  },
];

/** Inserts the demo data once; running it again changes nothing. All in one transaction. */
export async function seedDemoData(db: Db): Promise<void> {
  const adminHash = await hashPassword(DEMO_ADMIN.password);
  await db.transaction(async (tx) => {
    await tx.insert(parameters).values(seedParameters).onConflictDoNothing();
    const [adminRole] = await tx
      .insert(roles)
      .values({ roleName: '系统管理员', roleMenu: ['*'] })
      .onConflictDoUpdate({ target: roles.roleName, set: { roleName: sql`excluded.role_name` } })
      .returning({ id: roles.id });
    await tx
      .insert(users)
      .values({
        userAccount: DEMO_ADMIN.account,
        userName: DEMO_ADMIN.name,
        passwordHash: adminHash,
        specialFlag: '1',
        roleId: adminRole!.id,
      })
      .onConflictDoNothing();
  });
}
