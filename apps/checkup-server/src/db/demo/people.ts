import { idNumberCheckChar } from '@checkup/api-contract';
import { addDays } from './dates.js';
import type { Rng } from './prng.js';
import {
  AREAS,
  GIVEN_NAME_CHARS,
  CLASSIC_GIVEN_NAMES,
  LOCAL_AREAS,
  NATIONS,
  PHONE_PREFIXES,
  STREETS,
  SURNAMES,
} from './people-data.js';

export type Sex = '1' | '2';

/** A generated examinee, shaped as the customers table wants it but for the ID number and phone, sealed on insert. */
export interface PersonDraft {
  custName: string;
  sex: Sex;
  birthday: string;
  custIdCard: string;
  phone: string;
  specialFlag: '0' | '1';
  nation: string;
  address: string;
}

export interface PersonOptions {
  /** The day ages are counted from. */
  today: string;
  sex?: Sex;
  minAge?: number;
  maxAge?: number;
}

/** Share of confidential persons (保密人员), issue 4. */
export const CONFIDENTIAL_SHARE = 0.03;

function givenName(rng: Rng, sex: Sex, age: number): string {
  // Parents of the 1950s–70s favoured names like 建国 and 秀英; younger people rarely have them.
  if (age >= 50 && rng.chance(0.45)) return rng.pick(CLASSIC_GIVEN_NAMES[sex]);
  const chars = GIVEN_NAME_CHARS[sex];
  return rng.chance(0.3) ? rng.pick(chars) : rng.pick(chars) + rng.pick(chars);
}

export function chineseName(rng: Rng, sex: Sex, age: number): string {
  return rng.weighted(SURNAMES) + givenName(rng, sex, age);
}

/**
 * An 18-digit ID number (GB 11643): area code, birthday, a sequence whose last digit is odd for
 * men and even for women, and the check character computed by the contract's own function.
 */
export function idNumber(rng: Rng, areaCode: string, birthday: string, sex: Sex): string {
  const sexDigit = rng.int(0, 4) * 2 + (sex === '1' ? 1 : 0);
  const first17 = `${areaCode}${birthday.replaceAll('-', '')}${String(rng.int(0, 99)).padStart(2, '0')}${sexDigit}`;
  return first17 + idNumberCheckChar(first17);
}

export function mobilePhone(rng: Rng): string {
  return rng.pick(PHONE_PREFIXES) + String(rng.int(0, 99_999_999)).padStart(8, '0');
}

/** A birthday that makes the person between minAge and maxAge years old on `today`. */
function birthdayFor(rng: Rng, today: string, age: number): string {
  const year = Number(today.slice(0, 4)) - age;
  const lastBirthday = `${year}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
  return addDays(lastBirthday, -rng.int(0, 364));
}

export function generatePerson(rng: Rng, options: PersonOptions): PersonDraft {
  const sex = options.sex ?? (rng.chance(0.52) ? '2' : '1');
  const age = rng.int(options.minAge ?? 18, options.maxAge ?? 75);
  const birthday = birthdayFor(rng, options.today, age);
  // Most examinees live in the centre's city; the rest were born elsewhere.
  const local = rng.chance(0.65);
  const [areaCode, areaName] = rng.pick(local ? LOCAL_AREAS : AREAS);
  const home = local ? areaName : rng.pick(LOCAL_AREAS)[1];
  return {
    custName: chineseName(rng, sex, age),
    sex,
    birthday,
    custIdCard: idNumber(rng, areaCode, birthday, sex),
    phone: mobilePhone(rng),
    specialFlag: rng.chance(CONFIDENTIAL_SHARE) ? '1' : '0',
    nation: rng.weighted(NATIONS),
    address: `${home}${rng.pick(STREETS)}${rng.int(1, 899)}号`,
  };
}

/** Whole years between a birthday and a day. */
export function ageOn(birthday: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5) < birthday.slice(5) ? years - 1 : years;
}
