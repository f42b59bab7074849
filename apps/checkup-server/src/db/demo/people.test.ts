import { describe, expect, it } from 'vitest';
import { isValidIdNumber } from '@checkup/api-contract';
import { ageOn, generatePerson } from './people.js';
import { Rng } from './prng.js';

const TODAY = '2026-03-16';

describe('generated examinees', () => {
  const rng = new Rng(2026);
  const people = Array.from({ length: 5000 }, () => generatePerson(rng, { today: TODAY }));

  it('carry ID numbers the contract accepts (GB 11643 check character)', () => {
    const rejected = people.filter((p) => !isValidIdNumber(p.custIdCard));
    expect(rejected).toEqual([]);
  });

  it('have the birthday and sex inside their ID number', () => {
    for (const p of people) {
      expect(p.custIdCard.slice(6, 14)).toBe(p.birthday.replaceAll('-', ''));
      expect(Number(p.custIdCard[16]) % 2 === 1 ? '1' : '2').toBe(p.sex);
    }
  });

  it('are between 18 and 75 years old by default', () => {
    const ages = people.map((p) => ageOn(p.birthday, TODAY));
    expect(Math.min(...ages)).toBe(18);
    expect(Math.max(...ages)).toBe(75);
  });

  it('honour the sex and age asked for', () => {
    const young = Array.from({ length: 200 }, () =>
      generatePerson(rng, { today: TODAY, sex: '1', minAge: 20, maxAge: 25 }),
    );
    for (const p of young) {
      expect(p.sex).toBe('1');
      expect(ageOn(p.birthday, TODAY)).toBeGreaterThanOrEqual(20);
      expect(ageOn(p.birthday, TODAY)).toBeLessThanOrEqual(25);
    }
  });

  it('have Chinese names, 11-digit mobile numbers and about 3% confidential persons', () => {
    for (const p of people) {
      expect(p.custName).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
      expect(p.phone).toMatch(/^1[3-9]\d{9}$/);
    }
    const confidential = people.filter((p) => p.specialFlag === '1').length / people.length;
    expect(confidential).toBeGreaterThan(0.02);
    expect(confidential).toBeLessThan(0.04);
  });

  it('are the same for the same seed', () => {
    const again = new Rng(2026);
    expect(Array.from({ length: 50 }, () => generatePerson(again, { today: TODAY }))).toEqual(people.slice(0, 50));
  });
});

describe('ageOn', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn('1990-03-17', '2026-03-16')).toBe(35);
    expect(ageOn('1990-03-16', '2026-03-16')).toBe(36);
  });
});
