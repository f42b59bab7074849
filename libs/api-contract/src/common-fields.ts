import { z } from 'zod';

/** Shared input fields of the order-centred calls, with the Chinese messages a clerk sees. */
export const orderIdField = z
  .string({ error: '请提供体检号' })
  .trim()
  .regex(/^[0-9A-Za-z]{6,20}$/, '体检号格式不正确');

export const deptIdField = z.coerce.number({ error: '请选择科室' }).int('科室编号格式不正确').positive('请选择科室');

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

/** A list or object sent as JSON text inside a form field (spec §7: bodies are form-encoded). */
export function jsonField<T extends z.ZodType>(schema: T, label: string) {
  return z
    .string({ error: `请提供${label}` })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
