import { z } from 'zod';

/**
 * Parameter codes. 0030, 0110 and 0810 are named by the spec (§3); 0001 and 0002 are ours and
 * hold what the version info reports about the service mode and the call security; 0120 is ours
 * too: 打印配置's centre-wide print settings.
 */
export const PARAM = {
  SERVICE_MODE: '0001',
  API_SECURITY: '0002',
  AI_REVIEW: '0030',
  CARD_READER: '0110',
  PRINT: '0120',
  COMPANY: '0810',
  /** Ours: the HIS interface (issue 18 §2); absent or disabled, no HIS is configured. */
  HIS: '0130',
  /** Ours: 登记收费设置 (issue 19): rounding of the payable total, 先检后付 / 先付后检. */
  REGISTRATION: '0140',
  /** Ours: 系统注册's licence (issue 21): type, code and validity. */
  LICENCE: '0150',
} as const;

export const companyParamSchema = z.object({
  companyCfg: z.object({
    name: z.string(),
    systemColorStyle: z.string(),
    logo: z.string().optional(),
    address: z.string().optional(),
    phone: z.string().optional(),
  }),
});

export const serviceModeParamSchema = z.object({ service_type: z.union([z.literal(0), z.literal(1), z.literal(2)]) });

export const apiSecurityParamSchema = z.object({
  is_record_fill_in_password: z.boolean(),
  api_params_encrypt: z.boolean(),
  api_integrity_verify: z.boolean(),
  api_encrypt_fields: z.array(z.string()),
  api_signature_sort: z.boolean(),
});
export type ApiSecurityParam = z.infer<typeof apiSecurityParamSchema>;
