import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** Spec §8: the alert for a malformed national ID number. */
export const ID_NUMBER_ERROR = '错误的身份证号码，请核对！';

// GB 11643-1999: weights of the first 17 digits and the check characters indexed by sum mod 11.
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

function isRealDate(text: string, format: string): boolean {
  return dayjs(text, format, true).isValid();
}

/** The check character of an 18-digit ID number, from its first 17 digits. */
export function idNumberCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, digit, i) => acc + Number(digit) * ID_WEIGHTS[i]!, 0);
  return ID_CHECK_CHARS[sum % 11]!;
}

/** National ID number (spec §5): 15 or 18 digits with a valid birth date; 18 digits carry a mod-11 check. */
export function isValidIdNumber(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (/^\d{15}$/.test(id)) return isRealDate(`19${id.slice(6, 12)}`, 'YYYYMMDD');
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!isRealDate(id.slice(6, 14), 'YYYYMMDD')) return false;
  return idNumberCheckChar(id.slice(0, 17)) === id[17];
}

/** Birthday (spec §5): year 19xx or 20xx, month 1-12, day 1-31, year-month-day. */
export function isValidBirthday(value: string): boolean {
  const match = /^(19|20)\d{2}-(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Date (spec §5): year-month-day, or year-month-day hour:minute:second. */
export function isValidDate(value: string): boolean {
  return isRealDate(value, 'YYYY-MM-DD') || isRealDate(value, 'YYYY-MM-DD HH:mm:ss');
}

/** Number (spec §5): non-negative decimal without leading zeros. */
export function isNonNegativeNumber(value: string): boolean {
  return /^(0|[1-9]\d*)(\.\d+)?$/.test(value.trim());
}

/** Sex code (spec §3): 1 male, 2 female. */
export function isValidSexCode(value: string | number): boolean {
  return value === 1 || value === 2 || value === '1' || value === '2';
}

/** Amounts are shown with two decimals (spec §5). */
export function formatAmount(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
}
