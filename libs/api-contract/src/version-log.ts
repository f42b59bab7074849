import { z } from 'zod';
import { dateField, optionalChoiceField, searchKeyField } from './field-schemas.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { choiceField, noteField, textField } from './resource/form-fields.js';

/**
 * 版本日志 (cfg/version_log, breadth §7): the product's versions and what changed in each; the changes
 * are imported from .xlsx (the version named by its 版本号) and exported.
 */
const optionalDate = (label: string) =>
  z
    .union([dateField, z.literal('')], { error: `${label}格式应为 年-月-日` })
    .optional()
    .transform((value) => value || null);

const versionNoField = textField('版本号', 32).regex(/^[0-9A-Za-z._-]+$/, '版本号只能包含字母、数字、点、-和_');

export const appVersionResource = defineResource({
  name: 'app_version',
  title: '版本',
  base: '/manager/api/cfg/app_version',
  screens: ['cfg/version_log'],
  row: z.object({
    version_name: z.string(),
    version_no: z.string(),
    released_on: z.string().nullable(),
    /** How many changes it lists. */
    entry_count: z.number().int(),
  }),
  form: z.object({
    version_name: textField('版本名称', 64),
    version_no: versionNoField,
    released_on: optionalDate('发布日期'),
  }),
  filter: z.object({ key: searchKeyField() }),
  actions: ['list', 'detail', 'save', 'remove', 'export'],
  excel: [
    { key: 'version_no', title: '版本号' },
    { key: 'version_name', title: '版本名称' },
    { key: 'released_on', title: '发布日期' },
  ],
});
export type AppVersionRow = ResourceRow<typeof appVersionResource>;

export const CHANGE_TYPES = ['add', 'fix', 'improve'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];
export const CHANGE_TYPE_LABELS: Record<ChangeType, string> = { add: '新增', fix: '修复', improve: '优化' };

export const versionEntryResource = defineResource({
  name: 'version_entry',
  title: '修改内容',
  base: '/manager/api/cfg/version_entry',
  screens: ['cfg/version_log'],
  row: z.object({
    version_no: z.string(),
    module: z.string(),
    change_type: z.enum(CHANGE_TYPES),
    finished_on: z.string().nullable(),
    content: z.string(),
  }),
  form: z.object({
    version_no: versionNoField,
    module: textField('模块', 32),
    change_type: choiceField(CHANGE_TYPES, '修改类型'),
    finished_on: optionalDate('完成时间'),
    content: noteField('内容', 2000).refine((value) => value !== null, '请填写内容'),
  }),
  filter: z.object({
    key: searchKeyField(),
    version_no: searchKeyField(),
    change_type: optionalChoiceField(CHANGE_TYPES, '修改类型不正确'),
  }),
  actions: ['list', 'detail', 'save', 'remove', 'export', 'import'],
  excel: [
    { key: 'version_no', title: '版本号' },
    { key: 'module', title: '模块' },
    { key: 'change_type', title: '修改类型', labels: CHANGE_TYPE_LABELS },
    { key: 'finished_on', title: '完成时间' },
    { key: 'content', title: '内容' },
  ],
});
export type VersionEntryRow = ResourceRow<typeof versionEntryResource>;
