import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from './field-schemas.js';
import { route } from './route.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { withDayRange } from './resource/day-range.js';

/**
 * 后端日志 (cfg/log_backend, spec §7 after RuoYi's operlog and logininfor): the server's own record of
 * the calls that wrote or failed, and the sign-ins read from the audit log.
 */

/** 成功 or 失败: a call failed when its HTTP status or its envelope's status is not 200. */
export const SERVER_CALL_OUTCOMES = ['ok', 'failed'] as const;
export const SERVER_CALL_OUTCOME_LABELS: Record<(typeof SERVER_CALL_OUTCOMES)[number], string> = {
  ok: '成功',
  failed: '失败',
};

/** How long the operation log keeps a row; the daily log-cleanup job removes older ones. */
export const SERVER_LOG_KEEP_DAYS = 90;

/** 操作日志 GET /manager/api/backendlog/op/list: one row per call that wrote, and per failed call. */
export const serverOpLogResource = defineResource({
  name: 'server_op_log',
  title: '操作日志',
  base: '/manager/api/backendlog/op',
  screens: ['cfg/log_backend'],
  kept: false,
  row: z.object({
    /** The screen the call belongs to (its route-table title), or the call's name for shared calls. */
    module: z.string(),
    user_account: z.string().nullable(),
    user_name: z.string().nullable(),
    method: z.string(),
    /** The path with personal data masked; no request body is ever kept. */
    url: z.string(),
    summary: z.string(),
    /** The envelope's status when it was not 200, else the HTTP status. */
    status: z.number().int(),
    duration_ms: z.number().int(),
    /** The answer's message on a failure, masked. */
    error: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
  }),
  form: z.object({}),
  filter: withDayRange({
    module: searchKeyField(64),
    key: searchKeyField(64),
    outcome: optionalChoiceField(SERVER_CALL_OUTCOMES, '状态只能是成功或失败'),
  }),
  actions: ['list', 'detail'],
});
export type ServerOpLogRow = ResourceRow<typeof serverOpLogResource>;

/** 清空操作日志 POST /manager/api/backendlog/op/clear */
export const clearServerOpLogRoute = route({
  method: 'POST',
  path: '/manager/api/backendlog/op/clear',
  summary: '清空操作日志',
  access: ['cfg/log_backend:clear'],
  input: z.object({}),
  output: z.object({ removed: z.number().int() }),
});

/** The audit actions the login log shows, with the result in words. */
export const LOGIN_LOG_ACTIONS = {
  login: '登录成功',
  login_failed: '密码错误',
  login_refused_disabled: '账号已停用',
  login_locked: '账号已锁定',
} as const;

/** 登录日志 GET /manager/api/backendlog/login/list: sign-ins and refused sign-ins, newest first. */
export const loginLogResource = defineResource({
  name: 'login_log',
  title: '登录日志',
  base: '/manager/api/backendlog/login',
  screens: ['cfg/log_backend'],
  kept: false,
  row: z.object({
    action: z.string(),
    /** The account as typed; its user, when it exists (解锁 needs it). */
    user_account: z.string().nullable(),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    ip: z.string().nullable(),
    /** The browser's User-Agent as the sign-in recorded it; null for older rows. */
    browser: z.string().nullable(),
    /** Whether the account is locked now (a 解锁 is offered). */
    locked: z.boolean(),
    created_at: z.string(),
  }),
  form: z.object({}),
  filter: withDayRange({
    key: searchKeyField(64),
    action: optionalChoiceField(
      Object.keys(LOGIN_LOG_ACTIONS) as [keyof typeof LOGIN_LOG_ACTIONS, ...(keyof typeof LOGIN_LOG_ACTIONS)[]],
      '登录结果不正确',
    ),
  }),
  actions: ['list'],
});
export type LoginLogRow = ResourceRow<typeof loginLogResource>;
