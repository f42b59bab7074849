import { z } from 'zod';
import { optionalIdField, optionalPhoneField, searchKeyField } from './field-schemas.js';
import { HARM_CATEGORIES } from './exam-cfg/harm-factor.js';
import { defineResource } from './resource/define-resource.js';
import {
  enabledFilter,
  flagField,
  idListField,
  intField,
  optionalRefField,
  optionalTextField,
  textField,
} from './resource/form-fields.js';
import { idField } from './field-schemas.js';
import { route } from './route.js';
import { uploadBodyLimit, type UploadRule } from './uploads.js';

/** A password as it travels: RSA-encrypted by the browser like the login's (spec §5). */
const encryptedPassword = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .min(1, `请输入${label}`)
    .max(2048, `${label}过长`);

/** The harm-factor classes a doctor may conclude: a list of HARM_CATEGORIES, each once. */
const harmClassesField = z
  .union([z.string(), z.array(z.string())], { error: '可下结论的危害因素类别格式不正确' })
  .optional()
  .transform((value) => {
    if (value === undefined || value === '') return [];
    return typeof value === 'string' ? value.split(',').map((v) => v.trim()) : value;
  })
  .refine(
    (list) => list.every((v) => (HARM_CATEGORIES as readonly string[]).includes(v)),
    '可下结论的危害因素类别不正确',
  )
  .transform((list) => [...new Set(list)] as (typeof HARM_CATEGORIES)[number][]);

/**
 * 账号管理 (cfg/priv_cfg, issue 21): an account, its roles, the departments whose results it enters
 * (or all of them), its rights (保密人员, 折扣下限, 领导, 可下职业结论 for some harm-factor classes), its
 * signature image and whether it is enabled. A new account takes an initial password, which the
 * password policy checks and which must be changed at the first login; a change of an existing one
 * leaves the password alone (重置密码 does that). Password hashes are never answered.
 */
export const accountResource = defineResource({
  name: 'account',
  title: '账号',
  base: '/manager/api/user/account',
  screens: ['cfg/priv_cfg'],
  row: z.object({
    user_account: z.string(),
    user_name: z.string(),
    phone: z.string().nullable(),
    role_ids: z.array(z.number().int()),
    role_names: z.string(),
    all_depts: z.boolean(),
    dept_ids: z.array(z.number().int()),
    dept_names: z.string(),
    special_flag: z.boolean(),
    discount_floor: z.number(),
    is_leader: z.boolean(),
    occ_conclude: z.boolean(),
    harm_classes: z.array(z.string()),
    signature_file_id: z.number().int().nullable(),
    remark: z.string().nullable(),
    /** Set by 重置密码 and on a new account: the next login must choose a new password. */
    must_change_password: z.boolean(),
    /** Locked after repeated wrong passwords until then (ISO time); null when not locked now. */
    locked_until: z.string().nullable(),
    failed_logins: z.number().int(),
  }),
  form: z.object({
    user_account: textField('账号', 64).regex(/^[A-Za-z0-9_.-]+$/, '账号只能包含字母、数字、点、-和_'),
    user_name: textField('姓名', 64),
    phone: optionalPhoneField,
    role_ids: idListField('角色', 50).refine((ids) => ids.length > 0, '请选择角色'),
    all_depts: flagField,
    dept_ids: idListField('科室', 200),
    special_flag: flagField,
    discount_floor: intField('折扣下限', 0, 100, 100),
    is_leader: flagField,
    occ_conclude: flagField,
    harm_classes: harmClassesField,
    signature_file_id: optionalRefField('签名图片'),
    remark: optionalTextField('备注', 200),
    /** The initial password of a new account (encrypted); ignored when an account is changed. */
    password: encryptedPassword('初始密码').optional(),
  }),
  filter: z.object({
    key: searchKeyField(64),
    role_id: optionalIdField('角色'),
    dept_id: optionalIdField('科室'),
    enabled: enabledFilter,
    locked: z
      .union([z.literal('1'), z.literal('')], { error: '锁定状态只能是1' })
      .optional()
      .transform((value) => value || undefined),
  }),
  actions: ['list', 'detail', 'save', 'enable', 'export'],
  excel: [
    { key: 'user_account', title: '账号' },
    { key: 'user_name', title: '姓名' },
    { key: 'phone', title: '电话' },
    { key: 'role_names', title: '角色' },
    { key: 'dept_names', title: '科室' },
    { key: 'discount_floor', title: '折扣下限（%）' },
    { key: 'remark', title: '备注' },
  ],
});

/** The button-level permission of 重置密码 (route table actions of priv_cfg). */
export const RESET_PASSWORD_ACCESS = 'cfg/priv_cfg:reset_password' as const;

/** 重置密码 POST /manager/api/user/account/reset_password */
export const resetPasswordRoute = route({
  method: 'POST',
  path: '/manager/api/user/account/reset_password',
  summary: '重置密码（账号下次登录须修改密码）',
  access: [RESET_PASSWORD_ACCESS],
  input: z.object({ user_id: idField('账号'), password: encryptedPassword('临时密码') }),
  output: z.null(),
});

/** 修改密码 POST /manager/api/login/change_password: the signed-in account's own password. */
export const changePasswordRoute = route({
  method: 'POST',
  path: '/manager/api/login/change_password',
  summary: '修改密码',
  access: 'signed-in',
  input: z.object({ old_password: encryptedPassword('原密码'), new_password: encryptedPassword('新密码') }),
  output: z.null(),
});

/** What 账号管理's form chooses from: the roles and the departments, enabled or not. */
export const accountOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.number().int(), role_name: z.string(), enabled: z.boolean() })),
  depts: z.array(z.object({ id: z.number().int(), dept_name: z.string(), enabled: z.boolean() })),
});
export type AccountOptions = z.infer<typeof accountOptionsSchema>;

/** 账号可选角色和科室 GET /manager/api/user/account/options */
export const accountOptionsRoute = route({
  method: 'GET',
  path: '/manager/api/user/account/options',
  summary: '账号可选的角色和科室',
  access: ['cfg/priv_cfg'],
  input: z.object({}),
  output: accountOptionsSchema,
});

/** A signature image: a scan or photo of the handwritten name, printed on reports. */
export const SIGNATURE_RULE: UploadRule = {
  maxBytes: 1024 * 1024,
  types: ['image/jpeg', 'image/png'],
  typesLabel: 'JPG 或 PNG 图片',
};

/** 上传签名图片 POST /manager/api/user/account/upload_signature (multipart, one file); saved with the account. */
export const uploadSignatureRoute = route({
  method: 'POST',
  path: '/manager/api/user/account/upload_signature',
  summary: '上传签名图片（JPG/PNG，不超过1MB），随账号保存',
  access: ['cfg/priv_cfg'],
  input: z.object({}),
  output: z.object({ file_id: z.number().int(), url: z.string() }),
  upload: SIGNATURE_RULE,
  bodyLimit: uploadBodyLimit(SIGNATURE_RULE),
});

/** 签名图片 GET /manager/api/user/account/signature (the image itself, not an envelope) */
export const signatureImageRoute = route({
  method: 'GET',
  path: '/manager/api/user/account/signature',
  summary: '签名图片（图片本身）',
  access: ['cfg/priv_cfg'],
  input: z.object({ id: idField('签名图片') }),
  output: z.unknown(),
});

export const signatureImageUrl = (fileId: number) => `${signatureImageRoute.path}?id=${fileId}`;
