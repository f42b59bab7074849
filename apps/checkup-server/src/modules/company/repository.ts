import { asc, eq } from 'drizzle-orm';
import type { CompanySearchData } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyGroups, packages } from '../../db/schema.js';

/** Companies with their groups and each group's package, in one query folded by company. */
export async function listCompaniesWithGroups(db: Db, examAreaOnly: boolean): Promise<CompanySearchData[]> {
  const rows = await db
    .select({
      companyId: companies.id,
      companyName: companies.companyName,
      groupId: companyGroups.id,
      groupName: companyGroups.groupName,
      packageId: companyGroups.packageId,
      packageName: packages.packageName,
      payMode: companyGroups.payMode,
    })
    .from(companies)
    .leftJoin(companyGroups, eq(companyGroups.companyId, companies.id))
    .leftJoin(packages, eq(companyGroups.packageId, packages.id))
    .where(examAreaOnly ? eq(companies.examArea, '1') : undefined)
    .orderBy(asc(companies.id), asc(companyGroups.id));

  const byId = new Map<number, CompanySearchData>();
  for (const row of rows) {
    let company = byId.get(row.companyId);
    if (!company) {
      company = { id: row.companyId, company_name: row.companyName, groups: [] };
      byId.set(row.companyId, company);
    }
    if (row.groupId === null || row.groupName === null || row.payMode === null) continue;
    company.groups.push({
      id: row.groupId,
      group_name: row.groupName,
      package_id: row.packageId,
      package_name: row.packageName,
      pay_mode: row.payMode,
    });
  }
  return [...byId.values()];
}
