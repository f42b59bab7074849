import { z } from 'zod';

/**
 * Several codes chosen from a fixed list (a payment method's flags, a template's channels): an array
 * as the web sends it, JSON text, or codes or labels separated by commas as an .xlsx cell holds them.
 * Each code once, in the list's order.
 */
export function choiceListField<const T extends readonly [string, ...string[]]>(
  values: T,
  labels: Readonly<Record<T[number], string>>,
  label: string,
) {
  const byLabel = new Map<string, string>(values.map((v) => [labels[v as T[number]], v]));
  return z
    .union([z.string(), z.array(z.string())], { error: `${label}格式不正确` })
    .optional()
    .transform((value, ctx) => {
      let parts: string[] = [];
      if (Array.isArray(value)) parts = value;
      else if (value && value.trim().startsWith('[')) {
        try {
          parts = z.array(z.string()).parse(JSON.parse(value));
        } catch {
          ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
          return z.NEVER;
        }
      } else if (value) parts = value.split(/[,，、]/);
      const codes = parts
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => byLabel.get(p) ?? p);
      const unknown = codes.find((code) => !(values as readonly string[]).includes(code));
      if (unknown !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `${label}只能从${values.map((v) => labels[v as T[number]]).join('、')}中选择`,
        });
        return z.NEVER;
      }
      return values.filter((v) => codes.includes(v)) as T[number][];
    });
}
