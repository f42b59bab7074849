import { z } from 'zod';
import { isValidPhone, PHONE_ERROR } from './validators.js';
import { hasLineControl, holdsControlCharacter } from './control-characters.js';

/**
 * Field schemas shared by the calls' inputs. Form bodies and query strings carry text (spec §7), while
 * the web's fetchers may hand numbers; blank optional fields mean "no filter", as the web's forms send them.
 */

// Our ids are serial (int4): nine digits always fit.
const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** A single-line field refuses a tab or line break before a trim could hide it (issue 17 §2). */
const isOneLine = (value: unknown) => typeof value !== 'string' || !hasLineControl(value);
const oneLine = (label: string) => ({ message: `${label}不能包含换行或制表符`, abort: true });

/** A required id, answered as a number. */
export function idField(label: string) {
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? `请传递${label}` : `${label}格式不正确`),
    })
    .refine(isOneLine, oneLine(label))
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', { message: `请传递${label}`, abort: true })
    .refine((value) => ID_PATTERN.test(value), `${label}格式不正确`)
    .transform(Number);
}

/** An optional id; absent or blank is undefined. */
export function optionalIdField(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .optional()
    .refine(isOneLine, oneLine(label))
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || ID_PATTERN.test(value), `${label}格式不正确`)
    .transform((value) => (value === '' ? undefined : Number(value)));
}

/** An optional choice among `values`; absent or blank is undefined. */
export function optionalChoiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .union([z.enum(values), z.literal('')], { error: message })
    .optional()
    .transform((value) => value || undefined);
}

/** A search key, trimmed; blank is undefined. */
export function searchKeyField(max = 32) {
  return z
    .string({ error: '搜索关键字格式不正确' })
    .refine(isOneLine, oneLine('搜索关键字'))
    .trim()
    .max(max, `搜索关键字不能超过${max}个字符`)
    .optional()
    .transform((value) => value || undefined);
}

/** An optional phone number (an 11-digit mobile or a landline with area code), trimmed; blank is undefined. */
export const optionalPhoneField = z
  .string({ error: PHONE_ERROR })
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isValidPhone(value), PHONE_ERROR);

// Several numbers in one field (单位信息's 联系电话) are separated by commas, 、 or semicolons.
const PHONE_SEPARATOR = /[,，、;；]/;

/** Several phone numbers in one text field, each checked; the refusal names the bad one. */
export function phoneListField(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .superRefine((value, ctx) => {
      const bad = value
        .split(PHONE_SEPARATOR)
        .map((phone) => phone.trim())
        .find((phone) => phone !== '' && !isValidPhone(phone));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `${label}「${bad}」：${PHONE_ERROR}` });
    })
    .optional();
}

/** The order-centred calls' fields. */
export const orderIdField = z
  .string({ error: '请提供体检号' })
  .refine(isOneLine, oneLine('体检号'))
  .trim()
  .regex(/^[0-9A-Za-z]{6,20}$/, '体检号格式不正确');

export const deptIdField = idField('科室');

export const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 年-月-日')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), '日期不存在');

export const pageFields = {
  page: z.coerce.number().int().min(1, '页码从1开始').default(1),
  size: z.coerce.number().int().min(1).max(200, '每页最多200条').default(20),
};

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), size: z.number().int() });

/**
 * The base address of a helper on a workstation (ID-card reader, local print service): http(s), a host
 * with an optional port, and a trailing slash, since the clients append their paths to it.
 */
export function httpBaseAddress(label: string, example: string) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^https?:\/\/[^\s/]+(:\d+)?\/(\S*\/)?$/, `${label}应为以 / 结尾的 http 地址，例如 ${example}`);
}

/** A list or object sent as JSON text inside a form field (spec §7: bodies are form-encoded). */
export function jsonField<T extends z.ZodType>(schema: T, label: string) {
  return z
    .string({ error: `请提供${label}` })
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      // A JSON escape (\u0000) gets past the check of the raw fields; the parsed text is held to it too.
      if (holdsControlCharacter(value)) {
        ctx.addIssue({ code: 'custom', message: `${label}含有不可见的控制字符` });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);
}
