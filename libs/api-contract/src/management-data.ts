import { z } from 'zod';
import { idField, optionalChoiceField, searchKeyField } from './field-schemas.js';
import { JOB_STATES } from './jobs.js';
import { route } from './route.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { withDayRange } from './resource/day-range.js';
import { dateField } from './field-schemas.js';
import { enabledFilter, idListField, noteField, textField } from './resource/form-fields.js';

/**
 * 数据管理 (management_data, issue 21): 任务日志 reads the background job runner's tables; 提醒数据 the
 * reminders the header bell shows and the notices an administrator writes.
 */

/** 任务日志 GET /manager/api/jobs/list: jobs, the latest first, by kind, state and day due. */
export const jobResource = defineResource({
  name: 'job',
  title: '后台任务',
  base: '/manager/api/jobs',
  screens: ['management_data/job_logging'],
  kept: false,
  row: z.object({
    kind: z.string(),
    state: z.enum(JOB_STATES),
    run_at: z.string(),
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_by_name: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  form: z.object({}),
  filter: withDayRange({
    kind: searchKeyField(32),
    state: optionalChoiceField(JOB_STATES, '任务状态不正确'),
  }),
  actions: ['list', 'detail'],
});
export type JobRow = ResourceRow<typeof jobResource>;

export const jobRunSchema = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  worker: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  /** succeeded, failed; null while it runs */
  outcome: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** 任务执行记录 GET /manager/api/jobs/runs */
export const jobRunsRoute = route({
  method: 'GET',
  path: '/manager/api/jobs/runs',
  summary: '任务执行记录',
  access: ['management_data/job_logging'],
  input: z.object({ id: idField('任务') }),
  output: z.array(jobRunSchema),
});

/** 重新执行任务 POST /manager/api/jobs/rerun: a failed or cancelled job waits again, due now, attempts reset. */
export const rerunJobRoute = route({
  method: 'POST',
  path: '/manager/api/jobs/rerun',
  summary: '重新执行任务',
  access: ['management_data/job_logging:rerun'],
  input: z.object({ id: idField('任务') }),
  output: z.null(),
});

/** 取消任务 POST /manager/api/jobs/cancel: only a job still waiting. */
export const cancelJobRoute = route({
  method: 'POST',
  path: '/manager/api/jobs/cancel',
  summary: '取消任务',
  access: ['management_data/job_logging'],
  input: z.object({ id: idField('任务') }),
  output: z.null(),
});

/** A visit still not through 终审 this many days after its exam day is an overdue report (no visit stores a promised date). */
export const REPORT_PROMISE_DAYS = 7;
/** A contract ending within this many days is reminded of. */
export const CONTRACT_EXPIRY_DAYS = 30;

export const REMINDER_KINDS = ['notice', 'overdue_report', 'critical_value', 'contract_expiry'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  notice: '公告',
  overdue_report: '报告超期',
  critical_value: '危急值未处理',
  contract_expiry: '合同即将到期',
};

export const accountReminderSchema = z.object({
  /** Stable while the reminder says the same (a notice's id; a computed one's kind, day and count). */
  key: z.string(),
  kind: z.enum(REMINDER_KINDS),
  title: z.string(),
  content: z.string(),
  /** The screen that deals with it (a menu key), or null for a notice. */
  screen: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Reminder = z.infer<typeof accountReminderSchema>;

/** 我的提醒 GET /manager/api/reminders/mine: the signed-in account's reminders, for the header bell. */
export const myRemindersRoute = route({
  method: 'GET',
  path: '/manager/api/reminders/mine',
  summary: '我的提醒',
  access: 'signed-in',
  input: z.object({ kind: optionalChoiceField(REMINDER_KINDS, '提醒类型不正确') }),
  output: z.object({ list: z.array(accountReminderSchema), unread: z.number().int() }),
});

/** 标记提醒已读 POST /manager/api/reminders/read: the keys given, or every current one when none is. */
export const readRemindersRoute = route({
  method: 'POST',
  path: '/manager/api/reminders/read',
  summary: '标记提醒已读',
  access: 'signed-in',
  input: z.object({
    keys: z
      .union([z.string(), z.array(z.string())], { error: '提醒格式不正确' })
      .optional()
      .transform((v) => (v === undefined || v === '' ? [] : [v].flat()))
      .refine((keys) => keys.length <= 200 && keys.every((k) => k.length <= 64), '提醒格式不正确'),
  }),
  output: z.object({ unread: z.number().int() }),
});

/** 公告 (提醒数据): written by an administrator to roles or accounts (none chosen: everyone), until a day. */
export const noticeResource = defineResource({
  name: 'notice',
  title: '公告',
  base: '/manager/api/reminders/notice',
  screens: ['management_data/remind_data'],
  row: z.object({
    title: z.string(),
    content: z.string(),
    role_ids: z.array(z.number().int()),
    user_ids: z.array(z.number().int()),
    valid_until: z.string().nullable(),
    created_at: z.string(),
  }),
  form: z.object({
    title: textField('标题', 64),
    content: noteField('内容', 2000).refine((v) => v !== null, '请填写内容'),
    role_ids: idListField('接收角色', 100),
    user_ids: idListField('接收账号', 500),
    valid_until: z
      .union([dateField, z.literal('')], { error: '日期格式应为 年-月-日' })
      .optional()
      .transform((v) => v || null),
  }),
  filter: z.object({ key: searchKeyField(64), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'enable'],
});
export type AccountNoticeRow = ResourceRow<typeof noticeResource>;

/** 公告可选角色 GET /manager/api/reminders/notice/roles: the enabled roles a notice may be addressed to. */
export const noticeRoleOptionsRoute = route({
  method: 'GET',
  path: '/manager/api/reminders/notice/roles',
  summary: '公告可选角色',
  access: ['management_data/remind_data'],
  input: z.object({}),
  output: z.array(z.object({ id: z.number().int(), role_name: z.string() })),
});

export const MANAGEMENT_DATA_ROUTES = [
  noticeRoleOptionsRoute,
  jobRunsRoute,
  rerunJobRoute,
  cancelJobRoute,
  myRemindersRoute,
  readRemindersRoute,
] as const;
