import { and, asc, eq } from 'drizzle-orm';
import { AppError, maskPhone, type companyArchiveResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyGroups, contracts, dictData, dictTypes, users } from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { assertChosen, recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';
import type { PersonalData } from '../people/personal-data.js';

/**
 * 单位档案 on companies, with the sales owner's name. The contact phone is sealed when written and
 * answered masked; a form without a phone keeps the one on file (the form only shows it masked).
 */
export function companyArchiveBinding(personalData: PersonalData): ResourceBinding<typeof companyArchiveResource> {
  return {
    ...recordColumnsOf(companies),
    fields: {
      company_name: companies.companyName,
      credit_code: companies.creditCode,
      contact_name: companies.contactName,
      contact_phone: companies.contactPhoneEnc,
      address: companies.address,
      industry_type: companies.industryType,
      economy_type: companies.economyType,
      sales_user_id: companies.salesUserId,
      sales_user_name: users.userName,
      remark: companies.remark,
    },
    joins: [{ table: users, on: eq(users.id, companies.salesUserId) }],
    values: (form) => ({
      companyName: form.company_name,
      creditCode: form.credit_code,
      contactName: form.contact_name,
      ...(form.contact_phone
        ? { contactPhoneEnc: personalData.seal('companies.contact_phone', form.contact_phone) }
        : {}),
      address: form.address,
      industryType: form.industry_type,
      economyType: form.economy_type,
      salesUserId: form.sales_user_id,
      remark: form.remark,
    }),
    where: (filter) => [
      wordsMatch(filter.key, [companies.companyName], [companies.creditCode]),
      filter.enabled ? eq(companies.isActive, filter.enabled === '1') : undefined,
    ],
    orderBy: [asc(companies.companyName), asc(companies.id)],
    unique: [
      { column: companies.companyName, field: 'company_name', label: '单位名称' },
      { column: companies.creditCode, field: 'credit_code', label: '统一社会信用代码' },
    ],
    references: [
      { label: '合同', column: contracts.companyId },
      { label: '团检分组', column: companyGroups.companyId },
    ],
    secret: ['contact_phone'],
    beforeSave: async (tx, form) => {
      await assertEntry(tx, 'industry', form.industry_type, '行业类型');
      await assertEntry(tx, 'economy_type', form.economy_type, '经济类型');
      await assertChosen(tx, users.id, form.sales_user_id, '销售负责人');
    },
    toRow: (row) => ({
      ...row,
      contact_phone: row.contact_phone
        ? maskPhone(personalData.open('companies.contact_phone', row.contact_phone as string))
        : null,
    }),
  };
}

/** The enabled entries of a dictionary type (dict_cfg), in their order. */
export function dictEntries(db: Db | Tx, typeCode: string) {
  return db
    .select({ value: dictData.value, label: dictData.label })
    .from(dictData)
    .innerJoin(dictTypes, eq(dictTypes.id, dictData.typeId))
    .where(and(eq(dictTypes.typeCode, typeCode), eq(dictData.isActive, true)))
    .orderBy(asc(dictData.sort), asc(dictData.id));
}

/** A chosen 行业 / 经济类型 must be an enabled entry of its dictionary. */
async function assertEntry(tx: Tx, typeCode: string, value: string | null, label: string) {
  if (value === null) return;
  if (!(await dictEntries(tx, typeCode)).some((e) => e.value === value)) {
    throw new AppError('VALIDATION', `所选${label}不在字典中，请刷新后重选`);
  }
}
