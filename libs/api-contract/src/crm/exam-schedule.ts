import { z } from 'zod';
import { dateField, optionalChoiceField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { withDayRange } from '../resource/day-range.js';
import { choiceField, enabledFilter, flagField, intField, optionalTextField } from '../resource/form-fields.js';
import { route } from '../route.js';

/** 预约类型 of a slot and a booking (breadth §2.6). */
export const SLOT_TYPES = ['normal', 'vip'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];
export const SLOT_TYPE_LABELS: Record<SlotType, string> = { normal: '普通', vip: 'VIP' };

/** Spec §9: the default slots run from 09:00 to 18:00, one hour each. */
export const DEFAULT_SLOT_TIMES: readonly (readonly [string, string])[] = Array.from({ length: 9 }, (_, i) => [
  `${String(9 + i).padStart(2, '0')}:00`,
  `${String(10 + i).padStart(2, '0')}:00`,
]);

const SHD_SCREENS = ['crm/shd_mg'] as const;
const SCHEDULE_SCREENS = ['crm/exam_schedule', 'crm/exam_schedule_detail'] as const;
/** Who may book past a full slot and pass or refuse such a request (route table crm-finance.ts). */
export const OVER_CAPACITY_ACCESS = 'crm/exam_schedule:over_capacity';

const timeField = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为 时:分`);

/**
 * 排期 (crm/shd_mg, breadth §2.6): the capacity of one day's time slot of one type — its cap, whether it
 * is open for booking, and a remark; the list counts what is booked and what remains.
 */
export const scheduleSlotResource = defineResource({
  name: 'schedule_slot',
  title: '排期',
  base: '/manager/api/crm/schedule_slot',
  screens: [...SHD_SCREENS],
  readers: [...SCHEDULE_SCREENS],
  row: z.object({
    day: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    slot_type: z.enum(SLOT_TYPES),
    cap: z.number().int(),
    is_open: z.boolean(),
    remark: z.string().nullable(),
    booked: z.number().int(),
    remaining: z.number().int(),
  }),
  form: z
    .object({
      day: dateField,
      start_time: timeField('开始时间'),
      end_time: timeField('结束时间'),
      slot_type: choiceField(SLOT_TYPES, '预约类型'),
      cap: intField('预约上限', 0, 9999),
      is_open: flagField,
      remark: optionalTextField('备注', 200),
    })
    .refine((v) => v.start_time < v.end_time, { message: '开始时间须早于结束时间', path: ['end_time'] }),
  filter: withDayRange({
    slot_type: optionalChoiceField(SLOT_TYPES, '预约类型不正确'),
    is_open: optionalChoiceField(['0', '1'], '开放状态不正确'),
    enabled: enabledFilter,
  }),
  // enable is 开放/关闭 of one slot (the record's enabled flag is the open flag).
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'day', title: '日期' },
    { key: 'start_time', title: '开始时间' },
    { key: 'end_time', title: '结束时间' },
    { key: 'slot_type', title: '类型', labels: SLOT_TYPE_LABELS },
    { key: 'cap', title: '上限' },
    { key: 'booked', title: '已预约' },
    { key: 'remaining', title: '剩余' },
    { key: 'remark', title: '备注' },
  ],
});

const dayRange = {
  date_from: dateField,
  date_to: dateField,
};
const rangeInOrder = (v: { date_from: string; date_to: string }) => v.date_from <= v.date_to;
const RANGE_ORDER = { message: '开始日期不能晚于结束日期', path: ['date_to'] };

/** 批量设置 POST /manager/api/crm/schedule_slot/batch_set: every default slot of every day in the range. */
export const scheduleBatchSetRoute = route({
  method: 'POST',
  path: '/manager/api/crm/schedule_slot/batch_set',
  summary: '批量设置排期（范围内每天的默认时段：新增或更新上限与开放状态）',
  access: [...SHD_SCREENS],
  input: z
    .object({
      ...dayRange,
      slot_type: choiceField(SLOT_TYPES, '预约类型'),
      cap: intField('每时段上限', 0, 9999),
      is_open: flagField,
    })
    .refine(rangeInOrder, RANGE_ORDER)
    .refine((v) => Date.parse(v.date_to) - Date.parse(v.date_from) <= 366 * 86_400_000, {
      message: '批量设置的日期范围不能超过一年',
      path: ['date_to'],
    }),
  output: z.object({ created: z.number().int(), updated: z.number().int() }),
});

/** 批量关闭 POST /manager/api/crm/schedule_slot/batch_close: the slots of a type in the range stop taking bookings. */
export const scheduleBatchCloseRoute = route({
  method: 'POST',
  path: '/manager/api/crm/schedule_slot/batch_close',
  summary: '批量关闭排期（范围内该类型的时段不再接受预约）',
  access: [...SHD_SCREENS],
  input: z
    .object({ ...dayRange, slot_type: optionalChoiceField(SLOT_TYPES, '预约类型不正确') })
    .refine(rangeInOrder, RANGE_ORDER),
  output: z.object({ closed: z.number().int() }),
});

export const SCHEDULE_SLOT_ROUTES = [scheduleBatchSetRoute, scheduleBatchCloseRoute] as const;
