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

export type IdNumberCheck =
  | { ok: true; /** YYYY-MM-DD */ birthday: string; /** '1' male, '2' female */ sex: '1' | '2' }
  | { ok: false; message: typeof ID_NUMBER_ERROR };

/**
 * GB 11643 (spec §5), with what the number tells: the birthday and the sex (the sequence digit is
 * odd for men). 'x' is taken as 'X'. The one place web and server check an ID number.
 */
export function checkIdNumber(value: string): IdNumberCheck {
  const id = value.trim().toUpperCase();
  if (!isValidIdNumber(id)) return { ok: false, message: ID_NUMBER_ERROR };
  const long = id.length === 18;
  const date = long ? id.slice(6, 14) : `19${id.slice(6, 12)}`;
  const sequenceDigit = Number(long ? id[16] : id[14]);
  return {
    ok: true,
    birthday: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    sex: sequenceDigit % 2 === 1 ? '1' : '2',
  };
}

/** The alerts for a malformed phone number: any phone field, and one that must take an SMS. */
export const PHONE_ERROR = '电话号码格式不正确，请输入11位手机号或带区号的固定电话（如 010-12345678）';
export const MOBILE_ERROR = '手机号格式不正确，请输入11位手机号';

// Mainland numbers: a mobile is 11 digits from 13x to 19x; a landline is a 3- or 4-digit area code
// starting with 0 and a 7- or 8-digit local number not starting with 0, the hyphen optional,
// then an optional extension; 400/800 are the nationwide service numbers a hospital may publish.
const MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-?[1-9]\d{6,7}(-\d{1,6})?$/;
const SERVICE_NUMBER = /^[48]00-?\d{3}-?\d{4}$/;

/** An 11-digit mainland mobile number: what an SMS can reach. */
export function isValidMobile(value: string): boolean {
  return MOBILE.test(value.trim());
}

/** A phone number: an 11-digit mobile, or a landline with its area code (010-12345678, 0755-2345678-801). */
export function isValidPhone(value: string): boolean {
  const phone = value.trim();
  return MOBILE.test(phone) || LANDLINE.test(phone) || SERVICE_NUMBER.test(phone);
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
export function isValidNumber(value: string): boolean {
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

/** Whole days from a birthday (YYYY-MM-DD) to `on` (today by default); null for a bad date or one in the future. */
export function ageInDays(birthday: string, on: string | Date = new Date()): number | null {
  const born = dayjs(birthday, 'YYYY-MM-DD', true);
  if (!born.isValid()) return null;
  const days = dayjs(on).startOf('day').diff(born.startOf('day'), 'day');
  return days >= 0 ? days : null;
}
