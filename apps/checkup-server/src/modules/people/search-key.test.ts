import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PersonalData } from './personal-data.js';
import { parseSearchKey } from './search-key.js';

const personalData = new PersonalData(randomBytes(32));
const parse = (key: string) => parseSearchKey(key, personalData);

describe('what a search key means', () => {
  it('takes 14 digits for an order number', () => {
    expect(parse('20261201000001')).toEqual({ orderId: '20261201000001' });
  });

  it('takes an ID number of either length to its look-up hash', () => {
    expect(parse('110105491231002')).toEqual({ idCardHash: personalData.idCardLookup('110105491231002') });
    expect(parse('11010519800101069x')).toEqual({ idCardHash: personalData.idCardLookup('11010519800101069X') });
  });

  it('takes a mobile or a landline with its area code, spaces and dashes allowed, to its look-up hash', () => {
    expect(parse('139-1234-5678')).toEqual({ phoneHash: personalData.phoneLookup('13912345678') });
    expect(parse('0571 8888 8888')).toEqual({ phoneHash: personalData.phoneLookup('057188888888') });
  });

  it('takes anything else for a name prefix, digits too', () => {
    expect(parse('张')).toEqual({ namePrefix: '张' });
    expect(parse('12345')).toEqual({ namePrefix: '12345' });
  });
});
