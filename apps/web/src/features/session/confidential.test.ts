import { describe, expect, it } from 'vitest';
import { canViewPerson } from './confidential';

const special = { special_flag: '1' as const };
const ordinary = { special_flag: '0' as const };

describe('canViewPerson (spec §5)', () => {
  it('lets a user with special_flag 1 view anyone', () => {
    expect(canViewPerson(special, { special_flag: '1' })).toBe(true);
    expect(canViewPerson(special, { special_flag: '0' })).toBe(true);
    expect(canViewPerson(special, null)).toBe(true);
  });

  it('refuses other users a confidential person', () => {
    expect(canViewPerson(ordinary, { special_flag: '1' })).toBe(false);
  });

  it('refuses other users an absent person', () => {
    expect(canViewPerson(ordinary, null)).toBe(false);
    expect(canViewPerson(ordinary, undefined)).toBe(false);
  });

  it('lets other users view an ordinary person, but not an unknown user', () => {
    expect(canViewPerson(ordinary, { special_flag: '0' })).toBe(true);
    expect(canViewPerson(ordinary, {})).toBe(true);
    expect(canViewPerson(undefined, { special_flag: '1' })).toBe(false);
  });
});
