import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from './field-schemas.js';
import { route } from './route.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { withDayRange } from './resource/day-range.js';

/** Spec §3 front-end log entry: the serialised report (message, stack, url, client info …) stays text. */
export const LOG_CONTENT_MAX_BYTES = 16 * 1024;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export const FRONT_LOG_TYPES = ['error', 'warn', 'info'] as const;
export type FrontLogType = (typeof FRONT_LOG_TYPES)[number];
export const FRONT_LOG_TYPE_LABELS: Record<FrontLogType, string> = { error: '错误', warn: '警告', info: '信息' };

export const addLogInputSchema = z.object({
  log_type: z.enum(FRONT_LOG_TYPES, { error: '日志类型只能是 error、warn 或 info' }),
  /** spec §6: sent empty; an empty value is stored as null. */
  operator_id: z
    .string({ error: '操作人格式不正确' })
    .max(64, '操作人过长')
    .optional()
    .transform((v) => (v ? v : null)),
  log_content: z
    .string({ error: '请填写日志内容' })
    .min(1, '请填写日志内容')
    .refine((v) => utf8Length(v) <= LOG_CONTENT_MAX_BYTES, '日志内容不能超过16KB'),
  log_source: z.string({ error: '请填写日志来源' }).trim().min(1, '请填写日志来源').max(128, '日志来源过长'),
});

/** 记录前端日志 POST /manager/api/logfront/add_log */
export const addLogRoute = route({
  method: 'POST',
  path: '/manager/api/logfront/add_log',
  input: addLogInputSchema,
  output: z.null(),
  summary: '记录前端日志',
  access: 'signed-in',
});

/**
 * 前端日志 (cfg/log_front) GET /manager/api/logfront/list: what the browsers reported, newest first, as
 * a read-only resource; the content as stored, masked by the gateway.
 */
export const frontLogResource = defineResource({
  name: 'front_log',
  title: '前端日志',
  base: '/manager/api/logfront',
  screens: ['cfg/log_front'],
  kept: false,
  row: z.object({
    log_type: z.enum(FRONT_LOG_TYPES),
    log_source: z.string(),
    log_content: z.string(),
    /** The account the browser was signed in with; null when it is gone. */
    user_account: z.string().nullable(),
    user_name: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
  }),
  form: z.object({}),
  filter: withDayRange({
    log_type: optionalChoiceField(FRONT_LOG_TYPES, '日志类型只能是 error、warn 或 info'),
    log_source: searchKeyField(128),
    /** Words of the content, or the account or name of the user. */
    key: searchKeyField(64),
  }),
  actions: ['list', 'export'],
  excel: [
    { key: 'created_at', title: '时间' },
    { key: 'log_type', title: '类型', labels: FRONT_LOG_TYPE_LABELS },
    { key: 'log_source', title: '来源' },
    { key: 'user_account', title: '账号' },
    { key: 'user_name', title: '姓名' },
    { key: 'ip', title: 'IP地址' },
    { key: 'log_content', title: '内容' },
  ],
});
export type FrontLogRow = ResourceRow<typeof frontLogResource>;
