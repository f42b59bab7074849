import { z } from 'zod';
import { route } from './route.js';

/** Spec §3 front-end log entry: the serialised report (message, stack, url, client info …) stays text. */
export const LOG_CONTENT_MAX_BYTES = 16 * 1024;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export const addLogInputSchema = z.object({
  log_type: z.enum(['error', 'warn', 'info'], { error: '日志类型只能是 error、warn 或 info' }),
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
});
