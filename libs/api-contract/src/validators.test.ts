import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  idNumberCheckChar,
  isNonNegativeNumber,
  isValidBirthday,
  isValidDate,
  isValidIdNumber,
  isValidSexCode,
} from './validators.js';

describe('isValidIdNumber', () => {
  it('accepts an 18-digit number whose check character matches (GB 11643 example)', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
  });

  it('computes the mod-11 check character', () => {
    expect(idNumberCheckChar('11010519491231002')).toBe('X');
    expect(idNumberCheckChar('44052418800101001')).toBe('4');
  });

  it('refuses a wrong check character', () => {
    expect(isValidIdNumber('110105194912310021')).toBe(false);
  });

  it('refuses an impossible birth date', () => {
    const first17 = '11010519490231002';
    expect(isValidIdNumber(first17 + idNumberCheckChar(first17))).toBe(false);
  });

  it('accepts a 15-digit number with a valid birth date and refuses other lengths', () => {
    expect(isValidIdNumber('110105491231002')).toBe(true);
    expect(isValidIdNumber('110105491331002')).toBe(false);
    expect(isValidIdNumber('1101051949123100')).toBe(false);
    expect(isValidIdNumber('')).toBe(false);
  });
});

describe('other field validators', () => {
  it('checks birthdays as 19xx/20xx-month-day', () => {
    expect(isValidBirthday('1990-01-01')).toBe(true);
    expect(isValidBirthday('2024-2-9')).toBe(true);
    expect(isValidBirthday('1890-01-01')).toBe(false);
    expect(isValidBirthday('1990-13-01')).toBe(false);
    expect(isValidBirthday('1990/01/01')).toBe(false);
  });

  it('checks dates with and without time', () => {
    expect(isValidDate('2026-11-21')).toBe(true);
    expect(isValidDate('2026-11-21 08:30:00')).toBe(true);
    expect(isValidDate('2026-11-31')).toBe(false);
    expect(isValidDate('2026-11-21 25:00:00')).toBe(false);
  });

  it('checks non-negative numbers without leading zeros', () => {
    expect(isNonNegativeNumber('0')).toBe(true);
    expect(isNonNegativeNumber('12.50')).toBe(true);
    expect(isNonNegativeNumber('012')).toBe(false);
    expect(isNonNegativeNumber('-1')).toBe(false);
    expect(isNonNegativeNumber('1.')).toBe(false);
  });

  it('knows the sex codes 1 and 2 only', () => {
    expect(isValidSexCode('1')).toBe(true);
    expect(isValidSexCode(2)).toBe(true);
    expect(isValidSexCode('0')).toBe(false);
  });

  it('formats amounts with two decimals', () => {
    expect(formatAmount(12)).toBe('12.00');
    expect(formatAmount('3.456')).toBe('3.46');
    expect(formatAmount('abc')).toBe('0.00');
  });
});
