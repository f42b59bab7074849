import { z } from 'zod';
import { idField, optionalChoiceField, searchKeyField } from './field-schemas.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { withDayRange } from './resource/day-range.js';
import { intField } from './resource/form-fields.js';
import { route } from './route.js';

/**
 * 接口错误日志 (cfg/interface_error_log, breadth §7 and §6.11): the server's calls to other systems that
 * failed. One row per failed call; a later failure of the same call (the runner's next attempt, a
 * 重试) counts on that row, and its success closes it as 已重试成功. The request is stored masked.
 */
export const INTERFACE_SYSTEMS = ['sms', 'email', 'his', 'print', 'external'] as const;
export type InterfaceSystem = (typeof INTERFACE_SYSTEMS)[number];
export const INTERFACE_SYSTEM_LABELS: Record<InterfaceSystem, string> = {
  sms: '短信',
  email: '电子邮件',
  his: 'HIS',
  print: '本地打印服务',
  external: '外部服务器',
};

export const INTERFACE_ERROR_STATES = ['pending', 'retried', 'abandoned'] as const;
export type InterfaceErrorState = (typeof INTERFACE_ERROR_STATES)[number];
export const INTERFACE_ERROR_STATE_LABELS: Record<InterfaceErrorState, string> = {
  pending: '待重试',
  retried: '已重试成功',
  abandoned: '已放弃',
};

export const interfaceErrorResource = defineResource({
  name: 'interface_error',
  title: '接口错误',
  base: '/manager/api/cfg/interface_error',
  screens: ['cfg/interface_error_log'],
  kept: false,
  row: z.object({
    system: z.enum(INTERFACE_SYSTEMS),
    /** The call, in words (报告领取短信通知). */
    call_name: z.string(),
    /** What was sent, personal data masked. */
    request_text: z.string().nullable(),
    /** What came back, or why nothing did. */
    response_text: z.string().nullable(),
    occurred_at: z.string(),
    last_failed_at: z.string(),
    retry_count: z.number().int(),
    state: z.enum(INTERFACE_ERROR_STATES),
    /** Whether 重试 can run the call again here (a queued job); otherwise it is done where it started. */
    retryable: z.boolean(),
  }),
  form: z.object({}),
  filter: withDayRange({
    /** Words of the call or of the answer. */
    key: searchKeyField(),
    system: optionalChoiceField(INTERFACE_SYSTEMS, '系统不正确'),
    state: optionalChoiceField(INTERFACE_ERROR_STATES, '状态不正确'),
  }),
  actions: ['list', 'detail', 'export'],
  excel: [
    { key: 'occurred_at', title: '时间' },
    { key: 'system', title: '系统', labels: INTERFACE_SYSTEM_LABELS },
    { key: 'call_name', title: '调用' },
    { key: 'request_text', title: '请求' },
    { key: 'response_text', title: '应答' },
    { key: 'retry_count', title: '重试次数' },
    { key: 'state', title: '状态', labels: INTERFACE_ERROR_STATE_LABELS },
  ],
});
export type InterfaceErrorRow = ResourceRow<typeof interfaceErrorResource>;

/** 重试 POST /manager/api/cfg/interface_error/retry */
export const interfaceErrorRetryRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/interface_error/retry',
  summary: '重试失败的接口调用（重新排入后台任务）',
  access: ['cfg/interface_error_log'],
  input: z.object({ id: idField('接口错误') }),
  output: z.object({ id: z.number().int(), message: z.string() }),
});

/** 放弃 POST /manager/api/cfg/interface_error/abandon */
export const interfaceErrorAbandonRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/interface_error/abandon',
  summary: '放弃重试失败的接口调用',
  access: ['cfg/interface_error_log'],
  input: z.object({ id: idField('接口错误') }),
  output: z.object({ id: z.number().int() }),
});

/** 清理 POST /manager/api/cfg/interface_error/clean: rows older than `days` days. */
export const interfaceErrorCleanRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/interface_error/clean',
  summary: '清理早于指定天数的接口错误日志',
  access: ['cfg/interface_error_log'],
  input: z.object({ days: intField('保留天数', 1, 3650) }),
  output: z.object({ removed: z.number().int() }),
});

export const INTERFACE_ERROR_ROUTES = [
  interfaceErrorRetryRoute,
  interfaceErrorAbandonRoute,
  interfaceErrorCleanRoute,
] as const;
