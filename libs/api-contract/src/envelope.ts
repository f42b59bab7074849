import { z } from 'zod';

/** Every answer of /manager/api is this envelope (spec §7). status 200 means success. */
export const SUCCESS_STATUS = 200;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.number().int(),
    data,
    msg: z.string(),
  });

export const anyEnvelopeSchema = envelopeSchema(z.unknown());

export type Envelope<T> = { status: number; data: T; msg: string };

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { status: SUCCESS_STATUS, data, msg };
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return anyEnvelopeSchema.safeParse(value).success;
}
