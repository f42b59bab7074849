import { z } from 'zod';

/**
 * Field schemas shared by the calls' inputs. Form bodies and query strings carry text (spec §7), while
 * the web's fetchers may hand numbers; blank optional fields mean "no filter", as the web's forms send them.
 */

// Our ids are serial (int4): nine digits always fit.
const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** A required id, answered as a number. */
export function idField(label: string) {
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? `请传递${label}` : `${label}格式不正确`),
    })
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
    .trim()
    .max(max, `搜索关键字不能超过${max}个字符`)
    .optional()
    .transform((value) => value || undefined);
}
