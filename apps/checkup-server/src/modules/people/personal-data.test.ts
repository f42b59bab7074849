import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError, idNumberCheckChar } from '@checkup/api-contract';
import { keyIdOf, normalizeIdNumber, normalizePhone, PersonalData } from './personal-data.js';

const ID_18 = (() => {
  const first17 = '11010519491231002';
  return `${first17}${idNumberCheckChar(first17)}`;
})();
const ID_15 = '110105491231002';

describe('normalised look-up values', () => {
  it('widens a valid 15-digit ID number to its 18-digit form and reads x as X', () => {
    expect(normalizeIdNumber(ID_15)).toBe(ID_18);
    expect(normalizeIdNumber(` ${ID_18.toLowerCase()} `)).toBe(ID_18);
    expect(normalizeIdNumber('11010519800101069x')).toBe('11010519800101069X');
  });

  it('leaves a 15-digit number that is no ID number as it is', () => {
    expect(normalizeIdNumber('110105491331002')).toBe('110105491331002');
  });

  it('drops the spaces and dashes of a phone', () => {
    expect(normalizePhone(' 138-0013 8000 ')).toBe('13800138000');
    expect(normalizePhone('0571-8888 8888')).toBe('057188888888');
  });
});

describe('PersonalData', () => {
  const personalData = new PersonalData(randomBytes(32));

  it('seals a value as v1:<key id>:… with a fresh iv each time, and opens it again', () => {
    const a = personalData.seal('customers.cust_id_card', ID_18);
    const b = personalData.seal('customers.cust_id_card', ID_18);
    expect(a).toMatch(new RegExp(`^v1:${personalData.keyId}:[A-Za-z0-9_-]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain(ID_18);
    expect(keyIdOf(a)).toBe(personalData.keyId);
    expect(personalData.open('customers.cust_id_card', a)).toBe(ID_18);
  });

  it('refuses a value whose bytes were changed, with the Chinese message of the catalogue', () => {
    const sealed = personalData.seal('customers.phone', '13800138000');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(() => personalData.open('customers.phone', tampered)).toThrow(AppError);
    expect(() => personalData.open('customers.phone', tampered)).toThrow(/身份证号或手机号无法解密/);
  });

  it('refuses a value moved from another column', () => {
    const phone = personalData.seal('customers.phone', '13800138000');
    expect(() => personalData.open('report_deliveries.destination', phone)).toThrow(AppError);
  });

  it('refuses a value sealed under another key, and one whose key id was rewritten', () => {
    const other = new PersonalData(randomBytes(32));
    const sealed = other.seal('customers.cust_id_card', ID_18);
    expect(() => personalData.open('customers.cust_id_card', sealed)).toThrow(AppError);
    const relabelled = sealed.replace(other.keyId, personalData.keyId);
    expect(() => personalData.open('customers.cust_id_card', relabelled)).toThrow(AppError);
  });

  it('hashes one person to one look-up value whichever form was typed, and differently under another key', () => {
    const lookup = personalData.idCardLookup(ID_18);
    expect(lookup).toMatch(/^[0-9a-f]{64}$/);
    expect(personalData.idCardLookup(ID_15)).toBe(lookup);
    expect(personalData.idCardLookup(ID_18.toLowerCase())).toBe(lookup);
    expect(personalData.phoneLookup('138 0013-8000')).toBe(personalData.phoneLookup('13800138000'));
    expect(new PersonalData(randomBytes(32)).idCardLookup(ID_18)).not.toBe(lookup);
  });

  it('keeps the ID number as entered while hashing its normalised form', () => {
    const sealed = personalData.sealIdentity({ idCard: ID_15, phone: null });
    expect(personalData.openIdentity(sealed)).toEqual({ idCard: ID_15, phone: null });
    expect(sealed).toMatchObject({ custIdCardHash: personalData.idCardLookup(ID_18), phoneEnc: null, phoneHash: null });
  });

  it('derives the same key id, seal key and hash key from the same data key', () => {
    const key = randomBytes(32);
    const [a, b] = [new PersonalData(key), new PersonalData(key)];
    expect(a.keyId).toBe(b.keyId);
    expect(b.open('companies.contact_phone', a.seal('companies.contact_phone', '021-5555'))).toBe('021-5555');
    expect(a.phoneLookup('021-5555')).toBe(b.phoneLookup('021-5555'));
  });
});
