import { z } from 'zod';
import { route } from './route.js';

/** Spec §3: 0 outer import only, 1 checkup server, 2 external server. */
export const serviceTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const encryptCfgSchema = z.object({
  api_params_encrypt: z.boolean(),
  api_integrity_verify: z.boolean(),
  api_encrypt_fields: z.array(z.string()),
  api_signature_sort: z.boolean(),
});

export const versionInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  service_type: serviceTypeSchema,
  /** 'yellow' | 'blue' | anything else means the default teal (spec §1). */
  systemColorStyle: z.string(),
  is_record_fill_in_password: z.boolean(),
  encrypt_cfg: encryptCfgSchema,
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

/** 系统版本信息 GET /manager/api/commondata/version */
export const versionRoute = route({
  method: 'GET',
  path: '/manager/api/commondata/version',
  summary: '系统版本信息',
  input: z.object({}),
  output: versionInfoSchema,
  public: true,
});
