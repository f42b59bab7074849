import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  checkIdNumber,
  formatAmount,
  idNumberCheckChar,
  isValidNumber,
  isValidBirthday,
  isValidDate,
  isValidIdNumber,
  isValidSexCode,
  isValidMobile,
  isValidPhone,
  PHONE_ERROR,
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
    expect(isValidNumber('0')).toBe(true);
    expect(isValidNumber('12.50')).toBe(true);
    expect(isValidNumber('012')).toBe(false);
    expect(isValidNumber('-1')).toBe(false);
    expect(isValidNumber('1.')).toBe(false);
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

describe('checkIdNumber', () => {
  it('answers the birthday and the sex an 18-digit number carries', () => {
    // 17th digit 2: even, a woman.
    expect(checkIdNumber('11010519491231002x')).toEqual({ ok: true, birthday: '1949-12-31', sex: '2' });
    const first17 = '44052418800101001';
    expect(checkIdNumber(first17 + idNumberCheckChar(first17))).toEqual({ ok: true, birthday: '1880-01-01', sex: '1' });
  });

  it('reads a 15-digit number as born in the 1900s', () => {
    expect(checkIdNumber('110105491231002')).toEqual({ ok: true, birthday: '1949-12-31', sex: '2' });
    expect(checkIdNumber('110105491231001')).toMatchObject({ sex: '1' });
  });

  it('refuses anything else with the spec §8 alert', () => {
    for (const bad of ['110105194912310021', '1101051949123100', '11010519490230002X', '']) {
      expect(checkIdNumber(bad)).toEqual({ ok: false, message: '错误的身份证号码，请核对！' });
    }
  });
});

describe('ageInDays', () => {
  it('counts whole days from the birthday', () => {
    expect(ageInDays('2026-11-01', '2026-11-21')).toBe(20);
    expect(ageInDays('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('answers null for a bad date or a birthday still to come', () => {
    expect(ageInDays('2026-02-30', '2026-11-21')).toBeNull();
    expect(ageInDays('2027-01-01', '2026-11-21')).toBeNull();
  });
});

describe('isValidPhone', () => {
  it('accepts an 11-digit mobile number', () => {
    expect(isValidPhone('13812345678')).toBe(true);
    expect(isValidPhone(' 19912345678 ')).toBe(true);
  });

  it('accepts a landline with its area code, with or without the hyphen and an extension', () => {
    expect(isValidPhone('010-12345678')).toBe(true);
    expect(isValidPhone('0755-2345678')).toBe(true);
    expect(isValidPhone('02112345678')).toBe(true);
    expect(isValidPhone('010-62345678-801')).toBe(true);
    expect(isValidPhone('400-810-2345')).toBe(true);
  });

  it('refuses a short number, a landline without area code and other shapes', () => {
    expect(isValidPhone('1381234')).toBe(false);
    expect(isValidPhone('12345678')).toBe(false);
    expect(isValidPhone('1381234567')).toBe(false);
    expect(isValidPhone('138123456789')).toBe(false);
    expect(isValidPhone('12812345678')).toBe(false);
    expect(isValidPhone('010-0234567')).toBe(false);
    expect(isValidPhone('----------')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('says in Chinese what a phone number looks like', () => {
    expect(PHONE_ERROR).toBe('电话号码格式不正确，请输入11位手机号或带区号的固定电话（如 010-12345678）');
  });
});

describe('isValidMobile', () => {
  it('accepts only an 11-digit mobile number', () => {
    expect(isValidMobile('13812345678')).toBe(true);
    expect(isValidMobile('010-12345678')).toBe(false);
    expect(isValidMobile('1381234')).toBe(false);
  });
});
