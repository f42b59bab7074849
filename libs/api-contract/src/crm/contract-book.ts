import { z } from 'zod';
import { idField, optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { choiceField, codeField, enabledFilter, optionalTextField, refField } from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';
import { route } from '../route.js';
import { uploadBodyLimit, type UploadRule } from '../uploads.js';

/** A contract's state (签订状态): 草稿, 已签订 (what the expiry reminder watches), 已关闭. */
export const CONTRACT_STATUSES = ['draft', 'signed', 'closed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: '草稿',
  signed: '已签订',
  closed: '已关闭',
};

/** A required day typed as 年-月-日. */
function dayField(label: string) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { message: `请填写${label}`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 年-月-日`, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}不存在`);
}

const CNTR_SCREENS = ['crm/cntr_book', 'crm/cntr_book_detail'] as const;

/**
 * 合同管理 (crm/cntr_book, crm/cntr_book_detail; breadth §1.2): a company's contract — its unique
 * number, amount (numeric in the database, fen in the form), period, signed state and remark. The
 * period's start may not be after its end (refused on save); a contract with group visits of its
 * company within its period is linked and cannot be removed.
 */
export const contractBookResource = defineResource({
  name: 'contract_book',
  title: '合同',
  base: '/manager/api/crm/contract',
  screens: [...CNTR_SCREENS],
  row: z.object({
    contract_no: z.string(),
    company_id: z.number().int(),
    company_name: z.string().nullable(),
    amount: moneyOut,
    valid_from: z.string(),
    valid_to: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    remark: z.string().nullable(),
  }),
  form: z.object({
    contract_no: codeField('合同编号'),
    company_id: refField('单位'),
    amount: moneyField('合同金额'),
    valid_from: dayField('开始日期'),
    valid_to: dayField('结束日期'),
    status: choiceField(CONTRACT_STATUSES, '签订状态'),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    key: searchKeyField(),
    company_id: optionalIdField('单位'),
    status: optionalChoiceField(CONTRACT_STATUSES, '签订状态不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'contract_no', title: '合同编号' },
    { key: 'company_name', title: '单位' },
    { key: 'amount', title: '合同金额' },
    { key: 'valid_from', title: '开始日期' },
    { key: 'valid_to', title: '结束日期' },
    { key: 'status', title: '签订状态', labels: CONTRACT_STATUS_LABELS },
    { key: 'remark', title: '备注' },
  ],
});

/** What a contract attachment may be: the scanned contract (PDF) or photos of it. */
export const CONTRACT_ATTACHMENT_RULE: UploadRule = {
  maxBytes: 10 * 1024 * 1024,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
  typesLabel: 'PDF 文件或 JPG、PNG 图片',
};

/** 上传合同附件 POST /manager/api/crm/contract/upload_attachment (multipart, one file) */
export const uploadContractAttachmentRoute = route({
  method: 'POST',
  path: '/manager/api/crm/contract/upload_attachment',
  summary: '为合同上传附件（PDF/JPG/PNG，不超过10MB）',
  access: [...CNTR_SCREENS],
  input: z.object({ id: idField('合同') }),
  output: z.object({ file_id: z.number().int() }),
  upload: CONTRACT_ATTACHMENT_RULE,
  bodyLimit: uploadBodyLimit(CONTRACT_ATTACHMENT_RULE),
});

export const contractAttachmentSchema = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});

/** 合同附件列表 GET /manager/api/crm/contract/attachments */
export const contractAttachmentsRoute = route({
  method: 'GET',
  path: '/manager/api/crm/contract/attachments',
  summary: '合同附件列表',
  access: [...CNTR_SCREENS],
  input: z.object({ id: idField('合同') }),
  output: z.array(contractAttachmentSchema),
});

/** 下载合同附件 GET /manager/api/crm/contract/attachment (the file itself, not an envelope) */
export const contractAttachmentRoute = route({
  method: 'GET',
  path: '/manager/api/crm/contract/attachment',
  summary: '下载合同附件（文件本身）',
  access: [...CNTR_SCREENS],
  input: z.object({ file_id: idField('附件') }),
  output: z.unknown(),
});

export const contractGroupOrderSchema = z.object({
  order_id: z.string(),
  exam_date: z.string(),
  group_name: z.string().nullable(),
  status: z.string(),
});

/** 合同关联的团检订单 GET /manager/api/crm/contract/group_orders (read-only) */
export const contractGroupOrdersRoute = route({
  method: 'GET',
  path: '/manager/api/crm/contract/group_orders',
  summary: '合同关联的团检订单（该单位分组在合同期内的体检）',
  access: [...CNTR_SCREENS],
  input: z.object({ id: idField('合同') }),
  output: z.array(contractGroupOrderSchema),
});
