import { z } from 'zod';
import { route } from './route.js';

/** Spec §4 server mode: the two a user may switch between, by their Chinese names. */
export const SWITCHABLE_SERVICE_TYPES = { 1: '体检服务器', 2: '外部服务器' } as const;
export type SwitchableServiceType = keyof typeof SWITCHABLE_SERVICE_TYPES;

/** Spec §8: choosing the mode already active. */
export const alreadyActiveMessage = (type: SwitchableServiceType) =>
  `当前就是${SWITCHABLE_SERVICE_TYPES[type]}无需切换`;

/** 切换服务模式 POST /manager/external/external/set_service_type */
export const setServiceTypeRoute = route({
  method: 'POST',
  path: '/manager/external/external/set_service_type',
  summary: '切换服务模式',
  access: ['eim/EimModeControl'],
  input: z.object({
    type: z
      .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], {
        error: '服务模式只能是1（体检服务器）或2（外部服务器）',
      })
      .transform((value): SwitchableServiceType => (Number(value) === 1 ? 1 : 2)),
  }),
  output: z.object({ service_type: z.union([z.literal(1), z.literal(2)]) }),
});
