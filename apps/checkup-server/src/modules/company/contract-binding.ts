import { and, asc, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { AppError, moneyText, type contractBookResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyGroups, contracts, orders, storedFiles } from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { assertChosen, recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';

/** The stored_files purpose of a contract's attachments (owner_ref: the contract's id). */
export const CONTRACT_ATTACHMENT = 'contract_attachment';

/**
 * The group visits a contract covers: there is no contract column on orders, so a contract is linked
 * to its company's group visits (orders with a group) whose exam day falls within its period.
 */
export function contractGroupOrders(db: Db | Tx, contract: { companyId: number; validFrom: string; validTo: string }) {
  return db
    .select({
      order_id: orders.orderId,
      exam_date: orders.examDate,
      group_name: companyGroups.groupName,
      status: orders.status,
    })
    .from(orders)
    .leftJoin(companyGroups, eq(companyGroups.id, orders.groupId))
    .where(
      and(
        eq(orders.companyId, contract.companyId),
        isNotNull(orders.groupId),
        gte(orders.examDate, contract.validFrom),
        lte(orders.examDate, contract.validTo),
      ),
    )
    .orderBy(desc(orders.examDate), asc(orders.orderId));
}

/** 合同管理 on contracts, named with the company. */
export const contractBookBinding: ResourceBinding<typeof contractBookResource> = {
  ...recordColumnsOf(contracts),
  fields: {
    contract_no: contracts.contractNo,
    company_id: contracts.companyId,
    company_name: companies.companyName,
    amount: contracts.amount,
    valid_from: contracts.validFrom,
    valid_to: contracts.validTo,
    status: contracts.status,
    remark: contracts.remark,
  },
  joins: [{ table: companies, on: eq(companies.id, contracts.companyId) }],
  values: (form) => ({
    contractNo: form.contract_no,
    companyId: form.company_id,
    amount: moneyText(form.amount),
    validFrom: form.valid_from,
    validTo: form.valid_to,
    status: form.status,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [companies.companyName], [contracts.contractNo]),
    filter.company_id ? eq(contracts.companyId, filter.company_id) : undefined,
    filter.status ? eq(contracts.status, filter.status) : undefined,
    filter.enabled ? eq(contracts.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [desc(contracts.validTo), asc(contracts.id)],
  unique: [{ column: contracts.contractNo, field: 'contract_no', label: '合同编号' }],
  beforeSave: async (tx, form) => {
    if (form.valid_from > form.valid_to) throw new AppError('VALIDATION', '合同开始日期不能晚于结束日期');
    await assertChosen(tx, companies.id, form.company_id, '单位');
  },
  beforeRemove: async (tx, id) => {
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, id));
    if (contract && (await contractGroupOrders(tx, contract).limit(1)).length > 0) {
      throw new AppError('VALIDATION', '该合同已有关联的团检订单，不能删除（可将签订状态改为已关闭）');
    }
    await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.purpose, CONTRACT_ATTACHMENT), eq(storedFiles.ownerRef, String(id))));
  },
};
