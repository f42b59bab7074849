import { DEFAULT_CARD_READER_PARAM, idNumberCheckChar } from '@checkup/api-contract';
import { describe, expect, it } from 'vitest';
import { ageOn, isConnectionProblem, readPollAnswer } from './id-card-answer.js';

const { keys } = DEFAULT_CARD_READER_PARAM.cardReaderCfg;
const today = new Date('2026-11-21T09:00:00');
const woman17 = '44030519851115002';
const WOMAN = woman17 + idNumberCheckChar(woman17);

describe('readPollAnswer', () => {
  it('keeps polling while the helper has no card', () => {
    expect(readPollAnswer({ code: 1, status: false, retcode: '0x2' }, keys, today)).toEqual({ kind: 'waiting' });
    expect(readPollAnswer({ code: 0, status: true, data: null }, keys, today)).toEqual({ kind: 'waiting' });
  });

  it.each([{ code: 0 }, { code: '0' }, { status: true }])('takes %j as success', (flags) => {
    const verdict = readPollAnswer({ ...flags, data: { name: '王五', id_num: WOMAN } }, keys, today);
    expect(verdict).toMatchObject({ kind: 'card', card: { cust_name: '王五' } });
  });

  it('reads the sex from the ID number when the helper leaves it out', () => {
    const verdict = readPollAnswer({ code: 0, data: { name: '王五', id_num: WOMAN } }, keys, today);
    expect(verdict).toMatchObject({
      card: { gender: '2', cust_birthday: '1985-11-15', age: 41, folk: '', base_img: '' },
    });
  });

  it('accepts data sent as JSON text and a lower-case x check character', () => {
    const first17 = '11010519491231002';
    const id = first17 + idNumberCheckChar(first17);
    expect(id.endsWith('X')).toBe(true);
    const data = JSON.stringify({ name: '赵六', sex: '2', id_num: id.toLowerCase() });
    expect(readPollAnswer({ status: true, data }, keys, today)).toMatchObject({
      card: { cust_id_card: id, gender: '2' },
    });
  });
});

describe('isConnectionProblem', () => {
  it.each(['0x1', '0x01', '0X1', '1', 1])('takes retcode %j as a reader connection problem', (retcode) => {
    expect(isConnectionProblem({ retcode })).toBe(true);
  });
  it.each(['0x0', '0x2', 0, '0x10', undefined])('does not take retcode %j as one', (retcode) => {
    expect(isConnectionProblem({ retcode })).toBe(false);
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1990-11-21', today)).toBe(36);
    expect(ageOn('1990-11-22', today)).toBe(35);
    expect(ageOn('2026-12-01', today)).toBe(0);
  });
});
