import { z } from 'zod';
import { ROLE_DATA_SCOPE_KEYS } from './cfg/role-data-scope.js';
import { route } from './route.js';

/** Spec §5: a password longer than this is taken as already encrypted. */
export const ENCRYPTED_PASSWORD_MIN_LENGTH = 80;

export const userInfoSchema = z.object({
  id: z.number().int(),
  user_account: z.string(),
  user_name: z.string(),
  /** '1' means the user may view confidential persons (spec §3). */
  special_flag: z.enum(['0', '1']),
  role_menu: z.array(z.string()),
  /** Enters the results of every department; otherwise only of its own (issue 17 §1). */
  all_depts: z.boolean().default(false),
  /** May confirm on the spot what exceeds another account's limits, e.g. a discount below its floor. */
  leader: z.boolean().default(false),
  /** The lowest price this account may give, in percent of the list price (90 = 九折); 100 gives none. */
  discount_floor: z.number().min(0).max(100).default(100),
  /** Set by 重置密码 and on a new account: every call but 修改密码, user_info and logout is refused. */
  must_change_password: z.boolean().default(false),
  /** 数据权限: the widest of the account's enabled roles' (登记管理 lists the visits it allows). */
  data_scope: z.enum(ROLE_DATA_SCOPE_KEYS).default('all'),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** 获取登录公钥 GET /manager/api/login/public_key */
export const publicKeyRoute = route({
  method: 'GET',
  path: '/manager/api/login/public_key',
  summary: '获取登录公钥',
  access: 'public',
  input: z.object({}),
  output: z.object({ public_key: z.string().startsWith('-----BEGIN PUBLIC KEY-----') }),
});

/** 登录 POST /manager/api/login/login */
export const loginRoute = route({
  method: 'POST',
  path: '/manager/api/login/login',
  summary: '登录',
  access: 'public',
  input: z.object({
    user_account: z.string({ error: '请输入用户账号' }).trim().min(1, '请输入用户账号').max(64, '用户账号过长'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(2048, '密码过长'),
  }),
  output: z.object({ user: userInfoSchema }),
});

/**
 * The same call as the checkup server answers it to the BFF: the user and an upstream token.
 * The BFF keeps the token in its session and never hands it to a browser.
 */
export const upstreamLoginRoute = route({
  ...loginRoute,
  output: z.object({ user: userInfoSchema, token: z.string().min(32) }),
});

/** 退出登录 POST /manager/api/login/logout */
export const logoutRoute = route({
  method: 'POST',
  path: '/manager/api/login/logout',
  summary: '退出登录',
  access: 'public',
  input: z.object({}),
  output: z.null(),
});

/** 当前用户信息 GET /manager/api/login/user_info */
export const userInfoRoute = route({
  method: 'GET',
  path: '/manager/api/login/user_info',
  summary: '当前用户信息',
  access: 'signed-in',
  input: z.object({}),
  output: userInfoSchema,
});

/** Header that carries the upstream session token from the BFF to the checkup server. */
export const UPSTREAM_TOKEN_HEADER = 'x-checkup-token';
