import { z } from 'zod';
import { hasLineControl } from '../control-characters.js';

/**
 * The fields of resource forms, each with its Chinese messages: a form's schema is the one place of its
 * rules (issue 18), and the web derives its form rules from it. Forms travel as text (spec §7).
 */
const oneLine = (label: string) => ({ message: `${label}不能包含换行或制表符`, abort: true });
const isOneLine = (value: string) => !hasLineControl(value);

/** A required single line of text, trimmed. */
export function textField(label: string, max: number) {
  return z
    .string({ error: `请填写${label}` })
    .refine(isOneLine, oneLine(label))
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);
}

/** An optional single line of text; blank is null (a cleared field clears the column). */
export function optionalTextField(label: string, max: number) {
  return z
    .string({ error: `${label}格式不正确` })
    .refine(isOneLine, oneLine(label))
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .transform((value) => value || null);
}

/** Optional free text over several lines (advice, descriptions). */
export function noteField(label: string, max: number) {
  return z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字`)
    .optional()
    .transform((value) => value || null);
}

/** A code others refer to: letters, digits, - and _ (what HIS and LIS codes look like). */
export function codeField(label: string, max = 32) {
  return textField(label, max).regex(/^[A-Za-z0-9_-]+$/, `${label}只能包含字母、数字、-和_`);
}

/** An optional code, as codeField; blank is null. */
export function optionalCodeField(label: string, max = 32) {
  return optionalTextField(label, max).refine(
    (value) => value === null || /^[A-Za-z0-9_-]+$/.test(value),
    `${label}只能包含字母、数字、-和_`,
  );
}

/** A whole number in a range; blank takes `fallback` when one is given. */
export function intField(label: string, min: number, max: number, fallback?: number) {
  return z
    .union([z.string(), z.number()], { error: `请填写${label}` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value !== '' || fallback !== undefined, { message: `请填写${label}`, abort: true })
    .transform((value) => (value === '' ? fallback! : value))
    .refine((value) => /^-?\d+$/.test(String(value)), { message: `${label}应为整数`, abort: true })
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${label}应在${min}到${max}之间`);
}

/** An optional decimal (a reference limit); blank is null. */
export function optionalDecimalField(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || /^-?\d{1,8}(\.\d{1,4})?$/.test(value), `${label}应为数字，最多四位小数`)
    .transform((value) => (value === '' ? null : value));
}

/** The sort order of a list: 0 when left blank. */
export const sortField = intField('排序', 0, 99_999, 0);

/** A choice among codes, named by `label` in its refusal. */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: `请选择${label}` });
}

/** The enabled filter of a list: '1' in use, '0' disabled, blank both. */
export const enabledFilter = z
  .union([z.enum(['0', '1']), z.literal('')], { error: '启用状态只能是0或1' })
  .optional()
  .transform((value) => value || undefined);

/** Ids chosen in a form (a union's items): JSON text as forms carry it, or an array; each once, in order. */
export function idListField(label: string, max = 500) {
  return z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: `${label}格式不正确` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return [];
      let list: unknown = value;
      // One chosen id comes as a bare id: a form sends a list as repeated keys, and one key is a string.
      if (typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value.trim())) list = [value.trim()];
      else if (typeof value === 'string') {
        try {
          list = JSON.parse(value);
        } catch {
          ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
          return z.NEVER;
        }
      }
      if (!Array.isArray(list) || !list.every((id) => /^[1-9]\d{0,8}$/.test(String(id)))) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return [...new Set(list.map(Number))];
    })
    .refine((ids) => ids.length <= max, `${label}最多${max}个`);
}

/** An id chosen from a list (the department of an item); required unless `optional`. */
export function refField(label: string) {
  return z
    .union([z.string(), z.number()], { error: `请选择${label}` })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', { message: `请选择${label}`, abort: true })
    .refine((value) => /^[1-9]\d{0,8}$/.test(value), `${label}格式不正确`)
    .transform(Number);
}

/** An optional id chosen from a list; blank is null. */
export function optionalRefField(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || /^[1-9]\d{0,8}$/.test(value), `${label}格式不正确`)
    .transform((value) => (value === '' ? null : Number(value)));
}

/** A yes/no switch as forms send it ('1'/'0', 'true'/'false', a boolean). */
export const flagField = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', '是', '否', ''])], { error: '开关格式不正确' })
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true' || value === '是');
