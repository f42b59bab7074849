import { CST_OFFSET_MS } from '../../lib/hospital-day.js';

/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings, done in UTC so the result never depends on the
 * machine's time zone. Times are China Standard Time (+08:00), where the centre is.
 */
const DAY_MS = 86_400_000;

function parse(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return ms;
}

export function addDays(date: string, days: number): string {
  return new Date(parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  return new Date(parse(date)).getUTCDay();
}

export function isValidDay(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/** The instant `minutes` after midnight of `date` in China Standard Time. */
export function cstTime(date: string, minutes: number): Date {
  return new Date(parse(date) - CST_OFFSET_MS + minutes * 60_000);
}

export { todayCst } from '../../lib/hospital-day.js';

/** 'YYYYMMDD' for order ids. */
export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to) - parse(from)) / DAY_MS);
}
