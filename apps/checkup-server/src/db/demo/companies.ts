import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PersonalData } from '../../modules/people/personal-data.js';
import type { PayMode } from '@checkup/api-contract';
import type { Db } from '../client.js';
import { companies, companyGroups, contracts, groupOrders, packages } from '../schema.js';
import type { GenderLimit } from '../schema/catalogue.js';
import { chineseName, mobilePhone } from './people.js';
import { Rng } from './prng.js';

interface GroupDef {
  name: string;
  packageCode: string;
  gender: GenderLimit;
  harm?: string[];
  /** Who pays for the package; the company (统收) unless said. */
  payMode?: PayMode;
}

const STAFF: GroupDef[] = [
  { name: '男职工组', packageCode: 'JCTJ-M', gender: '1' },
  { name: '女职工组', packageCode: 'JCTJ-F', gender: '2' },
];
// A company that arranges the checkup while its staff pay for it themselves (自费).
const STAFF_PAYING: GroupDef[] = STAFF.map((g) => ({ ...g, payMode: 'self' }));
const dust = (harm: string[]): GroupDef => ({ name: '接害组（粉尘）', packageCode: 'ZYJK-FC', gender: '0', harm });
const NOISE: GroupDef = { name: '接害组（噪声）', packageCode: 'ZYJK-ZS', gender: '0', harm: ['噪声'] };

/** Employers of the centre's city; the factories also send exposed workers (GBZ 188). */
export const DEMO_COMPANIES: readonly { name: string; address: string; groups: GroupDef[] }[] = [
  {
    name: '华信精密机械制造有限公司',
    address: '浙江省杭州市萧山区经济技术开发区建设二路',
    groups: [...STAFF, dust(['电焊烟尘']), NOISE],
  },
  {
    name: '江南纺织集团股份有限公司',
    address: '浙江省杭州市余杭区临平街道',
    groups: [...STAFF, dust(['棉尘']), NOISE],
  },
  {
    name: '宏远建设工程有限公司',
    address: '浙江省杭州市拱墅区湖墅南路',
    groups: [...STAFF, dust(['矽尘', '水泥粉尘'])],
  },
  { name: '钱塘水务集团有限公司', address: '浙江省杭州市上城区解放东路', groups: [...STAFF, NOISE] },
  { name: '恒通物流有限公司', address: '浙江省杭州市余杭区仓前街道', groups: STAFF_PAYING },
  { name: '瑞丰银行股份有限公司杭州分行', address: '浙江省杭州市上城区庆春路', groups: STAFF },
  { name: '星辰软件科技有限公司', address: '浙江省杭州市滨江区江南大道', groups: STAFF },
  { name: '杭州市第一实验小学', address: '浙江省杭州市西湖区文三路', groups: STAFF },
];

export interface DemoGroup {
  id: number;
  companyId: number;
  name: string;
  packageId: number | null;
  genderLimit: GenderLimit;
  harmFactors: string[] | null;
  payMode: PayMode;
}

/**
 * Inserts the demo companies with their groups and a contract for `today`'s year, skipping what is
 * there (companies by name, groups by company and name, contracts by number). Returns the groups.
 */
export async function seedDemoCompanies(db: Db, today: string, personalData: PersonalData): Promise<DemoGroup[]> {
  const rng = new Rng(20_260_101);
  await db
    .insert(companies)
    .values(
      DEMO_COMPANIES.map((c) => ({
        companyName: c.name,
        contactName: chineseName(rng, rng.chance(0.5) ? '1' : '2', 40),
        contactPhoneEnc: personalData.seal('companies.contact_phone', mobilePhone(rng)),
        address: c.address,
      })),
    )
    .onConflictDoNothing();
  const names = DEMO_COMPANIES.map((c) => c.name);
  const rows = await db.select().from(companies).where(inArray(companies.companyName, names));
  const idByName = new Map(rows.map((r) => [r.companyName, r.id]));
  const packageIds = new Map(
    (await db.select({ id: packages.id, code: packages.packageCode }).from(packages)).map((p) => [p.code, p.id]),
  );

  const existing = await db
    .select()
    .from(companyGroups)
    .where(inArray(companyGroups.companyId, [...idByName.values()]));
  const missing = DEMO_COMPANIES.flatMap((c) => {
    const companyId = idByName.get(c.name)!;
    return c.groups
      .filter((g) => !existing.some((e) => e.companyId === companyId && e.groupName === g.name))
      .map((g) => ({
        companyId,
        groupName: g.name,
        packageId: packageIds.get(g.packageCode) ?? null,
        genderLimit: g.gender,
        harmFactors: g.harm ?? null,
        payMode: g.payMode ?? 'company',
      }));
  });
  if (missing.length > 0) existing.push(...(await db.insert(companyGroups).values(missing).returning()));

  const year = today.slice(0, 4);
  await db
    .insert(contracts)
    .values(
      DEMO_COMPANIES.map((c, i) => ({
        companyId: idByName.get(c.name)!,
        contractNo: `HT${year}-${String(i + 1).padStart(3, '0')}`,
        validFrom: `${year}-01-01`,
        validTo: `${year}-12-31`,
        amount: (rng.int(8, 60) * 10_000).toFixed(2),
        status: 'signed',
      })),
    )
    .onConflictDoNothing();

  // Each company's checkups of the year run under one approved group order (团检订单), its groups in it.
  const contractIds = new Map(
    (
      await db
        .select({ id: contracts.id, companyId: contracts.companyId, no: contracts.contractNo })
        .from(contracts)
        .where(inArray(contracts.companyId, [...idByName.values()]))
    )
      .filter((c) => c.no.startsWith(`HT${year}-`))
      .map((c) => [c.companyId, c.id]),
  );
  await db
    .insert(groupOrders)
    .values(
      DEMO_COMPANIES.map((c, i) => {
        const companyId = idByName.get(c.name)!;
        const occupational = c.groups.some((g) => g.harm);
        return {
          orderNo: `TD${year}${String(i + 1).padStart(4, '0')}`,
          orderName: `${c.name.replace(/(股份)?有限公司.*$/, '')}${year}年度${occupational ? '职工及职业' : '职工'}体检`,
          companyId,
          contractId: contractIds.get(companyId) ?? null,
          examType: occupational ? 'both' : 'health',
          planFrom: `${year}-01-01`,
          planTo: `${year}-12-31`,
          planMale: rng.int(20, 200),
          planFemale: rng.int(20, 200),
          approvalState: 'approved',
          approvedAt: new Date(`${year}-01-01T09:00:00+08:00`),
        };
      }),
    )
    .onConflictDoNothing();
  const orderIds = await db
    .select({ id: groupOrders.id, companyId: groupOrders.companyId, state: groupOrders.approvalState })
    .from(groupOrders)
    .where(inArray(groupOrders.companyId, [...idByName.values()]));
  // The generated visits go only to groups of approved orders (a draft order's groups take no one).
  const approved = new Set(orderIds.filter((o) => o.state === 'approved').map((o) => o.id));
  for (const order of orderIds.filter((o) => approved.has(o.id))) {
    await db
      .update(companyGroups)
      .set({ groupOrderId: order.id })
      .where(and(eq(companyGroups.companyId, order.companyId), isNull(companyGroups.groupOrderId)));
  }

  // Sorted, so the same database gives the generator the same groups in the same order.
  return existing
    .filter((g) => g.groupOrderId === null || approved.has(g.groupOrderId))
    .sort((a, b) => a.id - b.id)
    .map((g) => ({
      id: g.id,
      companyId: g.companyId,
      name: g.groupName,
      packageId: g.packageId,
      genderLimit: g.genderLimit,
      harmFactors: g.harmFactors,
      payMode: g.payMode,
    }));
}
