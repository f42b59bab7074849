import { z } from 'zod';
import { dateField } from '../field-schemas.js';

/** A list filter's days (the centre's days, from and to inclusive); shared by every dated list. */
export const dayRangeFields = {
  date_from: dateField.optional(),
  date_to: dateField.optional(),
};

type DayRange = { date_from?: string; date_to?: string };

/** A filter of these fields and a day range: the end may not come before the start. */
export function withDayRange<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, ...dayRangeFields })
    .refine(
      (v) =>
        !(v as DayRange).date_from ||
        !(v as DayRange).date_to ||
        (v as DayRange).date_from! <= (v as DayRange).date_to!,
      {
        message: '开始日期不能晚于结束日期',
        path: ['date_to'],
      },
    );
}
