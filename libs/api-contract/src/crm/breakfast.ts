import { z } from 'zod';
import { dateField, idField, orderIdField } from '../field-schemas.js';
import { withDayRange } from '../resource/day-range.js';
import { route } from '../route.js';

const BREAKFAST_SCREENS = ['crm/breakfast_mg'] as const;

export const breakfastRowSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  /** The examinee's name, masked. */
  cust_name: z.string(),
  taken_at: z.string(),
  taken_by_name: z.string().nullable(),
});
export type BreakfastRow = z.infer<typeof breakfastRowSchema>;

/** 领取早餐 POST /manager/api/crm/breakfast/take: refused unless the visit is today's, checked in, and not yet served. */
export const breakfastTakeRoute = route({
  method: 'POST',
  path: '/manager/api/crm/breakfast/take',
  summary: '登记领取早餐（扫码或输入体检号）',
  access: BREAKFAST_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: breakfastRowSchema,
});

/** 撤销早餐 POST /manager/api/crm/breakfast/undo: with its reason, audited. */
export const breakfastUndoRoute = route({
  method: 'POST',
  path: '/manager/api/crm/breakfast/undo',
  summary: '撤销早餐领取（须填写原因）',
  access: BREAKFAST_SCREENS,
  input: z.object({
    id: idField('早餐记录'),
    reason: z.string({ error: '请填写撤销原因' }).trim().min(1, '请填写撤销原因').max(200, '撤销原因不能超过200个字符'),
  }),
  output: z.object({ id: z.number().int() }),
});

/** 当日早餐 GET /manager/api/crm/breakfast/list: a day's breakfasts taken (today unless a day is chosen). */
export const breakfastListRoute = route({
  method: 'GET',
  path: '/manager/api/crm/breakfast/list',
  summary: '某日已领取早餐的名单',
  access: BREAKFAST_SCREENS,
  input: z.object({ day: dateField.optional() }),
  output: z.object({ day: z.string(), list: z.array(breakfastRowSchema) }),
});

export const breakfastCountSchema = z.object({
  day: z.string(),
  /** Breakfasts taken that day (not undone). */
  taken: z.number().int(),
  /** Visits of that day that checked in. */
  checked_in: z.number().int(),
});

/** 早餐统计 GET /manager/api/crm/breakfast/counts: per day, taken / checked-in visits (at most 62 days). */
export const breakfastCountsRoute = route({
  method: 'GET',
  path: '/manager/api/crm/breakfast/counts',
  summary: '每日早餐领取数与报到人数',
  access: BREAKFAST_SCREENS,
  input: withDayRange({}),
  output: z.array(breakfastCountSchema),
});

export const BREAKFAST_ROUTES = [
  breakfastTakeRoute,
  breakfastUndoRoute,
  breakfastListRoute,
  breakfastCountsRoute,
] as const;
