import type { SchemaField } from '@checkup/ui';
import { useCompanyOptions } from './company-options';

/** The fields of a company (单位档案's drawer and 单位信息 alike), its choices from the dictionaries. */
export function useCompanyFields(): SchemaField[] {
  const options = useCompanyOptions().data;
  return [
    { name: 'company_name', label: '单位名称' },
    { name: 'credit_code', label: '统一社会信用代码', extra: '18位，校验位按GB 32100检查' },
    { name: 'contact_name', label: '联系人' },
    { name: 'contact_phone', label: '联系电话', extra: '修改时留空则保留原号码（列表中只显示部分号码）' },
    { name: 'address', label: '单位地址' },
    { name: 'industry_type', label: '行业类型', kind: 'select', options: options?.industry_types ?? [] },
    { name: 'economy_type', label: '经济类型', kind: 'select', options: options?.economy_types ?? [] },
    {
      name: 'sales_user_id',
      label: '销售负责人',
      kind: 'select',
      options: (options?.sales_users ?? []).map((u) => ({ value: String(u.id), label: u.user_name })),
    },
    { name: 'remark', label: '备注', kind: 'textarea' },
  ];
}

/** A company row as its form: the masked phone is not sent back; the owner chosen by id as text. */
export const companyToForm = (row: { sales_user_id: number | null }) => ({
  ...row,
  contact_phone: undefined,
  sales_user_id: row.sales_user_id === null ? undefined : String(row.sales_user_id),
});
