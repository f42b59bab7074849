import { z } from 'zod';
import { route } from './route.js';

export const parameterSchema = z.object({
  param_code: z.string(),
  /** Spec §3: JSON, e.g. 0810 holds companyCfg, 0110 cardReaderCfg. */
  param_value: z.unknown(),
});
export type Parameter = z.infer<typeof parameterSchema>;

/** 获取参数 GET /manager/api/Commonconfig/get_parameter */
export const getParameterRoute = route({
  method: 'GET',
  path: '/manager/api/Commonconfig/get_parameter',
  summary: '获取参数',
  access: 'signed-in',
  input: z.object({
    param_code: z
      .string({ error: '请传递参数编码' })
      .trim()
      .min(1, '请传递参数编码')
      .regex(/^[0-9A-Za-z_]{1,16}$/, '参数编码格式不正确'),
  }),
  output: parameterSchema,
});
